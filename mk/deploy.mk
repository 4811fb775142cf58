# Deployment (issue 7, "systemd and the board"): install, the Debian package, and the checks of the unit,
# the sandbox and the package (docs/operations.md, systemd/README.md).
#
#   make install [PREFIX=/usr/local] [DESTDIR=]   release build (static Swift stdlib), binary, unit, groups, udev
#                                                 rule, board examples, docs, /etc/breeze-station/config.json if
#                                                 none; systemd reload + enable when it is PID 1
#   make uninstall [PREFIX=/usr/local]             the same files removed (configuration and history kept)
#   make deb                                       .build/deb/breeze-station_<version>-1_<arch>.deb (dpkg-deb)
#   make check-unit      systemd-analyze security (exposure ≤ 2.0 and ≤ the recorded score) and verify
#   make check-sandbox   the commands under MemoryDenyWriteExecute (PR_SET_MDWE), the unit's system-call filter
#                        and address families (strace)
#   make check-deb       the package's structure, lintian, and dpkg -i/-r/-P in a throwaway overlay root
#   make check-deploy    all three (run by make test: check-unit and check-sandbox while its background builds
#                        end, check-deb right after them, in their session)
#   make check-clean-install   the package on a clean Debian 12 booting systemd (debootstrap + systemd-nspawn):
#                        apt resolves Depends from the archive, the service starts in its sandbox (not in
#                        make test: network, ~3 min the first time)

# systemd: systemd-analyze (and the unit targets verify resolves); strace: the sandbox check; gcc: mdwe-exec;
# python3, curl: the sandbox check's workloads; dpkg-dev: dpkg-shlibdeps; lintian: the package lint;
# binutils: strip.
TEST_PACKAGES += systemd strace gcc libc6-dev python3 curl dpkg-dev lintian binutils util-linux
WAITING_TESTS += check-unit
TEST_BUILDS += release-station
# check-sandbox mostly waits (the station's start in the sandbox, strace): while the builds end (it waits for the
# release build's lock); check-deb (lintian, dpkg) keeps a core busy: right after the builds, in their session.
WAITING_TESTS += check-sandbox
BUILD_CHECKS += check-deb

PREFIX ?= /usr/local
DESTDIR ?=
# The exposure systemd-analyze gave the unit when it was written; a higher score fails check-unit.
UNIT_EXPOSURE := 1.5
# The shipped build in a build directory of its own: make test builds it in the background while the debug
# build directory is busy with the tests (SwiftPM locks a build directory for a whole build or test run).
DEPLOY_SCRATCH := .build/deploy
RELEASE_BIN := $(DEPLOY_SCRATCH)/release/breeze-station
MDWE_EXEC := .build/tools/mdwe-exec
DEB_DIR := .build/deb

.PHONY: deploy-deps install uninstall deb release-station check-unit check-sandbox check-deb check-deploy check-clean-install

# What building the release and the package needs, without the test packages (no browser or VM on a Pi).
deploy-deps:
	@sh scripts/install-debian-packages.sh $(BUILD_PACKAGES) dpkg-dev binutils

# Only the station's product: the benchmarks need not be built to install it.
release-station: deploy-deps
	$(SWIFT) build -c release --static-swift-stdlib --product breeze-station --scratch-path $(DEPLOY_SCRATCH) \
		$(RELEASE_LINK_FLAGS) $(SWIFT_BUILD_FLAGS)

install: release-station
	sh scripts/install.sh --binary $(RELEASE_BIN) --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --layout local

uninstall:
	sh scripts/uninstall.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

deb: release-station
	@sh scripts/build-deb.sh $(RELEASE_BIN) $(DEB_DIR)

$(MDWE_EXEC): scripts/mdwe-exec.c
	@mkdir -p $(dir $@)
	gcc -O2 -Wall -Wextra -o $@ scripts/mdwe-exec.c

check-unit: deps
	$(SWIFT) build --product breeze-station $(SWIFT_BUILD_FLAGS)
	@sh scripts/check-unit.sh $(BIN) $(UNIT_EXPOSURE)

# The release binary is the one that ships (static Swift standard library, optimised).
check-sandbox: deps release-station $(MDWE_EXEC)
	@python3 scripts/check-sandbox.py $(RELEASE_BIN) $(MDWE_EXEC) systemd/breeze-station.service

check-deb: deps deb
	@sh scripts/check-deb.sh $$(ls -t $(DEB_DIR)/breeze-station_*.deb | head -n 1)

check-deploy: check-unit check-sandbox check-deb

check-clean-install: deb
	@sh scripts/install-debian-packages.sh debootstrap systemd-container
	@sh scripts/check-clean-install.sh $$(ls -t $(DEB_DIR)/breeze-station_*.deb | head -n 1)

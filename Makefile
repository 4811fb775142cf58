# Breeze Station: build, test and run on Debian 12 / Raspberry Pi OS.
#
#   make demo       run the station on an emulated sensor (no hardware needed)
#   make test       install what the build and tests need, build, run every test (README: how long, and why)
#   make test-fast  the Swift tests only (debug build, swift test): the inner loop
#
# `make deps` installs only the Debian packages that are missing (apt-get update first, sudo when not root).

SHELL := /bin/sh
SWIFT := $(shell sh scripts/find-swift.sh)
SWIFT_BUILD_FLAGS ?=
BIN := .build/debug/breeze-station
# The station's release link (make install, make deb, make release, make bench-station): lld with the functions
# the idle station runs placed first (scripts/hot-symbols.txt, from scripts/hot-symbols.sh), so its resident code
# is a few packed pages, not pages all over the binary (docs/performance.md). Names the binary no longer has are
# ignored. SwiftPM does not track the file: after regenerating it, delete the binary to relink.
RELEASE_LINK_FLAGS := -Xswiftc -use-ld=lld -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/hot-symbols.txt \
	-Xlinker --no-warn-symbol-ordering

# Debian packages the build needs (C libraries wrapped as system-library targets, pkg-config).
BUILD_PACKAGES := pkg-config
# Debian packages only the tests need (real peers: brokers, servers, tools).
TEST_PACKAGES :=
# Make targets `make test` runs in the foreground after the Swift tests, one after the other: tests that judge
# time (the VM's scenarios under TCG).
EXTRA_TESTS :=
# Make targets `make bench` runs after breeze-bench (benchmarks against real peers).
EXTRA_BENCHES :=
# Make targets that only fetch what later tests need (packages, tools, sources): `make test` runs them in the
# background while the first build and the Swift tests run, since they wait on the network, not the CPU.
TEST_DOWNLOADS :=
# Make targets that only build what BUILD_CHECKS and LATE_TESTS check (the release binary, the libgpiod v2 build),
# each in a build directory of its own (SwiftPM locks a build directory for a whole build or test run): `make
# test` builds them in the background after the Swift tests, at the idle scheduling class, beside the
# SIDE_BY_SIDE_TESTS (scripts/test-steps.sh).
TEST_BUILDS :=
# Make targets `make test` runs at the same time as each other once the Swift tests are done, each in a session
# of its own: tests that judge no time closely (a rig's own checks, a station running at real speed for minutes).
SIDE_BY_SIDE_TESTS :=
# Make targets `make test` runs one after the other, in a session of their own, while its background builds end
# (before EXTRA_TESTS): checks that judge no time and take little CPU (the unit, the sandbox, promtool).
WAITING_TESTS :=
# Make targets `make test` runs last, once TEST_BUILDS are done. Each builds what it checks again (a no-op then;
# after a background build that failed, the same build in the foreground, failing with its errors).
LATE_TESTS :=
# Make targets that check what TEST_BUILDS built and judge no time (the package): `make test` runs them one after
# the other in the builds' session, at the idle scheduling class, once the builds are done.
BUILD_CHECKS :=
# One step of make test, timed ("make test: STEP took N s (CPU M s)").
TIMED := sh scripts/timed-step.sh

# Each area adds its packages, extra tests and targets in its own file.
include $(sort $(wildcard mk/*.mk))

.PHONY: all deps build test test-steps test-fast test-downloads test-each demo bench release clean

all: build

deps:
	@sh scripts/install-debian-packages.sh $(BUILD_PACKAGES) $(TEST_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

# The real-peer suites (mosquitto...) fail rather than skip when their peer is missing under make test.
test: export BREEZE_REQUIRE_BROKER := 1
test:
	@$(TIMED) "everything" $(MAKE) --no-print-directory test-steps

# The debug build has built the station before any rig runs: the rigs beside SwiftPM's test runs must not wait
# for the build directory's lock (mk/hil.mk).
test-steps: export HIL_STATION_BUILD := true

# The steps, each timed, in scripts/test-steps.sh: what runs in the foreground, what beside it, and why.
test-steps:
	@MAKE="$(MAKE)" SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" TEST_DOWNLOADS="$(TEST_DOWNLOADS)" \
		TEST_BUILDS="$(TEST_BUILDS)" SIDE_BY_SIDE_TESTS="$(SIDE_BY_SIDE_TESTS)" EXTRA_TESTS="$(EXTRA_TESTS)" \
		WAITING_TESTS="$(WAITING_TESTS)" LATE_TESTS="$(LATE_TESTS)" BUILD_CHECKS="$(BUILD_CHECKS)" \
		sh scripts/test-steps.sh

test-downloads: $(TEST_DOWNLOADS)

# TARGETS, each timed, one after the other; the first that fails ends them.
test-each:
	@for target in $(TARGETS); do $(TIMED) $$target $(MAKE) --no-print-directory $$target || exit 1; done

test-fast: deps
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_BUILD_FLAGS)

demo: build
	@sh scripts/demo.sh $(BIN)

bench: deps
	$(SWIFT) build -c release --product breeze-bench $(SWIFT_BUILD_FLAGS)
	.build/release/breeze-bench
	@for target in $(EXTRA_BENCHES); do $(MAKE) --no-print-directory $$target || exit 1; done

release: deps
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK_FLAGS) $(SWIFT_BUILD_FLAGS)

clean:
	rm -rf .build

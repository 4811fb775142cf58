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
# Make targets `make test` runs after the Swift tests (checks against real tools, other build legs, rigs).
EXTRA_TESTS :=
# Make targets `make bench` runs after breeze-bench (benchmarks against real peers).
EXTRA_BENCHES :=
# Make targets that only fetch what later tests need (packages, tools, sources): `make test` runs them in the
# background while the first build and the Swift tests run, since they wait on the network, not the CPU.
TEST_DOWNLOADS :=
# Make targets that only build what LATE_TESTS check (the release binary, the libgpiod v2 build), each in a
# build directory of its own (SwiftPM locks a build directory for a whole build or test run): `make test` starts
# them in the background once the Swift tests are done, one compile job at a time (TEST_BUILDS_JOBS), so they
# use what the VM and the other EXTRA_TESTS leave idle and at most one core of what those want. (Not `nice`:
# SwiftPM starts its compiler processes at the normal priority whatever niceness it was started with.)
TEST_BUILDS :=
# Make targets `make test` runs while TEST_BUILDS build (TEST_BUILDS_BESIDE=0), in a session of their own, output
# in .build/beside-builds.log and printed once they end: tests that mostly wait (a station running at real speed),
# so the compiler costs them nothing. With TEST_BUILDS_BESIDE=1 they run first among EXTRA_TESTS instead.
BESIDE_BUILDS_TESTS :=
# Make targets `make test` runs last, once TEST_BUILDS are done. Each builds what it checks again (a no-op then;
# after a background build that failed, the same build in the foreground, failing with its errors).
LATE_TESTS :=
# Parallel compile jobs of the background builds (swift build -j).
TEST_BUILDS_JOBS ?= 1
# 1: TEST_BUILDS run in the background beside EXTRA_TESTS (about 1.5 min sooner on 2 cores, but the compiler then
# takes CPU from the VM, whose scenarios judge time under TCG); 0 (the default, what CI runs): before them.
TEST_BUILDS_BESIDE ?= 0
# One step of make test, timed ("make test: STEP took N s (CPU M s)").
TIMED := sh scripts/timed-step.sh

# Each area adds its packages, extra tests and targets in its own file.
include $(sort $(wildcard mk/*.mk))

.PHONY: all deps build test test-steps test-fast test-downloads test-builds test-beside-builds demo bench release clean

all: build

deps:
	@sh scripts/install-debian-packages.sh $(BUILD_PACKAGES) $(TEST_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

# The real-peer suites (mosquitto...) fail rather than skip when their peer is missing under make test.
test: export BREEZE_REQUIRE_BROKER := 1
test:
	@$(TIMED) "everything" $(MAKE) --no-print-directory test-steps

# The steps, each timed: deps; the debug build (the downloads beside it); the Swift tests (alone: their suites
# run in parallel and some judge time); EXTRA_TESTS with the background builds (TEST_BUILDS) beside them; then
# LATE_TESTS. A download that failed in the background is tried again, in the foreground, by the step that needs
# it, which then fails naming what is missing. The background builds run in a session of their own, which ends
# with make test when a step fails or make test is interrupted.
test-steps:
	@$(TIMED) deps $(MAKE) --no-print-directory deps
	@mkdir -p .build && echo "make test: fetching in the background: $(TEST_DOWNLOADS) (log: .build/test-downloads.log)"
	@$(MAKE) --no-print-directory -k test-downloads > .build/test-downloads.log 2>&1 & downloads=$$!; \
		builds="" beside=""; extra="$(EXTRA_TESTS)"; \
		trap '[ -z "$$builds" ] || kill -TERM -$$builds 2>/dev/null; [ -z "$$beside" ] || kill -TERM -$$beside 2>/dev/null' EXIT; \
		trap 'exit 130' INT TERM; \
		$(TIMED) "debug build" $(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS); status=$$?; \
		wait $$downloads || echo "make test: a background download failed (.build/test-downloads.log); retrying it later"; \
		[ $$status = 0 ] || exit $$status; \
		$(TIMED) "swift test" sh scripts/swift-test-rerun-failed.sh $(SWIFT) $(SWIFT_BUILD_FLAGS) || exit 1; \
		if [ "$(TEST_BUILDS_BESIDE)" = 1 ]; then \
			echo "make test: building in the background (-j $(TEST_BUILDS_JOBS)): $(TEST_BUILDS) (log: .build/test-builds.log)"; \
			setsid $(MAKE) --no-print-directory -k test-builds SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS) -j $(TEST_BUILDS_JOBS)" \
				> .build/test-builds.log 2>&1 & \
			builds=$$!; extra="$(BESIDE_BUILDS_TESTS) $$extra"; \
		else \
			echo "make test: building $(TEST_BUILDS) before the rigs (TEST_BUILDS_BESIDE=1: beside them); meanwhile $(BESIDE_BUILDS_TESTS) (log: .build/beside-builds.log)"; \
			setsid $(MAKE) --no-print-directory test-beside-builds > .build/beside-builds.log 2>&1 & beside=$$!; \
			$(MAKE) --no-print-directory -k test-builds > .build/test-builds.log 2>&1 \
				|| echo "make test: a build failed (.build/test-builds.log); the step that needs it builds again"; \
			wait $$beside; beside_status=$$?; beside=""; cat .build/beside-builds.log; \
			[ $$beside_status = 0 ] || { echo "make test: $(BESIDE_BUILDS_TESTS) failed (above; log: .build/beside-builds.log)"; exit 1; }; \
		fi; \
		for target in $$extra; do $(TIMED) $$target $(MAKE) --no-print-directory $$target || exit 1; done; \
		if [ -n "$$builds" ]; then echo "make test: waiting for the background builds"; \
			wait $$builds || echo "make test: a background build failed (.build/test-builds.log); the step that needs it builds again"; fi; \
		builds=""; grep '^make test: ' .build/test-builds.log | sed 's/^make test: /make test: (background) /'; \
		for target in $(LATE_TESTS); do $(TIMED) $$target $(MAKE) --no-print-directory $$target || exit 1; done

test-downloads: $(TEST_DOWNLOADS)

# make test's BESIDE_BUILDS_TESTS, each timed, one after the other; the first that fails ends them.
test-beside-builds:
	@for target in $(BESIDE_BUILDS_TESTS); do $(TIMED) $$target $(MAKE) --no-print-directory $$target || exit 1; done

# Each background build timed in .build/test-builds.log (make test prints those lines when it has waited for them).
test-builds:
	@status=0; for target in $(TEST_BUILDS); do $(TIMED) $$target $(MAKE) --no-print-directory $$target || status=1; done; \
		exit $$status

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

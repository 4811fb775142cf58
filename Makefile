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

# Each area adds its packages, extra tests and targets in its own file.
include $(sort $(wildcard mk/*.mk))

.PHONY: all deps build test test-fast test-downloads demo bench release clean

all: build

deps:
	@sh scripts/install-debian-packages.sh $(BUILD_PACKAGES) $(TEST_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

# The real-peer suites (mosquitto...) fail rather than skip when their peer is missing under make test.
test: export BREEZE_REQUIRE_BROKER := 1
# The downloads run beside the build; a download that failed there is tried again, in the foreground, by the
# step that needs it, which then fails naming what is missing.
test: deps
	@mkdir -p .build && echo "make test: fetching in the background: $(TEST_DOWNLOADS) (log: .build/test-downloads.log)"
	@$(MAKE) --no-print-directory -k test-downloads > .build/test-downloads.log 2>&1 & downloads=$$!; \
		$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS) && $(SWIFT) test --skip-build $(SWIFT_BUILD_FLAGS); \
		status=$$?; \
		wait $$downloads || echo "make test: a background download failed (.build/test-downloads.log); retrying it later"; \
		exit $$status
	@for target in $(EXTRA_TESTS); do $(MAKE) --no-print-directory $$target || exit 1; done

test-downloads: $(TEST_DOWNLOADS)

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
	$(SWIFT) build -c release --static-swift-stdlib $(SWIFT_BUILD_FLAGS)

clean:
	rm -rf .build

# Breeze Station: build, test and run on Debian 12 / Raspberry Pi OS.
#
#   make demo    run the station on an emulated sensor (no hardware needed)
#   make test    install what the build and tests need, build, run every test
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

# Each area adds its packages, extra tests and targets in its own file.
include $(sort $(wildcard mk/*.mk))

.PHONY: all deps build test demo bench release clean

all: build

deps:
	@sh scripts/install-debian-packages.sh $(BUILD_PACKAGES) $(TEST_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

# The real-peer suites (mosquitto...) fail rather than skip when their peer is missing under make test.
test: export BREEZE_REQUIRE_BROKER := 1
test: deps
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_BUILD_FLAGS)
	@for target in $(EXTRA_TESTS); do $(MAKE) --no-print-directory $$target || exit 1; done

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

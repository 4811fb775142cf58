# LEDs and GPIO (issue 4): libgpiod, the libgpiod v2 build leg, the PWM benchmark.
#
#   make check-gpiod-v2   build libgpiod 2.x from PyPI's gpiod sdist into .build/gpiod-v2/prefix, build the
#                         project against it and run the GPIO and LED tests (none needs a kernel chip)
#   make bench-leds       CPU cost of software PWM (also run by `make bench`)

BUILD_PACKAGES += libgpiod-dev
# gpiod: gpiodetect/gpioinfo/gpioset for checking wiring by hand; python3-pip: `pip download` for the v2 leg.
TEST_PACKAGES += gpiod python3-pip
# make test: the v2 build in the background at the idle scheduling class (TEST_BUILDS); the tests against it at
# the end.
TEST_BUILDS += gpiod-v2-build
LATE_TESTS += check-gpiod-v2

# The PyPI release whose sdist carries libgpiod 2.x's C sources (gpiod 2.5.0 carries libgpiod 2.3).
GPIOD_V2_PYPI_VERSION ?= 2.5.0
GPIOD_V2_DIR := $(CURDIR)/.build/gpiod-v2
GPIOD_V2_PREFIX := $(GPIOD_V2_DIR)/prefix
GPIOD_V2_SDIST := $(GPIOD_V2_DIR)/download/gpiod-$(GPIOD_V2_PYPI_VERSION).tar.gz
TEST_DOWNLOADS += $(GPIOD_V2_SDIST)
GPIOD_V2_LIBRARY := $(GPIOD_V2_PREFIX)/lib/libgpiod-v2.so
# A build directory of its own, so the v1 build in .build/debug stays untouched and both stay incremental.
# The v2 library is called libgpiod-v2 (see scripts/build-libgpiod-v2.sh) and linked through its .pc file, so
# Debian's v1 library can never be picked up instead.
GPIOD_V2_SCRATCH := $(GPIOD_V2_DIR)/swift
GPIOD_V2_FLAGS := --scratch-path $(GPIOD_V2_SCRATCH) -Xcc -I$(GPIOD_V2_PREFIX)/include \
	-Xlinker -L$(GPIOD_V2_PREFIX)/lib -Xlinker -rpath -Xlinker $(GPIOD_V2_PREFIX)/lib
# Only the suites the leg runs are built there (Package.swift reads BREEZE_TEST_TARGETS).
GPIOD_V2_ENV := PKG_CONFIG_PATH=$(GPIOD_V2_PREFIX)/lib/pkgconfig BREEZE_TEST_TARGETS=GPIOTests,LEDsTests

.PHONY: gpiod-v2-build check-gpiod-v2 bench-leds

$(GPIOD_V2_SDIST):
	@mkdir -p $(dir $@)
	python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
		--dest $(dir $@) gpiod==$(GPIOD_V2_PYPI_VERSION)
	@test -f $@ || { echo "error: pip did not produce $@" >&2; exit 1; }

$(GPIOD_V2_LIBRARY): $(GPIOD_V2_SDIST) scripts/build-libgpiod-v2.sh
	sh scripts/build-libgpiod-v2.sh $(GPIOD_V2_SDIST) $(GPIOD_V2_PREFIX)

# The library and the build against it (breeze-station, which make hil's v2 leg runs, and the two suites).
gpiod-v2-build: $(GPIOD_V2_LIBRARY)
	$(GPIOD_V2_ENV) $(SWIFT) build --build-tests $(GPIOD_V2_FLAGS) $(SWIFT_BUILD_FLAGS)

check-gpiod-v2: gpiod-v2-build
	$(GPIOD_V2_ENV) BREEZE_EXPECT_LIBGPIOD_API=2 $(SWIFT) test --skip-build $(GPIOD_V2_FLAGS) $(SWIFT_BUILD_FLAGS) \
		--filter '^(GPIOTests|LEDsTests)\.'

bench: bench-leds

bench-leds: deps
	$(SWIFT) build -c release --product leds-bench $(SWIFT_BUILD_FLAGS)
	.build/release/leds-bench

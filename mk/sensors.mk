# Particulate sensors: codecs, drivers, emulators, serial and I²C transports (docs/sensors.md).

# libi2c: SMBus transfers for I²C sensors (the CI2C system-library target).
BUILD_PACKAGES += libi2c-dev

# Fuzz targets, one per decoder family (Fuzz/<Family>/main.swift; mk/openmeteo.mk adds Open-Meteo's). Not part
# of `make test`: 60 s each.
# Built in their own scratch directory, optimised (bounds and overflow checks stay on) with libFuzzer and ASan;
# BREEZE_FUZZ=1 adds them to the manifest.
FUZZ_TARGETS += plantower sds011 honeywell sensirion pm1006 climate
FUZZ_SECONDS ?= 60
FUZZ_SCRATCH := .build/fuzz

.PHONY: fuzz fuzz-build

fuzz-build: deps
	@for target in $(FUZZ_TARGETS); do \
		BREEZE_FUZZ=1 $(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) --sanitize=fuzzer --sanitize=address \
			--product fuzz-$$target $(SWIFT_BUILD_FLAGS) || exit 1; \
	done

fuzz: fuzz-build
	@sh scripts/run-fuzzers.sh "$(FUZZ_SCRATCH)/release" "$(FUZZ_SCRATCH)/runs" "$(FUZZ_SECONDS)" $(FUZZ_TARGETS)

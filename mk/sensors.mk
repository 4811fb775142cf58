# Particulate sensors: codecs, drivers, emulators, serial and I²C transports (docs/sensors.md).

# libi2c: SMBus transfers for I²C sensors (the CI2C system-library target).
BUILD_PACKAGES += libi2c-dev

# Fuzz targets, one per decoder family (Fuzz/<Family>/main.swift). Not part of `make test`: 60 s each.
FUZZ_TARGETS := plantower sds011 honeywell sensirion
FUZZ_SECONDS ?= 60
FUZZ_SCRATCH := .build/fuzz
FUZZ_WORK := $(FUZZ_SCRATCH)/runs

.PHONY: fuzz fuzz-build

fuzz-build: deps
	BREEZE_FUZZ=1 $(SWIFT) build --scratch-path $(FUZZ_SCRATCH) --sanitize=fuzzer --sanitize=address \
		$(foreach t,$(FUZZ_TARGETS),--product fuzz-$(t)) $(SWIFT_BUILD_FLAGS)

# Each target runs FUZZ_SECONDS from a seed corpus of real frames (Fuzz/Corpus/<family>); crashes land in
# $(FUZZ_WORK)/<family>/ and fail the run. A summary line per target gives the input count.
fuzz: fuzz-build
	@sh scripts/run-fuzzers.sh "$(FUZZ_SCRATCH)/debug" "$(FUZZ_WORK)" "$(FUZZ_SECONDS)" $(FUZZ_TARGETS)

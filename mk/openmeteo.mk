# Open-Meteo: the HTTP client on libcurl (CCurl system-library target).
BUILD_PACKAGES += libcurl4-openssl-dev
# The HTTP client's tests compress bodies with /bin/gzip (Debian essential, listed for minimal images).
TEST_PACKAGES += gzip

# `make fuzz` (mk/sensors.mk): Open-Meteo answers through parsing and every renderer (Fuzz/OpenMeteo).
FUZZ_TARGETS += openmeteo

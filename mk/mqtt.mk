# MQTT publishing with Home Assistant discovery (issue 9): libmosquitto, and a real broker for the tests.
#
# The tests start their own mosquitto on a free loopback port (never 1883) with a temporary configuration,
# and check it with mosquitto_sub / mosquitto_pub; a system broker the package may have started is left
# alone. openssl makes the throwaway CA and server certificate of the mqtts:// test.
BUILD_PACKAGES += libmosquitto-dev
TEST_PACKAGES += mosquitto mosquitto-clients openssl

# The MQTT metric families through promtool (built by the HTTP area's `make promtool`), no finding allowed.
EXTRA_TESTS += mqtt-promtool-check

.PHONY: mqtt-promtool-check

mqtt-promtool-check: $(PROMTOOL)
	BREEZE_PROMTOOL=$(CURDIR)/$(PROMTOOL) $(SWIFT) test --skip-build $(SWIFT_BUILD_FLAGS) --filter MetricsLintTests

# MQTT publishing with Home Assistant discovery (issue 9): libmosquitto, and a real broker for the tests.
#
#   make mqtt-broker-tests   the real-broker tests (in-process publisher and `breeze-station mqtt-publish`)
#
# The tests start their own mosquitto on a free loopback port (never 1883) with a temporary configuration,
# and check it with mosquitto_sub / mosquitto_pub; a system broker the package may have started is left
# alone. openssl makes the throwaway CA and server certificate of the mqtts:// test.
BUILD_PACKAGES += libmosquitto-dev
TEST_PACKAGES += mosquitto mosquitto-clients openssl
EXTRA_TESTS += mqtt-broker-tests mqtt-promtool-check

.PHONY: mqtt-broker-tests mqtt-promtool-check

# A pass of their own after the main `swift test` (see MosquittoBroker.testsEnabled): their time bounds are
# not judged while other suites saturate a 2-core machine.
mqtt-broker-tests:
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	BREEZE_MQTT_BROKER_TESTS=1 $(SWIFT) test --skip-build $(SWIFT_BUILD_FLAGS) \
		--filter 'MQTTTests.BrokerTests|MQTTTests.BrokerPortTests|MQTTTests.ConnectionTests|BreezeStationTests.MQTTPublishCommandTests|BreezeStationTests.StationMQTTTests'

# The MQTT metric families through promtool (built by the HTTP area's `make promtool`), no finding allowed.
mqtt-promtool-check: $(PROMTOOL)
	BREEZE_PROMTOOL=$(CURDIR)/$(PROMTOOL) $(SWIFT) test --skip-build $(SWIFT_BUILD_FLAGS) --filter MetricsLintTests

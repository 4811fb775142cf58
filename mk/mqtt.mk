# MQTT publishing with Home Assistant discovery (issue 9): libmosquitto, and a real broker for the tests.
#
# The tests start their own mosquitto on a free loopback port (never 1883) with a temporary configuration,
# and check it with mosquitto_sub / mosquitto_pub; a system broker the package may have started is left
# alone. openssl makes the throwaway CA and server certificate of the mqtts:// test.
BUILD_PACKAGES += libmosquitto-dev
TEST_PACKAGES += mosquitto mosquitto-clients openssl

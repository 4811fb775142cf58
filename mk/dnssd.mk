# DNS-SD announcement through avahi-daemon (issue 16 §3): libavahi-client, and a real avahi-daemon for the test.
#
# The test (BreezeStationTests.DNSSDTests) starts its own dbus-daemon on a private socket (given to every child
# as DBUS_SYSTEM_BUS_ADDRESS) and its own avahi-daemon in a new network and mount namespace (unshare: a private
# loopback with multicast on, a private /run), then finds the station with avahi-browse. A system avahi the
# package may have started is left alone.
BUILD_PACKAGES += libavahi-client-dev
TEST_PACKAGES += avahi-daemon avahi-utils dbus-daemon iproute2 util-linux

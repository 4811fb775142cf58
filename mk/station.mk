# The station daemon: storage, configuration, systemd, packaging.
BUILD_PACKAGES += libsqlite3-dev
TEST_PACKAGES += sqlite3

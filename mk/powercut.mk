# Power cuts on an SD card (issue 19 §2; docs/pipeline.md "Storage", docs/testing.md): the HIL scenario
# station-power-cut runs the station on ext4 over dm-log-writes inside the VM and replays the log to random
# power-cut points on the host. `make hil` (so `make test`) runs it with 50 cuts;
#
#   make crash-test        also runs it with POWER_CUTS (200) cuts over a longer run (POWER_CUT_SECONDS after
#                          the first commit, 235: four commits), printing every cut's loss and the worst
#   make power-cut-test    that alone
#
# e2fsprogs (e2fsck, debugfs, mkfs.ext4) and dmsetup's device-mapper run on the host and, through the host's
# root, in the VM; sqlite3 and curl check each cut's image.
TEST_PACKAGES += e2fsprogs dmsetup sqlite3 curl
POWER_CUTS ?= 200
POWER_CUT_SECONDS ?= 235

.PHONY: power-cut-test
crash-test: power-cut-test

power-cut-test: deps
	$(SWIFT) build --product breeze-station $(SWIFT_BUILD_FLAGS)
	@HIL_POWER_CUTS=$(POWER_CUTS) HIL_POWER_CUT_SECONDS=$(POWER_CUT_SECONDS) board/hil/run.sh -v station-power-cut

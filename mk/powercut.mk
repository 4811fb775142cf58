# Power cuts on an SD card (issue 19 §2; docs/pipeline.md "Storage", docs/testing.md): the HIL scenario
# station-power-cut runs the station on ext4 over dm-log-writes inside the VM and replays the log to random
# power-cut points on the host. `make hil` runs it with 50 cuts;
#
#   make hil-power-cut     that alone (make test runs it so, in a VM of its own beside the rig's checks: two
#                          minutes, nearly all of them the station running at real speed, judged against a bound
#                          of minutes; its first HIL leg then runs without it)
#   make crash-test        also runs it with POWER_CUTS (200) cuts over a longer run (POWER_CUT_SECONDS after
#                          the first commit, 235: four commits), printing every cut's loss and the worst
#   make power-cut-test    that alone
#
# e2fsprogs (e2fsck, debugfs, mkfs.ext4) and dmsetup's device-mapper run on the host and, through the host's
# root, in the VM; sqlite3 and curl check each cut's image.
TEST_PACKAGES += e2fsprogs dmsetup sqlite3 curl
POWER_CUTS ?= 200
POWER_CUT_SECONDS ?= 235

HIL_POWER_CUT_SCENARIO := station-power-cut
SIDE_BY_SIDE_TESTS += hil-power-cut
test-steps: export HIL_V1_EXCEPT := $(HIL_POWER_CUT_SCENARIO)

.PHONY: hil-power-cut power-cut-test
crash-test: power-cut-test

hil-power-cut: deps
	$(HIL_STATION_BUILD)
	@board/hil/run.sh $(HIL_ARGS) $(HIL_POWER_CUT_SCENARIO)

power-cut-test: export HIL_POWER_CUTS := $(POWER_CUTS)
power-cut-test: export HIL_POWER_CUT_SECONDS := $(POWER_CUT_SECONDS)
power-cut-test: HIL_ARGS += -v
power-cut-test: hil-power-cut

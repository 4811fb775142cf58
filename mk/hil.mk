# Hardware-in-the-loop rig (board/hil/, docs/testing.md): a qemu VM with a gpio-sim chip shaped like a
# Raspberry Pi 4's and a 16550 UART wired to the host, running scenarios against the real kernel.
#
#   make hil                   every scenario (PEND for station commands not built yet) and the libgpiod v2 leg,
#                              in one VM (HIL_ARGS=--all-levels: every AQI level in the libgpiod v2 leg too)
#   make hil-gpiod-v1          every scenario against the default build (libgpiod v1) only: make hil's first leg
#   make hil-gpiod-v2          the libgpiod v2 leg alone (the LED scenarios against the libgpiod v2 build)
#   make hil-selftest          the station scenarios against board/hil/selftest/breeze-station (a stand-in)
#   make hil-rig-checks        the rig's own checks, from a copy of the checkout under /tmp: scenarios run from
#                              there, and a VM that dies is one FAIL with its console, never rerun
#   board/hil/run.sh NAME      one scenario by hand (board/hil/run.sh --list shows them)
#
# The kernel, its headers and sources, and busybox are fetched by board/hil/prepare.sh with `apt-get download`
# into hil-work/ (not installed); what the host needs installed is below.
#   qemu-system-x86: the VM (KVM when it runs the rig's kernel, else TCG);  socat: the host end of ttyS1;  gpiod: the libgpiod v1 tools run inside;
#   gcc, make, libc6-dev: the out-of-tree gpio-sim module and the rig's helpers (linux/gpio.h comes with
#   libc6-dev's linux-libc-dev); xz-utils: kernel modules and sources;  procps: pkill -s for clean-up.
TEST_PACKAGES += qemu-system-x86 socat gpiod gcc make libc6-dev xz-utils procps
# make test runs make hil's two legs apart, each in the foreground (their scenarios judge time): the first after
# the Swift tests, the libgpiod v2 leg once the v2 build (mk/leds.mk's gpiod-v2-build, a TEST_BUILDS target) is
# done. The rig's own checks judge no time (they prove where the rig reads its files from and how a dying VM is
# reported), so make test runs them beside the power-cut scenario (SIDE_BY_SIDE_TESTS).
EXTRA_TESTS += hil-gpiod-v1
SIDE_BY_SIDE_TESTS += hil-rig-checks
LATE_TESTS += hil-gpiod-v2
# The VM's kernel, headers, sources and busybox (apt-get download), fetched while make test builds.
TEST_DOWNLOADS += hil-prepare

# The libgpiod v2 leg: the LED scenarios (those with LEGS="gpiod-v2") run a second time, in the same VM, against
# the libgpiod v2 build of breeze-station that check-gpiod-v2 (mk/leds.mk, issue 4) makes: linked to
# .build/gpiod-v2/prefix/lib/libgpiod-v2.so through an rpath, which resolves inside the VM too (the host's root
# is its root). hil-gpiod-v2-build builds only that binary, with the same flags and scratch path (under make
# test, gpiod-v2-build has already built it with the suites, and this is a no-op).
HIL_GPIOD_V2_STATION ?= $(GPIOD_V2_SCRATCH)/debug/breeze-station
# The station's debug build, before a rig runs it (make test sets this to `true`: its debug build has built the
# station, and a rig beside a SwiftPM test run must not wait for the build directory's lock).
HIL_STATION_BUILD ?= $(SWIFT) build --product breeze-station $(SWIFT_BUILD_FLAGS)
# More of run.sh's options, e.g. make hil HIL_ARGS=--all-levels (every AQI level in the v2 leg too) or HIL_ARGS=-v.
HIL_ARGS ?=

.PHONY: hil hil-gpiod-v1 hil-gpiod-v2 hil-gpiod-v2-build hil-prepare hil-rig-checks

hil-prepare:
	@bash board/hil/prepare.sh > /dev/null

hil: deps hil-gpiod-v2-build
	$(SWIFT) build --product breeze-station $(SWIFT_BUILD_FLAGS)
	@board/hil/run.sh --gpiod-v2 "$(HIL_GPIOD_V2_STATION)" $(HIL_ARGS)

# make hil's first leg alone: every scenario against the default (libgpiod v1) build.
# HIL_V1_EXCEPT: scenarios left out (make test: the power-cut scenario, run beside its builds: mk/powercut.mk).
HIL_V1_EXCEPT ?=
hil-gpiod-v1: deps
	$(HIL_STATION_BUILD)
	@board/hil/run.sh $(addprefix --except ,$(HIL_V1_EXCEPT)) $(HIL_ARGS)

hil-gpiod-v2-build: deps
	@$(MAKE) --no-print-directory $(GPIOD_V2_LIBRARY)
	$(GPIOD_V2_ENV) $(SWIFT) build --product breeze-station $(GPIOD_V2_FLAGS) $(SWIFT_BUILD_FLAGS)

# The libgpiod v2 leg alone.
hil-gpiod-v2: deps hil-gpiod-v2-build
	@HIL_STRICT=1 board/hil/run.sh --gpiod-v2-only "$(HIL_GPIOD_V2_STATION)" $(HIL_ARGS)

# The station scenarios against board/hil/selftest/breeze-station, a stand-in that follows their assumed
# contract: checks the scenarios themselves (not run by make test: it takes several minutes).
HIL_SELFTEST_SCENARIOS := leds-bar-levels leds-busy-line leds-rgb-levels leds-sigterm \
	station-sensor-silent station-sigterm station-steady-levels
.PHONY: hil-selftest
hil-selftest: deps
	@board/hil/run.sh --leg selftest --station board/hil/selftest/breeze-station $(HIL_SELFTEST_SCENARIOS)

# The rig's own checks (board/hil/selftest/rig-checks.sh, about a minute): a copy of this checkout under /tmp
# runs gpio-plumbing and leds-busy-line (the guest hides the host's /tmp: the checkout reaches it only through
# the rig's own shares), then a scenario that crashes the VM's kernel must fail once, with the console's panic,
# and the scenario after it pass in a fresh VM.
hil-rig-checks: deps
	$(HIL_STATION_BUILD)
	@board/hil/selftest/rig-checks.sh

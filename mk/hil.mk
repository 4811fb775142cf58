# Hardware-in-the-loop rig (board/hil/, docs/testing.md): a qemu VM with a gpio-sim chip shaped like a
# Raspberry Pi 4's and a 16550 UART wired to the host, running scenarios against the real kernel.
#
#   make hil                   every scenario (PEND for station commands not built yet), then the libgpiod v2 leg
#   make hil-gpiod-v2          the station scenarios against the libgpiod v2 build (fails when it is missing)
#   make hil-selftest          the station scenarios against board/hil/selftest/breeze-station (a stand-in)
#   board/hil/run.sh NAME      one scenario by hand (board/hil/run.sh --list shows them)
#
# The kernel, its headers and sources, and busybox are fetched by board/hil/prepare.sh with `apt-get download`
# into hil-work/ (not installed); what the host needs installed is below.
#   qemu-system-x86: the VM (TCG);  socat: the host end of ttyS1;  gpiod: the libgpiod v1 tools run inside;
#   gcc, make, libc6-dev: the out-of-tree gpio-sim module and the rig's helpers (linux/gpio.h comes with
#   libc6-dev's linux-libc-dev); xz-utils: kernel modules and sources;  procps: pkill -s for clean-up.
TEST_PACKAGES += qemu-system-x86 socat gpiod gcc make libc6-dev xz-utils procps
EXTRA_TESTS += hil

# Where the libgpiod v2 leg's binary is (the check-gpiod-v2 build of issue 4), and the environment it needs
# (e.g. LD_LIBRARY_PATH=<scratch prefix>/lib when libgpiod 2 is a shared library there).
HIL_GPIOD_V2_STATION ?= .build/gpiod-v2/debug/breeze-station
HIL_GPIOD_V2_ENV ?=

.PHONY: hil hil-gpiod-v2

hil: deps
	$(SWIFT) build --product breeze-station $(SWIFT_BUILD_FLAGS)
	@board/hil/run.sh
	@if [ -x "$(HIL_GPIOD_V2_STATION)" ]; then \
		board/hil/run.sh --leg gpiod-v2 --station "$(HIL_GPIOD_V2_STATION)" \
			--station-env "$(HIL_GPIOD_V2_ENV)" --station-scenarios; \
	else \
		echo "PEND  (libgpiod v2 leg)  needs the libgpiod v2 build of breeze-station at" \
			"$(HIL_GPIOD_V2_STATION) (make check-gpiod-v2, issue 4)"; \
	fi

hil-gpiod-v2: deps
	@test -x "$(HIL_GPIOD_V2_STATION)" || { \
		echo "FAIL  (libgpiod v2 leg)  needs the libgpiod v2 build of breeze-station at" \
			"$(HIL_GPIOD_V2_STATION) (make check-gpiod-v2)"; \
		exit 1; }
	@HIL_STRICT=1 board/hil/run.sh --leg gpiod-v2 --station "$(HIL_GPIOD_V2_STATION)" \
		--station-env "$(HIL_GPIOD_V2_ENV)" --station-scenarios

# The station scenarios against board/hil/selftest/breeze-station, a stand-in that follows their assumed
# contract: checks the scenarios themselves (not run by make test: it takes several minutes).
HIL_SELFTEST_SCENARIOS := leds-bar-levels leds-busy-line leds-rgb-levels leds-sigterm \
	station-sensor-silent station-sigterm station-steady-levels
.PHONY: hil-selftest
hil-selftest: deps
	@board/hil/run.sh --leg selftest --station board/hil/selftest/breeze-station $(HIL_SELFTEST_SCENARIOS)

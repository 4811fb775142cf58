# SIGTERM to the running station (what systemd sends on stop): every LED line is set inactive and released,
# and the process exits 0 within the 2 s shutdown budget (issue 7: "LEDs off, database closed, exit 0 within
# 2 s"). Values set are read from the kernel's gpio_value trace events. Before that, the LED must show the
# unhealthy level's colour: with station-steady-levels (good), the second level through the whole chain.
#
# Contract assumed (issues 3, 4, 7): emulate --sensor pms5003 --scenario steady --pm25 90.0 (unhealthy,
# #ff3b30 in the breeze palette) on the host; run --config board/hil/fixtures/station-pms5003-rgb.json inside
# (warm_up_s 4: see station-steady-levels).
DESCRIPTION="run + emulate: SIGTERM → LED lines set inactive and released, exit 0 within 2 s"
NEEDS="run, emulate"
TIMEOUT=120

CONFIG=board/hil/fixtures/station-pms5003-rgb.json
RGB="GPIO17 GPIO27 GPIO22"
GAMMA=2.2
PWM_TOLERANCE=0.08
LIT_WITHIN=45

guest() {
    hil_wait_host emulator-up 60
    hil_station_start run run --config "$HIL_ROOT/$CONFIG"
    hil_wait_until "$LIT_WITHIN" "the LED settles on unhealthy (#ff3b30)" \
        hil_colour_matches ff3b30 $RGB "$GAMMA" "$PWM_TOLERANCE" 1
    hil_trace_start
    started=$(hil_centiseconds)
    hil_station_stop 2
    elapsed=$(( $(hil_centiseconds) - started ))
    hil_trace_stop
    hil_log "exited $((elapsed * 10)) ms after SIGTERM"
    hil_check "exit 0 on SIGTERM, no crash" hil_station_exited_cleanly
    for line in $RGB; do
        hil_expect_eq "last level set on $line before release (inactive)" "$(hil_trace_last_set "$line")" 0
        hil_check "$line released" hil_line_unused "$line"
    done
    hil_check "ttyS1 released (nothing holds it open)" sh -c "! fuser /dev/ttyS1 2> /dev/null"
    hil_signal finished
}

host() {
    hil_emulator_start --sensor pms5003 --scenario steady --pm25 90.0
    hil_uart_attach "$HIL_RUN/sensor"
    hil_signal_guest emulator-up
    hil_wait_guest finished 300
    hil_uart_detach
    hil_emulator_stop
}

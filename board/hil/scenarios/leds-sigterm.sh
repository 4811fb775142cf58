# Shutdown on a real kernel GPIO chip: on SIGTERM `leds show` sets every LED line to its inactive level (0 when
# active-high, 1 when active-low: on a real Pi a released output keeps its last level, so an LED left on stays
# on) and then releases the lines, exiting 0 within the 2 s shutdown budget. The values set are read from the
# kernel's gpio_value trace events, since the simulator puts a released line back to its pull at once.
#
# Contract assumed (issue 4): leds show --config FILE --aqi N; configs station-leds-rgb.json and
# station-leds-rgb-active-low.json (same lines, active_low true).
DESCRIPTION="SIGTERM: LED lines set inactive (active-high and active-low), then released, exit 0 within 2 s"
NEEDS="leds show"
LEGS="gpiod-v2"
TIMEOUT=180

RGB="GPIO17 GPIO27 GPIO22"

guest() {
    for variant in station-leds-rgb.json:0 station-leds-rgb-active-low.json:1; do
        config=${variant%%:*}
        inactive=${variant#*:}
        # Hazardous (#8e0000): red lit, green and blue dark; the trace shows each channel's last level.
        hil_station_start "sigterm-$inactive" leds show --config "$HIL_ROOT/board/hil/fixtures/$config" --aqi 350
        hil_wait_until 15 "$config: breeze-station holds the RGB lines" \
            hil_outputs_held 3 breeze-station $RGB
        sleep 0.3
        hil_trace_start
        started=$(hil_centiseconds)
        hil_station_stop 2
        elapsed=$(( $(hil_centiseconds) - started ))
        hil_trace_stop
        hil_check "$config: exit 0 on SIGTERM, no crash" hil_station_exited_cleanly
        hil_log "$config: exited $((elapsed * 10)) ms after SIGTERM"
        for line in $RGB; do
            hil_expect_eq "$config: last level set on $line before release (inactive)" \
                "$(hil_trace_last_set "$line")" "$inactive"
            hil_check "$config: $line released" hil_line_unused "$line"
        done
        hil_check "$config: the red channel was being driven while tracing" \
            test "$(hil_trace_sets GPIO17)" -ge 1
    done
}

# A line the LEDs need is already taken by another consumer: the station must not crash or hang, and must
# say which line and who holds it (issue 4: "line busy (say which consumer holds it)"). The kernel's side of
# this (EBUSY, the holder's name in the line info) is proven by gpio-busy-line.
#
# Contract assumed (issue 4): leds show --config FILE --aqi N exits non-zero (not by a signal) within a few
# seconds, and its stderr names the line (GPIO27 or offset 27), the consumer (gpioset), and says busy.
DESCRIPTION="an LED line held by another consumer: leds show exits with a clear error naming line and holder"
NEEDS="leds show"
LEGS="gpiod-v2"

CONFIG=board/hil/fixtures/station-leds-rgb.json

guest() {
    gpioset --mode=signal pinctrl-bcm2711 27=1 &
    holder=$!
    hil_wait_until 5 "GPIO27 (green) held by gpioset" hil_line_used GPIO27
    hil_station_start busy leds show --config "$HIL_ROOT/$CONFIG" --aqi 75
    hil_station_wait 10 "with its line busy: it should give up with an error"
    kill -TERM "$holder"
    wait "$holder"
    error=$(cat "$HIL_RESULTS/busy.err")
    hil_log "stderr: $error"
    hil_check "exit status is a failure, not a crash ($HIL_STATION_STATUS)" \
        test "$HIL_STATION_STATUS" -ge 1 -a "$HIL_STATION_STATUS" -lt 128
    hil_check "no crash report" eval '! hil_contains "$error" "Fatal error" "Current stack trace"'
    hil_check "the error says busy" hil_contains "$error" busy Busy BUSY
    hil_check "the error names the line" hil_contains "$error" GPIO27 "line 27" "offset 27"
    hil_check "the error names the holder" hil_contains "$error" gpioset
    hil_check "the station released what it had taken" hil_outputs_held 0 breeze-station
}

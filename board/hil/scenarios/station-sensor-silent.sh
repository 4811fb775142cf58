# The sensor link goes silent (the cable pulled: a UART cannot tell, the bytes just stop). Without a regional
# reference, the LED leaves the local level's steady colour for the stale pattern and stays there; with one,
# it ends on the regional level's pattern, distinct from both, so a glance tells "local", "stale" and
# "regional" apart. The reference is a stand-in for Open-Meteo served inside the VM (busybox httpd on
# 127.0.0.1:8099). Two runs of the station, because the stale phase before the regional one may be short.
#
# Contract assumed (issues 3, 4, 7):
#   host:  breeze-station emulate --sensor pms5003 --scenario steady --pm25 7.0 --link PATH
#   guest: breeze-station run --config station-pms5003-rgb.json (no reference), then
#          --config station-pms5003-rgb-regional.json (station.latitude/longitude, openmeteo.air_quality_url
#          http://127.0.0.1:8099/v1/air-quality, openmeteo.interval_s 60: one fetch at start is what counts);
#          the reply is fixtures/openmeteo-air-quality.json (us_aqi 72: moderate, #ff9500). Both configs:
#          warm_up_s 4, stale_after_s 5, response_timeout_s 1 (see station-steady-levels).
#   Local good (#34c759) → stale within STALE_WITHIN s of silence; → regional within REGIONAL_WITHIN s.
#   docs/leds.md gives the patterns (regional: the level's colour, blue for the last 0.5 s of every 3 s; no
#   trustworthy level: blue only, breathing). This asserts that the three are told apart, that the regional
#   one is the regional level's colour with the blue marker, and that stale is blue only.
DESCRIPTION="run + emulate: sensor silent → stale pattern; with a reference, the regional level's pattern"
NEEDS="run, emulate"
TIMEOUT=240

CONFIG=board/hil/fixtures/station-pms5003-rgb.json
REGIONAL_CONFIG=board/hil/fixtures/station-pms5003-rgb-regional.json
RGB="GPIO17 GPIO27 GPIO22"
GAMMA=2.2
PWM_TOLERANCE=0.08
LOCAL_WITHIN=45
STALE_WITHIN=40
REGIONAL_WITHIN=60

serve_reference() {
    mkdir -p /tmp/www/v1
    sed "s/@NOW@/$(date -u +%Y-%m-%dT%H:00)/" "$HIL_ROOT/board/hil/fixtures/openmeteo-air-quality.json" \
        > /tmp/www/v1/air-quality
    "$HIL_WORK/busybox/bin/busybox" httpd -p 127.0.0.1:8099 -h /tmp/www ||
        hil_fail "the Open-Meteo stand-in did not start"
}

# settled_look SECONDS DESCRIPTION LOOK...: waits for an LED signature that differs from every LOOK given and
# holds for two 3 s windows in a row (a window that straddles a change differs from everything, too); sets
# SETTLED_LOOK. (Variables, not output: hil_fail must end the scenario, not a command substitution.)
settled_look() {
    limit=$1
    what=$2
    shift 2
    waited=0
    previous=""
    while :; do
        look=$(hil_led_signature 3 $RGB)
        distinct=yes
        for other in "$@"; do
            hil_signature_differs "$other" "$look" || distinct=no
        done
        if [ "$distinct" = yes ] && [ -n "$previous" ] && ! hil_signature_differs "$previous" "$look"; then
            SETTLED_LOOK=$look
            return 0
        fi
        [ "$distinct" = yes ] && previous=$look || previous=""
        waited=$((waited + 3))
        [ "$waited" -lt "$limit" ] || hil_fail "no $what within $limit s (last: $(echo $look))"
    done
}

# local_then_silence RUN CONFIG: starts the station, waits for the local level, cuts the sensor link; sets
# LOCAL_LOOK.
local_then_silence() {
    hil_station_start "$1" run --config "$HIL_ROOT/$2"
    hil_wait_until "$LOCAL_WITHIN" "$1: the local level (good) shows" \
        hil_colour_matches 34c759 $RGB "$GAMMA" "$PWM_TOLERANCE" 1
    LOCAL_LOOK=$(hil_led_signature 3 $RGB)
    hil_log "$1: local: $(echo $LOCAL_LOOK)"
    hil_check "$1: the local level is a steady colour" hil_signature_steady "$LOCAL_LOOK"
    hil_signal "$1-silence"
    hil_wait_host "$1-silent" 30
}

guest() {
    serve_reference
    hil_wait_host emulator-up 60

    local_then_silence stale "$CONFIG"
    settled_look "$STALE_WITHIN" "stale pattern, distinct from the local level" "$LOCAL_LOOK"
    stale_look=$SETTLED_LOOK
    hil_log "stale: $(echo $stale_look)"
    # No trustworthy level: blue only (red and green dark throughout).
    set -- $RGB
    for channel in "$1:0" "$2:0" "$3:1"; do
        peak=$(printf '%s\n' "$stale_look" | grep "^${channel%%:*} " | tr ' ' '\n' | sed -n 's/^peak=//p')
        hil_check "stale: ${channel%%:*} peak $peak ≈ ${channel#*:}" hil_near "$peak" "${channel#*:}" 0.12
    done
    hil_station_stop 2
    hil_check "exit 0 on SIGTERM, no crash" hil_station_exited_cleanly
    hil_signal reattach
    hil_wait_host reattached 30

    local_then_silence regional "$REGIONAL_CONFIG"
    settled_look "$REGIONAL_WITHIN" "regional pattern, distinct from stale and local" "$LOCAL_LOOK" "$stale_look"
    regional_look=$SETTLED_LOOK
    hil_log "regional: $(echo $regional_look)"
    # docs/leds.md: the regional level's colour (#ff9500: red and green at their peaks, blue dark), and a blue
    # marker for the last 0.5 s of every 3 s (blue at full, a sixth of the time).
    set -- $RGB
    for channel in "$1:ff" "$2:95"; do
        peak=$(printf '%s\n' "$regional_look" | grep "^${channel%%:*} " | tr ' ' '\n' | sed -n 's/^peak=//p')
        hil_check "regional colour on ${channel%%:*}: peak $peak ≈ $(hil_expected_duty "${channel#*:}" "$GAMMA")" \
            hil_near "$peak" "$(hil_expected_duty "${channel#*:}" "$GAMMA")" 0.12
    done
    marker=$(printf '%s\n' "$regional_look" | grep "^$3 ")
    field() { printf '%s\n' "$marker" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
    # The marker's brightness from its brightest windows (top: the 97th percentile), not the 90th: the marker is
    # only 4-5 of the 30 windows, and one of them dimmed by a descheduled PWM thread under TCG took the 90th
    # percentile into a window the marker only half covers (peak 0.84).
    hil_check "blue marker on $3: top $(field top) ≈ 1" hil_near "$(field top)" 1 0.12
    hil_check "blue marker on $3: dark in the colour phase (low $(field low))" hil_near "$(field low)" 0 0.05
    hil_check "blue marker on $3: 0.5 s of every 3 s (mean $(field mean) ≈ 0.17)" hil_near "$(field mean)" 0.167 0.08
    hil_station_stop 2
    hil_check "exit 0 on SIGTERM, no crash" hil_station_exited_cleanly
}

host() {
    hil_emulator_start --sensor pms5003 --scenario steady --pm25 7.0
    hil_uart_attach "$HIL_RUN/sensor"
    hil_signal_guest emulator-up
    hil_wait_guest stale-silence 300
    hil_uart_detach
    hil_signal_guest stale-silent
    hil_wait_guest reattach 300
    hil_uart_attach "$HIL_RUN/sensor"
    hil_signal_guest reattached
    hil_wait_guest regional-silence 300
    hil_uart_detach
    hil_signal_guest regional-silent
    hil_emulator_stop
}

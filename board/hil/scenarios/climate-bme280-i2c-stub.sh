# A BME280 on a real i2c-dev bus: the kernel's i2c-stub (an SMBus-only adapter holding a register file) is
# loaded at the BME280's address with a BME280's registers (board/hil/fixtures/bme280-registers.txt: the
# emulator's calibration and one conversion of 21.5 °C, 55 % RH, 100900 Pa; HILFixtureTests checks they
# compensate to that). `probe --i2c N` names it, and `run` with a `climate` section reads it through
# I2CBusDevice's SMBus path (i2c-stub has no plain I²C) and reports it in /api/v1/current and /metrics.
# Register-addressed chips only: the SHT sensors (command, wait, read) stay on the emulators.
DESCRIPTION="i2c-stub as a BME280: probe --i2c names it; run reports 21.5 °C, 55 % RH, 1009 hPa from it"
NEEDS="probe, run"
GPIO_BANK=none
TIMEOUT=180

ADDRESS=0x76
PORT=8093

# The chroot is the host's root, which need not have kmod, i2c-tools or wget: busybox's (hil-work) has them.
bb() {
    "$HIL_WORK/busybox/bin/busybox" "$@"
}

guest() {
    local modules="$HIL_WORK/kmod/$(uname -r)" bus="" adapter register value output current metrics
    bb insmod "$modules/i2c-dev.ko" || hil_fail "insmod i2c-dev.ko failed"
    bb insmod "$modules/i2c-stub.ko" chip_addr="$ADDRESS" || hil_fail "insmod i2c-stub.ko chip_addr=$ADDRESS failed"
    for adapter in /sys/bus/i2c/devices/i2c-*; do
        if grep -q "SMBus stub" "$adapter/name" 2> /dev/null; then bus=${adapter##*/i2c-}; fi
    done
    [ -n "$bus" ] || hil_fail "no SMBus stub adapter under /sys/bus/i2c/devices:" \
        "$(cat /sys/bus/i2c/devices/*/name 2> /dev/null)"
    hil_check "/dev/i2c-$bus exists" test -c "/dev/i2c-$bus"
    while read -r register value; do
        case "$register" in '#'* | '') continue ;; esac
        bb i2cset -y "$bus" "$ADDRESS" "$register" "$value" b || hil_fail "i2cset $register $value failed"
    done < "$HIL_ROOT/board/hil/fixtures/bme280-registers.txt"
    hil_expect_eq "the stub answers with the BME280 chip id at 0xD0" "$(bb i2cget -y "$bus" "$ADDRESS" 0xd0 b)" 0x60

    output=$(hil_station probe --i2c "$bus" 2>&1)
    hil_log "probe: $output"
    hil_check "probe --i2c $bus names the BME280 at $ADDRESS" hil_contains "$output" '"sensor":"bme280"'

    printf '%s\n' "{\"station\": {\"name\": \"HIL climate\"}, \"openmeteo\": {\"enabled\": false},
        \"climate\": {\"model\": \"bme280\", \"i2c\": {\"bus\": $bus, \"address\": \"$ADDRESS\"}, \"interval_s\": 2},
        \"http\": {\"listen\": \"127.0.0.1:$PORT\", \"announce\": false},
        \"storage\": {\"path\": \"$HIL_RESULTS/history.db\"}}" > "$HIL_RESULTS/climate.json"
    hil_station_start run run --config "$HIL_RESULTS/climate.json"
    hil_wait_until 60 "the station reports the climate sensor" climate_reported
    current=$(bb wget -qO- "http://127.0.0.1:$PORT/api/v1/current")
    hil_log "climate: $(printf '%s' "$current" | sed -n 's/.*"climate":\({[^}]*}\).*/\1/p')"
    hil_check "temperature 21.5 °C (± 0.05)" within "$current" temperature_c 21.45 21.55
    hil_check "humidity 55 % (± 0.1)" within "$current" humidity_pct 54.9 55.1
    hil_check "pressure 1009 hPa (± 0.05)" within "$current" pressure_hpa 1008.95 1009.05
    metrics=$(bb wget -qO- "http://127.0.0.1:$PORT/metrics")
    hil_check "breeze_climate_pressure_pascals from the BME280" hil_contains "$metrics" \
        'breeze_climate_pressure_pascals{source="climate",model="bme280"} 1009' \
        'breeze_climate_pressure_pascals{source="climate",model="bme280"} 1008'
    hil_station_stop 5
    hil_check "exit 0 on SIGTERM, no crash" hil_station_exited_cleanly
    bb rmmod i2c-stub 2> /dev/null
}

# within JSON KEY LOW HIGH: the number at "KEY": in JSON lies in [LOW, HIGH].
within() {
    local number
    number=$(printf '%s' "$1" | sed -n "s/.*\"$2\":\(-\{0,1\}[0-9.]*\).*/\1/p")
    [ -n "$number" ] && awk -v x="$number" -v lo="$3" -v hi="$4" 'BEGIN { exit !(x >= lo && x <= hi) }'
}

climate_reported() {
    bb wget -qO- "http://127.0.0.1:$PORT/api/v1/current" 2> /dev/null | grep -q '"source":"climate"'
}

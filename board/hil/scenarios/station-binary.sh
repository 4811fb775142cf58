# The binary under test runs inside the VM: the worktree's breeze-station (Swift runtime and Debian libraries
# loaded from the host's root over 9p, on qemu's baseline x86-64 CPU) starts, computes an AQI and answers as on
# the host. Every station scenario depends on this; it also measures what a start costs in the VM, since the
# LED and station scenarios start the binary once per step.
DESCRIPTION="the breeze-station binary runs inside the VM (aqi pm2_5 9.1 → 51); start-up time logged"
NEEDS="aqi"
GPIO_BANK=none

guest() {
    for attempt in 1 2; do
        started=$(hil_centiseconds)
        output=$(hil_station aqi pm2_5 9.1) || hil_fail "breeze-station aqi pm2_5 9.1 failed: $output"
        hil_log "start $attempt: $(( ($(hil_centiseconds) - started) * 10 )) ms"
    done
    hil_check "the AQI of 9.1 µg/m³ PM2.5 (24 h) is 51" hil_contains "$output" '"aqi":51,'
    hil_station aqi pm2_5 not-a-number 2> /dev/null
    hil_expect_eq "bad input exits 2 (usage), not a crash" "$?" 2
}

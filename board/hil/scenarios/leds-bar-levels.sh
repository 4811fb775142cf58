# The bar kind on a real kernel GPIO chip: for each AQI level, `leds show --aqi N` lights as many of the seven
# bar lines as the level's rank (excellent 1 ... hazardous 7), in order, and leaves the others dark.
#
# Contract assumed (issue 4): leds show --config FILE --aqi N; config board/hil/fixtures/station-leds-bar.json
# (kind bar, lines GPIO5 GPIO6 GPIO13 GPIO19 GPIO26 GPIO16 GPIO20 from the lowest level up, brightness 1.0, so a
# lit line is driven at (nearly) full duty; self_test false).
DESCRIPTION="leds show --aqi N with the bar kind: the level's rank of lines lit, in order"
NEEDS="leds show"
TIMEOUT=240

CONFIG=board/hil/fixtures/station-leds-bar.json
BAR="GPIO5 GPIO6 GPIO13 GPIO19 GPIO26 GPIO16 GPIO20"
# level:AQI:lines lit, all seven levels (each line's order and the count are what the kernel shows), one 1 s
# sample per level.
LEVELS="excellent:12:1 good:40:2 moderate:75:3 unhealthy_sensitive:125:4 unhealthy:175:5 very_unhealthy:250:6
hazardous:350:7"

guest() {
    for level in $(hil_levels); do
        name=${level%%:*}
        rest=${level#*:}
        aqi=${rest%%:*}
        lit=${rest#*:}
        hil_station_start "bar-$name" leds show --config "$HIL_ROOT/$CONFIG" --aqi "$aqi"
        hil_wait_until 15 "$name: breeze-station holds the bar's lines" \
            hil_outputs_held 7 breeze-station
        sleep 0.3
        hil_sample 1 $BAR > "$HIL_RESULTS/bar-$name.txt"
        # 1 for a line lit (duty ≥ 0.5), 0 for a dark one, in the bar's order (hil-sample keeps it).
        pattern=$(awk '{ for (f = 2; f <= NF; f++) if ($f ~ /^duty=/) printf "%d", (substr($f, 6) + 0 >= 0.5) }' \
            "$HIL_RESULTS/bar-$name.txt")
        expected=$(awk -v lit="$lit" 'BEGIN { for (i = 1; i <= 7; i++) printf "%d", i <= lit }')
        hil_expect_eq "$name (AQI $aqi): lit bar lines, lowest first" "$pattern" "$expected"
        hil_station_stop 3
        hil_check "$name: exit 0 on SIGTERM, no crash" hil_station_exited_cleanly
        hil_check "$name: the bar's lines released" hil_outputs_held 0 breeze-station
    done
}

#!/bin/sh
# What `make demo` shows until the station daemon lands: the AQI engine on a smoke episode, hour by hour,
# comparing the instantaneous index of each hour with the NowCast a station would report. Every number below
# is computed by the real `breeze-station aqi` command.
set -eu
bin="${1:-.build/debug/breeze-station}"

echo "Breeze Station $("$bin" version)"
echo
echo "A smoke episode, hourly PM2.5 means (µg/m³), newest last:"
series="8.2 8.9 9.4 10.1 11.0 12.3 15.8 19.6 24.1 30.7 38.2 45.0 61.0 88.5 120.2 96.0 70.3 44.1 28.0 17.5"
echo "  $series"
echo
printf '%-6s %-8s %-10s %-32s %-10s %s\n' "hour" "PM2.5" "hour AQI" "level (hour)" "NowCast" "NowCast AQI and level"
hour=0
window=""
for value in $series; do
    hour=$((hour + 1))
    window="$value${window:+,$window}"
    window=$(echo "$window" | cut -d, -f1-12)
    instant=$("$bin" aqi pm2_5 "$value" --averaging 24h)
    nowcast=$("$bin" aqi pm2_5 --nowcast "$window")
    field() { echo "$1" | sed -n "s/.*\"$2\":\(\"[^\"]*\"\|[^,}]*\).*/\1/p" | tr -d '"'; }
    printf '%-6s %-8s %-10s %-32s %-10s %s %s\n' "$hour" "$value" "$(field "$instant" aqi)" \
        "$(field "$instant" text)" "$(field "$nowcast" concentration)" "$(field "$nowcast" aqi)" "$(field "$nowcast" text)"
done
echo
echo "The NowCast leans on the newest hours when the air changes fast, so it rises with the smoke and falls"
echo "after it, instead of a 24-hour mean that lags by a day. Try: $bin aqi --help"

#!/bin/sh
# Scrapes /metrics of a running station (`breeze-station run` on an emulated PMS5003, no Open-Meteo) and runs
# `promtool check metrics` on it: the station's own families (store, restarts, sensor counters) must lint as
# cleanly as the endpoint's. Fails on any promtool output, a non-zero exit, or an empty scrape.
set -eu
binary=${1:?usage: check-station-metrics.sh path/to/breeze-station}
promtool=${BREEZE_PROMTOOL:-.build/tools/promtool}
work=$(mktemp -d)
trap 'kill "$station" "$emulator" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT

"$binary" emulate --sensor pms5003 --pm25 12 --link "$work/sensor" >"$work/emulator.out" 2>&1 &
emulator=$!
cat >"$work/config.json" <<JSON
{"sensor": {"model": "pms5003", "serial": {"path": "$work/sensor"}, "interval_s": 1, "warm_up_s": 4},
 "http": {"listen": "127.0.0.1:0"}, "storage": {"path": "$work/history.db"}}
JSON
sleep 1
# The files exist before the loop below reads them: the shell opens them in the background child, which
# may not have run yet on a loaded machine (sed then fails, and set -e ends the check).
: >"$work/out"
: >"$work/err"
"$binary" run --config "$work/config.json" >"$work/out" 2>"$work/err" &
station=$!
address=""
for _ in $(seq 1 200); do
    address=$(sed -n 's/.*serving on \([0-9.:]*\);.*/\1/p' "$work/err")
    [ -n "$address" ] && break
    sleep 0.1
done
[ -n "$address" ] || { echo "check-station-metrics: the station did not start" >&2; cat "$work/err" >&2; exit 1; }
# Until the sensor's first sample, so the sensor families are there too.
for _ in $(seq 1 200); do
    curl -sf "http://$address/api/v1/current" | grep -q '"source":"local"' && break
    sleep 0.1
done
curl -sf "http://$address/metrics" >/dev/null
curl -sf "http://$address/metrics" >"$work/metrics"
[ -s "$work/metrics" ] || { echo "check-station-metrics: empty scrape" >&2; exit 1; }
status=0
"$promtool" check metrics <"$work/metrics" >"$work/lint" 2>&1 || status=$?
if [ "$status" -ne 0 ] || [ -s "$work/lint" ]; then
    echo "check-station-metrics: promtool exit $status:" >&2
    cat "$work/lint" >&2
    exit 1
fi
echo "promtool check metrics (breeze-station run): clean ($(grep -c '^breeze_' "$work/metrics") samples)"

#!/bin/sh
# Scrapes /metrics of `breeze-station serve` on a test snapshot and runs `promtool check metrics` on it.
# Fails on any output from promtool (lint findings included), on a non-zero exit, or an empty scrape.
set -eu
binary=${1:?usage: check-metrics.sh path/to/breeze-station}
promtool=${BREEZE_PROMTOOL:-.build/tools/promtool}
snapshot=Tests/StationEndpointTests/Fixtures/snapshot.json
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT

# The files exist before the loop below reads them: the shell opens them in the background child, which
# may not have run yet on a loaded machine (sed then fails, and set -e ends the check).
: >"$work/out"
: >"$work/err"
"$binary" serve --snapshot "$snapshot" --listen 127.0.0.1:0 >"$work/out" 2>"$work/err" &
pid=$!
address=""
for _ in $(seq 1 100); do
    address=$(sed -n 's/^listening on //p' "$work/out")
    [ -n "$address" ] && break
    sleep 0.1
done
[ -n "$address" ] || { echo "check-metrics: the server did not start" >&2; cat "$work/err" >&2; exit 1; }
# Two scrapes: the second also carries the request counters of the first.
curl -sf "http://$address/api/v1/current" >/dev/null
curl -sf "http://$address/metrics" >/dev/null
curl -sf "http://$address/metrics" >"$work/metrics"
[ -s "$work/metrics" ] || { echo "check-metrics: empty scrape" >&2; exit 1; }
status=0
"$promtool" check metrics <"$work/metrics" >"$work/lint" 2>&1 || status=$?
if [ "$status" -ne 0 ] || [ -s "$work/lint" ]; then
    echo "check-metrics: promtool exit $status:" >&2
    cat "$work/lint" >&2
    exit 1
fi
echo "promtool check metrics: clean ($(grep -c '^breeze_' "$work/metrics") samples)"

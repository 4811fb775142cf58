#!/bin/sh
# `make bench-http`: wrk against `breeze-station serve` (/api/v1/current) and against nginx serving the same
# bytes from a file, in one run on loopback; prints both rates, the ratio, p99 latency at 64 connections and
# the server's memory. Numbers are printed, never asserted.
set -eu
binary=${1:?usage: bench-http.sh path/to/breeze-station}
duration=${BENCH_DURATION:-10s}
connections=${BENCH_CONNECTIONS:-64}
threads=${BENCH_THREADS:-2}
snapshot=Tests/StationEndpointTests/Fixtures/snapshot.json
work=$(mktemp -d)
server_pid=""
nginx_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

for tool in wrk nginx curl; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || { echo "bench-http: $tool is missing (make deps)" >&2; exit 1; }
done
nginx=$(command -v nginx || echo /usr/sbin/nginx)

chmod 755 "$work"
# wrk opens every connection from 127.0.0.1: lift the per-address limit (8 in production) for the bench.
cat >"$work/config.json" <<CONF
{"http": {"max_connections": 256, "max_connections_per_ip": 256, "threads": ${BENCH_SERVER_THREADS:-2}}}
CONF
# The files exist before the loop below reads them (the shell opens them in the background child).
: >"$work/serve.out"
: >"$work/serve.err"
"$binary" serve --snapshot "$snapshot" --config "$work/config.json" --listen 127.0.0.1:0 >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
address=""
for _ in $(seq 1 100); do
    address=$(sed -n 's/^listening on //p' "$work/serve.out")
    [ -n "$address" ] && break
    sleep 0.1
done
[ -n "$address" ] || { echo "bench-http: the server did not start" >&2; cat "$work/serve.err" >&2; exit 1; }

# nginx serves the very bytes /api/v1/current answers, with the same Content-Type.
mkdir -p "$work/nginx/html/api/v1" "$work/nginx/logs"
curl -sf "http://$address/api/v1/current" >"$work/nginx/html/api/v1/current"
port=$(( 20000 + $$ % 20000 ))
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log error;
events { worker_connections 1024; }
http {
    access_log off;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$port;
        root $work/nginx/html;
        open_file_cache max=16 inactive=60s;
        sendfile on;
        location = /api/v1/current { default_type "application/json; charset=utf-8"; add_header Cache-Control no-cache; }
    }
}
CONF
"$nginx" -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$port/api/v1/current" >/dev/null 2>&1 && break; sleep 0.1; done

run() {
    wrk -t"$threads" -c"$connections" -d"$duration" --latency "$1" >"$2" 2>&1
    rate=$(awk '/^Requests\/sec:/ {print $2}' "$2")
    p99=$(awk '$1 == "99%" {print $2}' "$2")
    errors=$(awk '/Non-2xx|Socket errors/ {print}' "$2" | tr '\n' ' ')
    echo "$rate $p99 $errors"
}

chmod -R a+rX "$work/nginx/html"
echo "HTTP bench: wrk -t$threads -c$connections -d$duration, body $(wc -c <"$work/nginx/html/api/v1/current") bytes"
curl -sf "http://$address/api/v1/current" >/dev/null
station=$(run "http://$address/api/v1/current" "$work/station.txt")
reference=$(run "http://127.0.0.1:$port/api/v1/current" "$work/nginx.txt")
station_rate=$(echo "$station" | cut -d' ' -f1)
nginx_rate=$(echo "$reference" | cut -d' ' -f1)
echo "  breeze-station serve: $station_rate req/s, p99 $(echo "$station" | cut -d' ' -f2) $(echo "$station" | cut -d' ' -f3-)"
echo "  nginx (same bytes):   $nginx_rate req/s, p99 $(echo "$reference" | cut -d' ' -f2) $(echo "$reference" | cut -d' ' -f3-)"
awk -v a="$station_rate" -v b="$nginx_rate" 'BEGIN { if (b > 0) printf "  ratio: %.2f x nginx (goal >= 0.5)\n", a / b }'
echo "  server memory: $(awk '/^VmRSS/ {print "RSS " $2 " " $3} /^VmHWM/ {print "peak " $2 " " $3}' "/proc/$server_pid/status" | tr '\n' ' ')"

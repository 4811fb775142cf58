#!/bin/sh
# The crash-safety check at scale (make crash-test): ROUNDS × SIGKILL at a random moment while the station's
# store service writes a minute per transaction (breeze-store-crash), then, every time, `PRAGMA
# integrity_check` must say ok, every minute reported committed must be stored, and at most the one minute in
# flight may be missing. The test suite runs 50 rounds (CrashSafetyTests); this runs as many as asked.
set -eu
writer="${1:?usage: crash-test.sh BREEZE-STORE-CRASH [ROUNDS]}"
rounds="${2:-200}"
command -v sqlite3 > /dev/null || { echo "crash-test: sqlite3 is missing (make deps installs it)"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
db="$dir/history.db"
failures=0
lost_total=0
round=0
while [ "$round" -lt "$rounds" ]; do
    round=$((round + 1))
    "$writer" --path "$db" > "$dir/out" 2> "$dir/err" &
    pid=$!
    # Wait for the first commit, then kill at a random moment within the next 0-250 ms.
    tries=0
    while ! grep -q committed "$dir/out" 2> /dev/null; do
        tries=$((tries + 1))
        [ "$tries" -lt 3000 ] || { echo "round $round: nothing committed: $(cat "$dir/err")"; kill -9 "$pid"; exit 1; }
        sleep 0.01
    done
    sleep "0.$(od -An -N2 -tu2 /dev/urandom | tr -d ' ' | awk '{printf "%03d", $1 % 250}')"
    kill -9 "$pid"
    wait "$pid" 2> /dev/null || true
    last=$(grep committed "$dir/out" | tail -1 | cut -d' ' -f2)
    check=$(sqlite3 "$db" "PRAGMA integrity_check;")
    newest=$(sqlite3 "$db" "SELECT max(minute) FROM minute;")
    if [ "$check" != ok ]; then
        echo "round $round: integrity_check: $check"
        failures=$((failures + 1))
    elif [ "$newest" -lt "$last" ] || [ "$newest" -gt $((last + 1)) ]; then
        echo "round $round: newest stored minute $newest, last reported committed $last"
        failures=$((failures + 1))
    fi
done
rows=$(sqlite3 "$db" "SELECT count(*), max(minute) - min(minute) + 1 FROM minute;")
echo "crash-test: $rounds × SIGKILL while writing: $failures failures; rows, span: $rows (equal: no holes)"
[ "$failures" -eq 0 ]

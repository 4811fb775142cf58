#!/usr/bin/env bash
# The host half of the station-power-cut scenario: power-cut-check.sh LOG BASE-IMAGE SHARE CUTS
#
# LOG is the dm-log-writes log of the station's filesystem (written inside the VM), BASE-IMAGE the empty
# filesystem it started from, SHARE the job's shared directory (power-cut.run: the station's start in ms of the
# guest's clock). Makes CUTS disks a power cut could have left, at random moments between the station's start
# and the log's "end" mark, in three kinds taken in turn:
#   mark     everything logged before a random mark (a time mark every 0.2 s): what was surely on the card
#   cache    the same, plus a random half of the writes logged after the mark up to the next flush (the card
#            had written part of its cache, in any order)
#   entry    everything logged before a random entry (a cut in the middle of a burst of writes); its time is
#            that of the next mark
# and checks each: `e2fsck -p` (what boot does: replays the journal; exit 0 or 1), then `e2fsck -fn` clean,
# `PRAGMA integrity_check` ok, the station (`demo`) starts on the stored history and /api/v1/history answers
# with the stored minutes; and the loss: the cut's time minus the end of the newest stored minute (or minus the
# station's start when none is stored), which must stay within POWER_CUT_BOUND_SECONDS (180: docs/pipeline.md
# gives the reasoning). Writes one line per cut to SHARE/power-cut.txt and the summary (last line: the verdict)
# to SHARE/power-cut.summary; exits 1 when any cut fails. HIL_POWER_CUT_SEED picks the cuts again.
set -uo pipefail
log=$1 base=$2 share=$3 cuts=$4
bound_seconds=${POWER_CUT_BOUND_SECONDS:-180}
seed=${HIL_POWER_CUT_SEED:-$(( $(date +%s) % 100000 ))}
replay=${HIL_WORK:?}/bin/hil-replay-log
station=${HIL_STATION:?}
results=$share/power-cut.txt
summary=$share/power-cut.summary
work=$(mktemp -d "${TMPDIR:-/tmp}/breeze-power-cut.XXXXXX")
station_pid=""
cleanup() {
    [ -z "$station_pid" ] || kill -KILL "$station_pid" 2> /dev/null
    rm -rf "$work"
}
trap cleanup EXIT
: > "$results"

verdict() { # MESSAGE: the summary's last line, and the exit
    echo "$1" | tee -a "$summary"
    [ "$2" = 0 ]
    exit "$2"
}

for tool in e2fsck debugfs sqlite3 curl; do
    command -v "$tool" > /dev/null || verdict "power-cut: $tool is not installed (make deps installs it)" 1
done
[ -x "$replay" ] || verdict "power-cut: $replay missing (board/hil/prepare.sh builds it)" 1
. "$share/power-cut.run"
start_ms=$POWER_CUT_START

"$replay" list "$log" > "$work/entries" 2> "$work/list.err" ||
    verdict "power-cut: reading the log failed: $(cat "$work/list.err")" 1

# The plan, one cut a line: NUMBER KIND UPTO UNTIL TIME-MS (UNTIL 0: no unflushed writes kept).
awk -v cuts="$cuts" -v seed="$seed" '
    $2 ~ /M/ { split($5, label, ":") }
    $2 ~ /M/ && label[1] == "start" { first = $1 }
    $2 ~ /M/ && label[1] == "end" { last = $1; time[$1] = label[2] }
    $2 ~ /M/ && label[1] == "t" { time[$1] = label[2]; if (first != "" && last == "") marks[++count] = $1 }
    $2 ~ /F/ { flushes[++flushcount] = $1 }
    END {
        if (first == "" || last == "" || count < 10) { print "error: the log holds no start and end marks with time marks between them"; exit }
        # The next time mark at or after each entry, walking back from the end mark.
        next_time = time[last]
        for (i = last; i >= first; i--) { if (i in time) next_time = time[i]; after[i] = next_time }
        f = 1
        srand(seed)
        for (cut = 1; cut <= cuts; cut++) {
            kind = cut % 3
            if (kind == 0) {
                entry = first + 1 + int(rand() * (last - first))
                printf "%d entry %d 0 %s\n", cut, entry, after[entry]
                continue
            }
            mark = marks[1 + int(rand() * count)]
            if (kind == 1) { printf "%d mark %d 0 %s\n", cut, mark, time[mark]; continue }
            until = last
            for (f = 1; f <= flushcount; f++) if (flushes[f] > mark) { until = flushes[f]; break }
            printf "%d cache %d %d %s\n", cut, mark, until, time[mark]
        }
    }' "$work/entries" > "$work/plan"
if grep -q '^error' "$work/plan"; then
    verdict "power-cut: $(cut -d' ' -f2- "$work/plan")" 1
fi
total_entries=$(wc -l < "$work/entries")
flush_count=$(awk '$2 ~ /F/' "$work/entries" | wc -l)
echo "power-cut: log of $total_entries entries ($flush_count flushes), station started at $start_ms ms, seed $seed" \
    > "$summary"

# stop_station: SIGKILL (the copy is thrown away; its clean stop is station-sigterm's business).
stop_station() {
    kill -KILL "$station_pid" 2> /dev/null
    wait "$station_pid" 2> /dev/null
    station_pid=""
}

# check_cut NUMBER KIND UPTO UNTIL TIME-MS: one line on stdout (OK/FAIL ... loss); status 1 on a failure.
check_cut() {
    local number=$1 kind=$2 upto=$3 until=$4 cut_ms=$5 image="$work/cut.img" dir="$work/cut" status newest
    local count check port url reply points last_point last_minute loss_ms stored_end fsck_note=""
    rm -rf "$dir" "$image"
    mkdir -p "$dir"
    cp --sparse=always "$base" "$image"
    if [ "$until" = 0 ]; then
        "$replay" replay "$log" "$image" "$upto" > /dev/null 2> "$dir/replay.err"
    else
        "$replay" replay "$log" "$image" "$upto" "$until" "$number" > /dev/null 2> "$dir/replay.err"
    fi || { echo "FAIL $number $kind: replay: $(cat "$dir/replay.err")"; return 1; }
    e2fsck -p "$image" > "$dir/fsck.out" 2>&1
    status=$?
    [ "$status" -le 1 ] || { echo "FAIL $number $kind: e2fsck -p exit $status: $(tail -n 2 "$dir/fsck.out" | tr '\n' ' ')"; return 1; }
    [ "$status" = 0 ] || fsck_note=" (e2fsck -p corrected)"
    e2fsck -fn "$image" > "$dir/fsck2.out" 2>&1 ||
        { echo "FAIL $number $kind: e2fsck -fn after e2fsck -p: $(grep -v '^Pass\|^e2fsck' "$dir/fsck2.out" | head -n 2 | tr '\n' ' ')"; return 1; }
    debugfs -R "rdump /state $dir" "$image" > /dev/null 2>&1
    newest=""
    count=0
    if [ -f "$dir/state/history.db" ]; then
        check=$(sqlite3 "$dir/state/history.db" 'PRAGMA integrity_check;' 2>&1)
        [ "$check" = ok ] || { echo "FAIL $number $kind: integrity_check: $check" | head -n 1; return 1; }
        # A cut before the schema's creation reached the card leaves a database without tables (the station
        # creates them at start): no minutes stored.
        if [ "$(sqlite3 "$dir/state/history.db" "SELECT count(*) FROM sqlite_master WHERE name = 'minute';")" = 1 ]; then
            newest=$(sqlite3 "$dir/state/history.db" 'SELECT max(minute) FROM minute;' 2>&1)
            count=$(sqlite3 "$dir/state/history.db" 'SELECT count(*) FROM minute;' 2>&1)
        fi
    fi
    # The station starts on what the cut left, and its history answers with exactly the stored minutes.
    mkdir -p "$dir/state"
    env ${HIL_STATION_ENV:-} "$station" demo --state-dir "$dir/state" --listen 127.0.0.1:0 --no-openmeteo \
        > "$dir/station.out" 2> "$dir/station.err" &
    station_pid=$!
    url=""
    for _ in $(seq 1 200); do
        url=$(grep -m1 -o 'http://127\.0\.0\.1:[0-9]*' "$dir/station.out" 2> /dev/null)
        [ -z "$url" ] || break
        kill -0 "$station_pid" 2> /dev/null || break
        sleep 0.05
    done
    if [ -z "$url" ]; then
        stop_station
        echo "FAIL $number $kind: the station did not start on the cut's history: $(tail -n 2 "$dir/station.err" | tr '\n' ' ')"
        return 1
    fi
    reply=$(curl -sS --max-time 10 --retry 20 --retry-delay 0 --retry-all-errors -o "$dir/history.json" \
        -w '%{http_code}' "$url/api/v1/history?resolution=minute&from=$(( start_ms / 60000 * 60 - 60 ))&to=$(( cut_ms / 1000 + 3600 ))" 2>&1)
    stop_station
    [ "$reply" = 200 ] || { echo "FAIL $number $kind: /api/v1/history answered $reply"; return 1; }
    points=$(grep -o '"time": *"[^"]*"' "$dir/history.json" | wc -l)
    last_point=$(grep -o '"time": *"[^"]*"' "$dir/history.json" | tail -n 1 | sed 's/.*"\([^"]*\)"$/\1/')
    [ "$points" = "$count" ] ||
        { echo "FAIL $number $kind: /api/v1/history has $points minutes, the database $count"; return 1; }
    if [ -n "$newest" ]; then
        last_minute=$(( $(date -u -d "$last_point" +%s) / 60 ))
        [ "$last_minute" = "$newest" ] ||
            { echo "FAIL $number $kind: /api/v1/history's newest minute $last_minute, the database's $newest"; return 1; }
        stored_end=$(( (newest + 1) * 60000 ))
    else
        stored_end=$start_ms
    fi
    [ "$stored_end" -ge "$start_ms" ] || stored_end=$start_ms
    loss_ms=$(( cut_ms - stored_end ))
    echo "OK $number $kind at $cut_ms ms: $count minutes stored, newest ${newest:-none}, loss $loss_ms ms$fsck_note"
}

started=$SECONDS
failures=0 worst=-1 worst_line="" corrected=0
while read -r number kind upto until cut_ms; do
    line=$(check_cut "$number" "$kind" "$upto" "$until" "$cut_ms")
    status=$?
    echo "$line" >> "$results"
    if [ "$status" != 0 ]; then
        failures=$((failures + 1))
        [ "$failures" != 1 ] || { first_failure=$line; cp --sparse=always "$work/cut.img" "$share/failed-cut.img" 2> /dev/null; }
        continue
    fi
    case "$line" in *corrected*) corrected=$((corrected + 1)) ;; esac
    loss=${line##*loss }
    loss=${loss%% ms*}
    if [ "$loss" -gt "$worst" ]; then
        worst=$loss
        worst_line=$line
    fi
done < "$work/plan"

kinds=$(awk '{ n[$2]++ } END { printf "%d at marks, %d with part of the cache, %d mid-burst", n["mark"], n["cache"], n["entry"] }' "$work/plan")
echo "power-cut: $cuts cuts ($kinds) checked in $((SECONDS - started)) s; e2fsck -p corrected $corrected" >> "$summary"
echo "power-cut: worst loss $worst ms ($(awk -v ms="$worst" 'BEGIN { printf "%.1f", ms / 60000 }') min): $worst_line" >> "$summary"
if [ "$failures" != 0 ]; then
    verdict "power-cut: $failures of $cuts cuts failed; first: $first_failure (image: failed-cut.img; all: power-cut.txt)" 1
fi
if [ "$worst" -gt $((bound_seconds * 1000)) ]; then
    verdict "power-cut: worst loss $worst ms exceeds the bound of $bound_seconds s (docs/pipeline.md)" 1
fi
verdict "power-cut: PASS: $cuts cuts, every image consistent, worst loss $((worst / 1000)) s within the $bound_seconds s bound" 0

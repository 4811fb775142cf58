# Power cuts on an SD card (issue 19 §2). The station (`demo`: the production driver, pipeline and store on an
# emulated PMS5003, at real speed) keeps its history on ext4 over dm-log-writes inside the VM: every write that
# reaches the "card", and every flush, is logged in order (a loop device on tmpfs is the card, a second one the
# log). A mark with the guest's clock goes into the log every 0.2 s. Then the host replays the log onto copies of
# the empty filesystem, to the states a power cut at random moments could have left (what was flushed, plus a
# random part of what was not), and checks each (board/hil/host/power-cut-check.sh): e2fsck, `PRAGMA
# integrity_check`, the station starts on it and /api/v1/history answers with the stored minutes, and the loss
# (the cut's time minus the end of the newest stored minute) stays within the bound in docs/pipeline.md.
# Killing qemu would not do: the host's page cache keeps what the guest wrote, flushed or not.
#
# HIL_POWER_CUTS (50; make crash-test: 200) cuts; HIL_POWER_CUT_SECONDS (55; make crash-test: 235): how long the
# station runs after its first minute is complete (the first commit), so the cuts span at least one commit and
# the kernel's write-back of it.
DESCRIPTION="demo on ext4 over dm-log-writes: ${HIL_POWER_CUTS:-50} power cuts replayed; fsck, integrity, station, loss"
NEEDS="demo"
GPIO_BANK=none
TIMEOUT=$(( ${HIL_POWER_CUT_SECONDS:-55} + 400 + ${HIL_POWER_CUTS:-50} * 6 ))

# station_committed: the station under test reports a minute written to its store.
station_committed() {
    local written
    written=$(curl -s --max-time 5 http://127.0.0.1:8080/metrics | sed -n 's/^breeze_store_rows_written_total //p')
    [ "${written:-0}" -ge 1 ]
}

guest() {
    local work=/tmp/power-cut data log size start now end committed marker entries
    hil_wait_host configured 60
    . "$HIL_RESULTS/power-cut.env"
    mkdir -p "$work/mnt"
    gzip -dc "$HIL_RESULTS/base.img.gz" > "$work/data.img" || hil_fail "unpacking the empty filesystem failed"
    truncate -s 256M "$work/log.img"
    data=$(losetup --find --show "$work/data.img") || hil_fail "losetup of the data image failed"
    log=$(losetup --find --show "$work/log.img") || hil_fail "losetup of the log image failed"
    size=$(blockdev --getsz "$data")
    hil_check "dm-log-writes target over $data, log on $log" \
        dmsetup create --noudevsync powercut --table "0 $size log-writes $data $log"
    # No udev in the VM: dmsetup makes the /dev/mapper node itself.
    dmsetup mknodes powercut
    # As Raspberry Pi OS mounts its root: ext4, defaults,noatime (commit=5, data=ordered).
    hil_check "ext4 mounted from /dev/mapper/powercut" mount -t ext4 -o noatime /dev/mapper/powercut "$work/mnt"

    start=$(date +%s%3N)
    dmsetup message powercut 0 mark "start:$start"
    hil_station_start demo demo --state-dir "$work/mnt/state" --listen 127.0.0.1:8080 --no-openmeteo
    # The marks: the guest's clock in milliseconds (the station's clock too), in order with the writes.
    ( while [ ! -e "$work/stop-marks" ]; do
        dmsetup message powercut 0 mark "t:$(date +%s%3N)" || exit 1
        sleep 0.2
    done ) &
    marker=$!
    # The first minute with samples (after the sensor's 10 s warm-up) is committed when the next one starts;
    # the station's /metrics says when (breeze_store_rows_written_total), then it runs POWER_CUT_SECONDS more.
    hil_wait_until 240 "the station committed its first minute" station_committed
    committed=$(date +%s%3N)
    end=$(( committed + POWER_CUT_SECONDS * 1000 ))
    hil_log "station started at $start ms, first commit seen at $committed ms; running until $end ms"
    now=$committed
    while [ "$now" -lt "$end" ]; do
        hil_running "$HIL_STATION_PID" || hil_fail "the station exited early: $(tail -n 3 "$HIL_RESULTS/demo.err")"
        sleep 1
        now=$(date +%s%3N)
    done
    # What the station itself says it committed, and the kernel's write-back state, for the log.
    hil_log "the station: $(curl -s --max-time 5 http://127.0.0.1:8080/metrics | grep -E '^breeze_store_(up|rows_written_total|write_failures_total)' | tr '\n' ' ')"
    hil_log "dirty: $(grep -E '^(Dirty|Writeback):' /proc/meminfo | tr -s ' \n' ' '); $(cat /proc/sys/vm/dirty_expire_centisecs /proc/sys/vm/dirty_writeback_centisecs | tr '\n' ' '); $(grep powercut /proc/mounts)"
    : > "$work/stop-marks"
    wait "$marker" || hil_fail "dmsetup message (a mark) failed"
    dmsetup message powercut 0 mark "end:$(date +%s%3N)"
    # The cuts all lie before this mark: what follows (the kill, the unmount) is never replayed.
    kill -KILL "$HIL_STATION_PID"
    wait "$HIL_STATION_PID" 2> /dev/null
    entries=$(dmsetup status powercut | awk '{ print $4 }')
    umount "$work/mnt" || hil_fail "unmounting the filesystem failed"
    hil_check "dm-log-writes target removed (the log's super block is final)" dmsetup remove --noudevsync powercut
    losetup -d "$data" "$log"
    # Only the part of the log in use: the highest sector dmsetup status gave, plus room for the last entries.
    hil_log "log: about $entries entries"
    dd if="$work/log.img" of="$HIL_RESULTS/log.img" bs=1M count=$(( $(du -m "$work/log.img" | cut -f1) + 1 )) \
        status=none || hil_fail "copying the log to the host failed"
    printf 'POWER_CUT_START=%s\n' "$start" > "$HIL_RESULTS/power-cut.run"
    hil_signal logged
    hil_wait_host checked $(( POWER_CUTS * 6 + 60 ))
    hil_log "$(cat "$HIL_RESULTS/power-cut.summary")"
}

# wal_frames FILE: the frames a -wal file holds (4 KiB pages; 0 when there is no file: the last connection to
# close without persist_wal, as `sqlite3 DB "PRAGMA user_version;"`, checkpoints and deletes it).
wal_frames() {
    local size
    size=$(stat -c %s "$1" 2> /dev/null) || size=32
    echo $(( (size - 32) / 4120 ))
}

# seed_state DIRECTORY: a history database as a station has it shortly before its first automatic WAL
# checkpoint (1000 frames: about 5 h of minutes at 3 pages each): the station's schema (made by the station
# itself, stopped cleanly) and a -wal file of 998 frames. The station's first commits take it past 1000:
# SQLite checkpoints (the riskiest write of all: the database file itself is written) and then writes the WAL
# over from its start. From then on that is how every commit reaches the card: WAL blocks overwritten in place
# (no block allocation, so no journal commit of its own follows the write-back), the slower path to stable
# storage.
# HIL_POWER_CUT_WAL=new instead: no database (a new station: the WAL is appended to).
seed_state() {
    local pid waited=0
    mkdir -p "$1"
    env ${HIL_STATION_ENV:-} "$HIL_STATION" demo --state-dir "$1" --listen 127.0.0.1:0 --no-openmeteo \
        > "$HIL_RUN/seed.out" 2>&1 &
    pid=$!
    until [ -s "$1/history.db" ] && grep -q 'serving on' "$HIL_RUN/seed.out"; do
        [ "$waited" -lt 200 ] || hil_fail "the station did not create its database for the seed"
        sleep 0.05
        waited=$((waited + 1))
    done
    kill -TERM "$pid"
    wait "$pid" || hil_fail "the seeding station did not stop cleanly"
    rm -f "$1/sensor"
    # persist_wal keeps the -wal file when sqlite3 closes (SQLite appends to a WAL it recovers at open). The
    # churn table fills it to just under the 1000 frames of the automatic checkpoint and is dropped again (its
    # pages stay on the free list, as the retention purge leaves them).
    sqlite3 "$1/history.db" ".filectrl persist_wal on" "CREATE TABLE churn(x);" \
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 470)
            INSERT INTO churn SELECT randomblob(3500) FROM n;" "DROP TABLE churn;" > /dev/null ||
        hil_fail "sqlite3 could not fill the seed's WAL"
    # Then one frame a commit (page 1, the schema version written again unchanged: whatever version the
    # station wrote, so it migrates nothing at its next start) up to 998 frames: the station's first commit
    # (3-4 frames) takes the WAL past 1000. The commits go to one sqlite3 process, as many as frames are
    # missing, until the count is reached: one process per frame took half a minute on a loaded machine.
    local version frames
    version=$(sqlite3 "$1/history.db" "PRAGMA user_version;") && [ -n "$version" ] ||
        hil_fail "sqlite3 could not read the seed's schema version"
    while frames=$(wal_frames "$1/history.db-wal") && [ "$frames" -lt 998 ]; do
        { echo ".filectrl persist_wal on"
          for _ in $(seq $(( 998 - frames ))); do echo "PRAGMA user_version = $version;"; done
        } | sqlite3 "$1/history.db" > /dev/null || hil_fail "sqlite3 could not fill the seed's WAL"
    done
    hil_log "seed: the WAL holds $(wal_frames "$1/history.db-wal") frames"
    [ -s "$1/history.db-wal" ] || hil_fail "the seed has no -wal file"
}

host() {
    local image=$HIL_RUN/base.img seed=$HIL_RUN/seed file
    # The card: an ext4 initialised now (not lazily by the kernel later, whose zeroing would fill the log),
    # with the state directory of a station that has run for a while (seed_state) unless HIL_POWER_CUT_WAL=new.
    rm -rf "$image" "$seed"
    truncate -s 48M "$image"
    mkfs.ext4 -q -F -b 4096 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 "$image" ||
        hil_fail "mkfs.ext4 of the empty filesystem failed"
    if [ "${HIL_POWER_CUT_WAL:-recycled}" != new ]; then
        seed_state "$seed"
        debugfs -w -R "mkdir state" "$image" > /dev/null 2>&1
        for file in history.db history.db-wal; do
            debugfs -w -R "write $seed/$file state/$file" "$image" > /dev/null 2>&1
        done
        e2fsck -fn "$image" > /dev/null 2>&1 || hil_fail "the seeded filesystem is not clean (e2fsck -fn)"
        hil_log "seeded: $(ls -l "$seed" | tail -n +2 | awk '{ printf "%s %s B; ", $9, $5 }')"
    fi
    gzip -1 -c "$image" > "$HIL_SHARE/base.img.gz"
    printf 'POWER_CUTS=%s\nPOWER_CUT_SECONDS=%s\n' "${HIL_POWER_CUTS:-50}" "${HIL_POWER_CUT_SECONDS:-55}" \
        > "$HIL_SHARE/power-cut.env"
    hil_signal_guest configured
    hil_wait_guest logged $(( ${HIL_POWER_CUT_SECONDS:-55} + 400 ))
    if ! bash "$HIL_ROOT/board/hil/host/power-cut-check.sh" "$HIL_SHARE/log.img" "$image" "$HIL_SHARE" \
        "${HIL_POWER_CUTS:-50}"; then
        hil_signal_guest checked
        hil_fail "$(tail -n 1 "$HIL_SHARE/power-cut.summary" 2> /dev/null || echo "power-cut-check.sh failed")"
    fi
    hil_signal_guest checked
}

#!/usr/bin/env bash
# The hardware-in-the-loop rig: boots a small VM (Debian's Linux 6.12 under qemu TCG, busybox initramfs, the
# host's root read-only over 9p) with a gpio-sim chip shaped like a Raspberry Pi 4's header chip and a second
# 16550 UART (ttyS1) wired to the host, runs each scenario inside, and prints one line per scenario.
#
#   board/hil/run.sh                  every scenario in board/hil/scenarios/ (what `make hil` runs)
#   board/hil/run.sh NAME...          only these (a name is the file name without .sh, or a path)
#   board/hil/run.sh --list           the scenarios, what each needs, and whether it can run here
#   board/hil/run.sh -v NAME          also print the scenario's logs when it passes
#   board/hil/run.sh --station PATH [--station-env 'LD_LIBRARY_PATH=...'] [--leg NAME] NAME...
#                                     test another build of breeze-station (e.g. the libgpiod v2 leg); --leg
#                                     tags the result lines
#   board/hil/run.sh --station-scenarios   every scenario that needs the station (NEEDS set), as in a full run
#
# A scenario that needs a breeze-station command the binary does not have yet is PENDING in a full run (shown,
# not counted as a failure) and FAILS when named explicitly. Anything else missing (Debian's archive, qemu,
# socat, the binary itself) fails, naming what is missing.
#
# Environment: HIL_WORK (cache; default <repo>/hil-work), HIL_STATION (default <repo>/.build/debug/
# breeze-station), HIL_STATION_ENV (environment for it), HIL_SMP (vCPUs, default 2), HIL_CPU (qemu -cpu,
# default qemu64), HIL_MEMORY (MiB, default 512), HIL_TIMEOUT (seconds per scenario unless the scenario sets
# TIMEOUT; default 120), HIL_STRICT=1 (PENDING counts as a failure), HIL_QEMU (the qemu binary).
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/host/common.sh"

HIL_STATION=${HIL_STATION:-$HIL_ROOT/.build/debug/breeze-station}
HIL_QEMU=${HIL_QEMU:-qemu-system-x86_64}
HIL_SMP=${HIL_SMP:-2}
# qemu64 (x86-64 baseline) rather than max: glibc then picks SSE2 code paths, which TCG runs ~2x faster.
HIL_CPU=${HIL_CPU:-qemu64}
HIL_MEMORY=${HIL_MEMORY:-512}
HIL_STRICT=${HIL_STRICT:-0}

HIL_STATION_ENV=${HIL_STATION_ENV:-}
export HIL_STATION HIL_STATION_ENV
verbose=0
list=0
leg=""
station_only=0
requested=()
while [ $# -gt 0 ]; do
    case "$1" in
        -v | --verbose) verbose=1 ;;
        --list) list=1 ;;
        --station)
            HIL_STATION=$(realpath -m "$2")
            shift
            ;;
        --station-env)
            HIL_STATION_ENV=$2
            shift
            ;;
        --leg)
            leg=$2
            shift
            ;;
        --station-scenarios) station_only=1 ;;
        -h | --help)
            sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
            exit 0
            ;;
        -*)
            echo "run.sh: unknown option $1 (see --help)" >&2
            exit 2
            ;;
        *) requested+=("$1") ;;
    esac
    shift
done

scenario_files=()
if [ "${#requested[@]}" -eq 0 ]; then
    explicit=0
    for file in "$HIL_DIR"/scenarios/*.sh; do
        if [ "$station_only" = 1 ] && ! grep -q '^NEEDS="[^"]' "$file"; then
            continue
        fi
        scenario_files+=("$file")
    done
else
    explicit=1
    for name in "${requested[@]}"; do
        if [ -f "$name" ]; then
            scenario_files+=("$(cd "$(dirname "$name")" && pwd)/$(basename "$name")")
        elif [ -f "$HIL_DIR/scenarios/${name%.sh}.sh" ]; then
            scenario_files+=("$HIL_DIR/scenarios/${name%.sh}.sh")
        else
            echo "run.sh: no scenario '$name' (board/hil/run.sh --list shows them)" >&2
            exit 2
        fi
    done
fi

# scenario_meta FILE: the scenario's settings, without running anything of it.
scenario_meta() {
    (
        DESCRIPTION="" NEEDS="" TIMEOUT=""
        . "$1"
        printf 'DESCRIPTION=%q\nNEEDS=%q\nTIMEOUT=%q\n' "$DESCRIPTION" "$NEEDS" "$TIMEOUT"
        if declare -F host >/dev/null; then echo "HAS_HOST=1"; else echo "HAS_HOST=0"; fi
    )
}

# unmet_needs NEEDS: what of the station commands a scenario needs (comma-separated, e.g. "run, leds show")
# the binary lacks, as one line for a PEND/FAIL message; empty when all are there.
unmet_needs() {
    [ -n "$(echo $1)" ] || return 0
    if [ ! -x "$HIL_STATION" ]; then
        echo "the breeze-station binary, missing at $HIL_STATION (swift build; make hil builds it)"
        return 0
    fi
    local need missing=""
    local IFS=,
    for need in $1; do
        need=${need#"${need%%[! ]*}"}
        need=${need%"${need##*[! ]}"}
        [ -n "$need" ] || continue
        # shellcheck disable=SC2086 # the need's words are separate arguments
        if ! (. "$HIL_DIR/host/lib.sh"; IFS=' '; hil_station_supports $need); then
            missing="${missing:+$missing, }breeze-station $need"
        fi
    done
    [ -z "$missing" ] || echo "$missing (not built yet)"
}

if [ "$list" = 1 ]; then
    for file in "${scenario_files[@]}"; do
        eval "$(scenario_meta "$file")"
        name=$(basename "$file" .sh)
        unmet=$(unmet_needs "$NEEDS")
        state="ready"
        [ -z "$unmet" ] || state="pending: needs $unmet"
        printf '%-26s %s\n%-26s   needs: %s; %s\n' "$name" "$DESCRIPTION" "" "${NEEDS:-the rig only}" "$state"
    done
    exit 0
fi

pids=()
cleanup() {
    local pid
    # Each entry leads a session of its own (setsid): end everything in it, and nothing else.
    for pid in "${pids[@]}"; do
        pkill -KILL -s "$pid" 2>/dev/null
    done
    [ -n "${socket_dir:-}" ] && rm -rf "$socket_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0 failed=0 pending=0
report() { # STATE NAME SECONDS [REASON]
    local line
    line=$(printf '%-4s  %-26s %6.1f s' "$1" "$2${leg:+ [$leg]}" "$3")
    [ -z "${4:-}" ] || line="$line  $4"
    echo "$line"
}

# The rig itself: what the host must have installed (all of it named at once), then what prepare.sh fetches
# and builds; anything missing is a FAIL that says what and how to get it.
missing=""
for need in "$HIL_QEMU:qemu-system-x86" socat:socat gpioset:gpiod gpioinfo:gpiod gpiofind:gpiod \
    gpiodetect:gpiod pkill:procps setsid:util-linux timeout:coreutils basenc:coreutils; do
    command -v "${need%%:*}" >/dev/null || missing="${missing:+$missing, }${need%%:*} (Debian package ${need#*:})"
done
if [ -n "$missing" ]; then
    report FAIL "(rig)" 0 "not installed: $missing; make deps installs them"
    exit 1
fi
prepare_start=$EPOCHREALTIME
if ! prepared=$(bash "$HIL_DIR/prepare.sh"); then
    report FAIL "(rig)" "$(awk -v a="$EPOCHREALTIME" -v b="$prepare_start" 'BEGIN { print a - b }')" \
        "$(cat "$HIL_WORK/prepare.error" 2>/dev/null || echo "board/hil/prepare.sh failed")"
    exit 1
fi
eval "$prepared"

run_scenario() { # FILE → sets status_word, reason
    local file=$1 name
    name=$(basename "$file" .sh)
    local run="$HIL_WORK/runs/$name${leg:+-$leg}"
    rm -rf "$run"
    mkdir -p "$run/share"
    socket_dir=$(mktemp -d "${TMPDIR:-/tmp}/breeze-hil.XXXXXX")
    local socket="$socket_dir/ttyS1.sock"
    # The guest reads its copy of the scenario: /tmp is not the host's /tmp inside the VM.
    cp "$file" "$run/share/scenario.sh"
    {
        printf 'HIL_ROOT=%q\nHIL_WORK=%q\nHIL_SCENARIO=%q\nHIL_SCENARIO_FILE=%q\n' \
            "$HIL_ROOT" "$HIL_WORK" "$name" /run/hil/scenario.sh
        printf 'HIL_STATION=%q\nHIL_STATION_ENV=%q\nHIL_SAMPLER=%q\n' "$HIL_STATION" "$HIL_STATION_ENV" "$HIL_SAMPLER"
    } > "$run/share/run.env"

    local qemu=("$HIL_QEMU" -accel tcg -machine pc -cpu "$HIL_CPU" -smp "$HIL_SMP" -m "$HIL_MEMORY"
        -nodefaults -no-user-config -display none -no-reboot
        -kernel "$HIL_KERNEL" -initrd "$HIL_INITRD"
        -append "console=ttyS0 quiet panic=-1 mitigations=off"
        -chardev "file,id=console,path=$run/console.log" -serial chardev:console
        -chardev "socket,id=uart1,path=$socket,server=on,wait=off" -serial chardev:uart1
        -virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap"
        -virtfs "local,path=$run/share,mount_tag=results,security_model=none,multidevs=remap")
    printf '%q ' "${qemu[@]}" > "$run/qemu.cmd"
    local limit=${TIMEOUT:-${HIL_TIMEOUT:-120}}

    setsid timeout --kill-after=5 "$limit" "${qemu[@]}" > "$run/qemu.log" 2>&1 &
    local qemu_pid=$!
    pids=("$qemu_pid")
    local host_pid=""
    if [ "$HAS_HOST" = 1 ]; then
        HIL_ROOT=$HIL_ROOT HIL_WORK=$HIL_WORK HIL_RUN=$run HIL_SHARE=$run/share HIL_UART_SOCKET=$socket \
            HIL_STATION=$HIL_STATION HIL_SCENARIO=$name \
            setsid bash -c 'bash "$0" "$1"; exit $?' "$HIL_DIR/host/run-host.sh" "$file" > "$run/host.log" 2>&1 &
        host_pid=$!
        pids+=("$host_pid")
    fi

    wait "$qemu_pid"
    local qemu_status=$?
    local host_status=0
    if [ -n "$host_pid" ]; then
        local waited=0
        while kill -0 "$host_pid" 2>/dev/null && [ "$waited" -lt 50 ]; do
            sleep 0.1
            waited=$((waited + 1))
        done
        pkill -KILL -s "$host_pid" 2>/dev/null
        wait "$host_pid"
        host_status=$?
        [ "$waited" -lt 50 ] || host_status=124
    fi
    pids=()
    rm -rf "$socket_dir"
    socket_dir=""

    status_word=PASS
    reason=""
    if [ -s "$run/share/init-error" ]; then
        reason="VM start-up: $(cat "$run/share/init-error")"
    elif [ "$qemu_status" = 124 ] || [ "$qemu_status" = 137 ]; then
        reason="timed out after $limit s (VM killed)"
    elif [ ! -f "$run/share/guest.status" ]; then
        reason="the VM ended without a result (qemu status $qemu_status; see $run/console.log)"
        grep -q . "$run/qemu.log" 2>/dev/null && reason="$reason: $(head -n 1 "$run/qemu.log")"
    elif [ "$(cat "$run/share/guest.status")" != 0 ]; then
        reason=$(head -n 1 "$run/share/reason" 2>/dev/null)
        reason=${reason:-guest failed}
    elif [ "$host_status" != 0 ] || [ -s "$run/share/host-reason" ]; then
        reason=$(head -n 1 "$run/share/host-reason" 2>/dev/null)
        [ "$host_status" = 124 ] && reason="host side still running 5 s after the VM stopped"
        reason="host side: ${reason:-host() exited with status $host_status}"
    fi
    [ -z "$reason" ] || status_word=FAIL
}

show_logs() { # RUN-DIRECTORY
    local log
    for log in "$1/share/guest.log" "$1/host.log"; do
        [ -s "$log" ] || continue
        echo "      --- ${log#"$HIL_ROOT"/}"
        tail -n 40 "$log" | sed 's/^/      /'
    done
    if [ ! -s "$1/share/guest.log" ] && [ -s "$1/console.log" ]; then
        echo "      --- ${1#"$HIL_ROOT"/}/console.log"
        tail -n 25 "$1/console.log" | sed 's/^/      /'
    fi
}

for file in "${scenario_files[@]}"; do
    name=$(basename "$file" .sh)
    eval "$(scenario_meta "$file")"
    unmet=$(unmet_needs "$NEEDS")
    if [ -n "$unmet" ]; then
        # A missing command is PENDING in a full run; a missing binary, an explicit request or HIL_STRICT fail.
        if [ "$explicit" = 1 ] || [ "$HIL_STRICT" = 1 ] || [ ! -x "$HIL_STATION" ]; then
            report FAIL "$name" 0 "needs $unmet"
            failed=$((failed + 1))
        else
            report PEND "$name" 0 "needs $unmet"
            pending=$((pending + 1))
        fi
        continue
    fi
    start=$EPOCHREALTIME
    run_scenario "$file"
    seconds=$(awk -v a="$EPOCHREALTIME" -v b="$start" 'BEGIN { print a - b }')
    report "$status_word" "$name" "$seconds" "$reason"
    if [ "$status_word" = PASS ]; then
        passed=$((passed + 1))
        [ "$verbose" = 0 ] || show_logs "$HIL_WORK/runs/$name${leg:+-$leg}"
    else
        failed=$((failed + 1))
        show_logs "$HIL_WORK/runs/$name${leg:+-$leg}"
        echo "      (all logs: ${HIL_WORK#"$HIL_ROOT"/}/runs/$name${leg:+-$leg}/)"
    fi
done

summary="hil: $passed passed, $failed failed"
[ "$pending" = 0 ] || summary="$summary, $pending pending (station commands not built yet; see docs/testing.md)"
echo "$summary (Linux $HIL_KERNEL_VERSION under qemu TCG${leg:+; leg $leg: $HIL_STATION})"
[ "$failed" = 0 ]

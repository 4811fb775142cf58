#!/usr/bin/env bash
# The hardware-in-the-loop rig: boots a small VM (Debian's Linux 6.12 under qemu TCG, busybox initramfs, the
# host's root read-only over 9p) with a gpio-sim chip shaped like a Raspberry Pi 4's header chip and a second
# 16550 UART (ttyS1) wired to the host, runs the scenarios inside one after the other (one VM for the whole
# run; the chips are rebuilt and stray processes killed between scenarios), and prints one line per scenario.
#
#   board/hil/run.sh                  every scenario in board/hil/scenarios/ (what `make hil` runs)
#   board/hil/run.sh NAME...          only these (a name is the file name without .sh, or a path)
#   board/hil/run.sh --list           the scenarios, what each needs, and whether it can run here
#   board/hil/run.sh -v NAME          also print the scenario's logs when it passes
#   board/hil/run.sh --gpiod-v2 PATH  also run the scenarios that declare LEGS="... gpiod-v2" against PATH, the
#                                     libgpiod v2 build of breeze-station (make check-gpiod-v2 builds it), in
#                                     the same VM; their lines are tagged [gpiod-v2]
#   board/hil/run.sh --gpiod-v2-only PATH   only that leg (make hil-gpiod-v2)
#   board/hil/run.sh --station PATH [--station-env 'VAR=...'] [--leg NAME] NAME...
#                                     test another build of breeze-station; --leg tags the result lines
#   board/hil/run.sh --station-scenarios   every scenario that needs the station (NEEDS set), as in a full run
#   board/hil/run.sh --except NAME    a full run without this scenario (repeatable; make test runs
#                                     station-power-cut in a run of its own beside its release builds)
#   board/hil/run.sh --isolate        one VM per scenario (slower; to rule out one scenario disturbing the next)
#   board/hil/run.sh --all-levels     the libgpiod v2 leg walks every AQI level too (the first leg always does)
#   board/hil/run.sh --repeat N NAME  run each scenario N times in a row in the same VM (hunting a flake)
#
# A scenario that needs a breeze-station command the binary does not have yet is PENDING in a full run (shown,
# not counted as a failure) and FAILS when named explicitly. Anything else missing (Debian's archive, qemu,
# socat, the binary itself) fails, naming what is missing. If the VM itself dies during a scenario (a kernel
# crash, not a failed check), that scenario fails with the tail of the VM's console, and the scenarios after it
# run in a fresh VM; nothing is ever rerun.
#
# Environment: HIL_WORK (cache; default <repo>/hil-work), HIL_STATION (default <repo>/.build/debug/
# breeze-station), HIL_STATION_ENV (environment for it), HIL_SMP (vCPUs, default 2), HIL_CPU (qemu -cpu,
# default qemu64), HIL_MEMORY (MiB, default 512), HIL_TIMEOUT (seconds per scenario unless the scenario sets
# TIMEOUT; default 120), HIL_STRICT=1 (PENDING counts as a failure), HIL_ALL_LEVELS=1 (as --all-levels),
# HIL_QEMU (the qemu binary), HIL_ACCEL (qemu -accel; default: kvm when /dev/kvm boots the rig's kernel, a quick
# probe in host/accel.sh, else tcg,thread=multi; the choice is printed first).
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/host/common.sh"
. "$HIL_DIR/host/accel.sh"

HIL_STATION=${HIL_STATION:-$HIL_ROOT/.build/debug/breeze-station}
HIL_QEMU=${HIL_QEMU:-qemu-system-x86_64}
HIL_SMP=${HIL_SMP:-2}
# qemu64 (x86-64 baseline) rather than max: glibc then picks SSE2 code paths, which TCG runs ~2x faster.
HIL_CPU=${HIL_CPU:-qemu64}
HIL_MEMORY=${HIL_MEMORY:-512}
HIL_ACCEL=${HIL_ACCEL:-}
HIL_STRICT=${HIL_STRICT:-0}
HIL_ALL_LEVELS=${HIL_ALL_LEVELS:-0}
HIL_STATION_ENV=${HIL_STATION_ENV:-}
verbose=0
list=0
leg=""
station_only=0
isolate=0
gpiod_v2=""
v2_only=0
repeat=1
requested=()
excepted=()
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
        --gpiod-v2 | --gpiod-v2-only)
            gpiod_v2=$(realpath -m "$2")
            [ "$1" = --gpiod-v2 ] || v2_only=1
            shift
            ;;
        --station-scenarios) station_only=1 ;;
        --isolate) isolate=1 ;;
        --except)
            excepted+=("${2%.sh}")
            shift
            ;;
        --all-levels) HIL_ALL_LEVELS=1 ;;
        --repeat)
            repeat=$2
            shift
            ;;
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

case "$repeat" in
    "" | *[!0-9]* | 0)
        echo "run.sh: --repeat takes a count of 1 or more, not '$repeat'" >&2
        exit 2
        ;;
esac

for name in "${excepted[@]}"; do
    [ -f "$HIL_DIR/scenarios/$name.sh" ] || { echo "run.sh: --except: no scenario '$name' (board/hil/run.sh --list shows them)" >&2; exit 2; }
done
scenario_files=()
if [ "${#requested[@]}" -eq 0 ]; then
    explicit=0
    for file in "$HIL_DIR"/scenarios/*.sh; do
        if [ "$station_only" = 1 ] && ! grep -q '^NEEDS="[^"]' "$file"; then
            continue
        fi
        case " ${excepted[*]} " in *" $(basename "$file" .sh) "*) continue ;; esac
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
        DESCRIPTION="" NEEDS="" TIMEOUT="" LEGS=""
        . "$1"
        printf 'DESCRIPTION=%q\nNEEDS=%q\nTIMEOUT=%q\nLEGS=%q\n' "$DESCRIPTION" "$NEEDS" "$TIMEOUT" "$LEGS"
        if declare -F host >/dev/null; then echo "HAS_HOST=1"; else echo "HAS_HOST=0"; fi
    )
}

# unmet_needs NEEDS STATION STATION-ENV: what of the station commands a scenario needs (comma-separated, e.g.
# "run, leds show") the binary lacks, as one line for a PEND/FAIL message; empty when all are there.
unmet_needs() {
    [ -n "$(echo $1)" ] || return 0
    if [ ! -x "$2" ]; then
        echo "the breeze-station binary, missing at $2 (swift build; make hil builds it)"
        return 0
    fi
    local need missing=""
    local IFS=,
    for need in $1; do
        need=${need#"${need%%[! ]*}"}
        need=${need%"${need##*[! ]}"}
        [ -n "$need" ] || continue
        # shellcheck disable=SC2086 # the need's words are separate arguments
        if ! (. "$HIL_DIR/host/lib.sh"; HIL_STATION=$2 HIL_STATION_ENV=$3; IFS=' '; hil_station_supports $need); then
            missing="${missing:+$missing, }breeze-station $need"
        fi
    done
    [ -z "$missing" ] || echo "$missing (not built yet)"
}

if [ "$list" = 1 ]; then
    for file in "${scenario_files[@]}"; do
        eval "$(scenario_meta "$file")"
        name=$(basename "$file" .sh)
        unmet=$(unmet_needs "$NEEDS" "$HIL_STATION" "$HIL_STATION_ENV")
        state="ready"
        [ -z "$unmet" ] || state="pending: needs $unmet"
        printf '%-26s %s\n%-26s   needs: %s; %s%s\n' "$name" "$DESCRIPTION" "" "${NEEDS:-the rig only}" "$state" \
            "$(case " $LEGS " in *" gpiod-v2 "*) echo "; also in the libgpiod v2 leg" ;; esac)"
    done
    exit 0
fi

pids=()
socket_dir=""
cleanup() {
    local pid
    # Each entry leads a session of its own (setsid): end everything in it, and nothing else.
    for pid in "${pids[@]}"; do
        pkill -KILL -s "$pid" 2>/dev/null
    done
    [ -z "$socket_dir" ] || rm -rf "$socket_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

run_start=$EPOCHREALTIME
passed=0 failed=0 pending=0 crashes=0
seconds_since() {
    awk -v a="$EPOCHREALTIME" -v b="$1" 'BEGIN { printf "%.1f", a - b }'
}
report() { # STATE NAME SECONDS [REASON]
    local line
    line=$(printf '%-4s  %-26s %6.1f s' "$1" "$2" "$3")
    [ -z "${4:-}" ] || line="$line  $4"
    echo "$line"
}

# The rig itself: what the host must have installed (all of it named at once), then what prepare.sh fetches
# and builds; anything missing is a FAIL that says what and how to get it.
missing=""
for need in "$HIL_QEMU:qemu-system-x86" socat:socat gpioset:gpiod gpioinfo:gpiod gpiofind:gpiod \
    gpiodetect:gpiod pkill:procps setsid:util-linux setpriv:util-linux timeout:coreutils basenc:coreutils; do
    command -v "${need%%:*}" >/dev/null || missing="${missing:+$missing, }${need%%:*} (Debian package ${need#*:})"
done
if [ -n "$missing" ]; then
    report FAIL "(rig)" 0 "not installed: $missing; make deps installs them"
    exit 1
fi
prepare_start=$EPOCHREALTIME
if ! prepared=$(bash "$HIL_DIR/prepare.sh"); then
    report FAIL "(rig)" "$(seconds_since "$prepare_start")" \
        "$(cat "$HIL_WORK/prepare.error" 2>/dev/null || echo "board/hil/prepare.sh failed")"
    exit 1
fi
eval "$prepared"
if [ -z "$HIL_ACCEL" ]; then
    hil_choose_accel "$HIL_KERNEL" "$HIL_QEMU" "$HIL_CPU" "$HIL_WORK/runs"
else
    HIL_ACCEL_NOTE="$HIL_ACCEL, as HIL_ACCEL says"
fi
echo "hil: accelerator: $HIL_ACCEL_NOTE"

# --- The jobs: one per scenario and build of breeze-station (leg). ---
job_ids=() job_names=() job_files=() job_legs=() job_stations=() job_envs=() job_timeouts=() job_hosts=()
add_job() { # FILE LEG STATION STATION-ENV
    local name id round
    name=$(basename "$1" .sh)
    for round in $(seq 1 "$repeat"); do
        id=$name${2:+-$2}
        [ "$repeat" = 1 ] || id="$id-$round"
        job_ids+=("$id")
        job_names+=("$name${2:+ [$2]}$([ "$repeat" = 1 ] || echo " #$round")")
        job_files+=("$1")
        job_legs+=("$2")
        job_stations+=("$3")
        job_envs+=("$4")
        job_timeouts+=("${TIMEOUT:-${HIL_TIMEOUT:-120}}")
        job_hosts+=("$HAS_HOST")
    done
}

# plan FILE LEG STATION STATION-ENV: a job, or a PEND/FAIL line when the binary lacks a command it needs.
plan() {
    local name unmet
    eval "$(scenario_meta "$1")"
    name="$(basename "$1" .sh)${2:+ [$2]}"
    unmet=$(unmet_needs "$NEEDS" "$3" "$4")
    if [ -n "$unmet" ]; then
        # A missing command is PENDING in a full run; a missing binary, an explicit request or HIL_STRICT fail.
        if [ "$explicit" = 1 ] || [ "$HIL_STRICT" = 1 ] || [ ! -x "$3" ]; then
            report FAIL "$name" 0 "needs $unmet"
            failed=$((failed + 1))
        else
            report PEND "$name" 0 "needs $unmet"
            pending=$((pending + 1))
        fi
        return 0
    fi
    add_job "$1" "$2" "$3" "$4"
}

if [ "$v2_only" = 0 ]; then
    for file in "${scenario_files[@]}"; do
        plan "$file" "$leg" "$HIL_STATION" "$HIL_STATION_ENV"
    done
fi
v2_note=""
if [ -n "$gpiod_v2" ]; then
    v2_files=()
    for file in "${scenario_files[@]}"; do
        eval "$(scenario_meta "$file")"
        case " $LEGS " in *" gpiod-v2 "*) v2_files+=("$file") ;; esac
    done
    if [ ! -x "$gpiod_v2" ]; then
        report FAIL "(libgpiod v2 leg)" 0 "needs the libgpiod v2 build of breeze-station at $gpiod_v2" \
            "(make check-gpiod-v2)"
        failed=$((failed + 1))
    elif ! linked=$(ldd "$gpiod_v2" 2>&1 | awk '/libgpiod/ { print $1 " => " $3 }') ||
        ! grep -q 'libgpiod-v2\.so' <<< "$linked" || grep -q 'libgpiod\.so' <<< "$linked"; then
        report FAIL "(libgpiod v2 leg)" 0 "$gpiod_v2 does not load libgpiod 2 (ldd: ${linked:-no libgpiod})"
        failed=$((failed + 1))
    else
        v2_note="; libgpiod v2 leg: $linked"
        for file in "${v2_files[@]}"; do
            plan "$file" gpiod-v2 "$gpiod_v2" ""
        done
    fi
fi

# --- Sessions: one VM runs jobs one after the other. ---
session_count=0
boot_seconds=""

# The gpio trace events are switched on here, once, while the kernel boots on one CPU, and never switched at run
# time: switching a trace event patches kernel code with int3 breakpoints (text_poke_bp), and under qemu's
# multi-threaded TCG the other virtual CPU can run a stale int3 after the patch is done, which kills the kernel
# ("Oops: int3 ... RIP __schedule / ttwu_do_activate ... Fatal exception in interrupt"). guest/lib.sh has the
# details; docs/testing.md the evidence.
trace_options="trace_event=gpio:gpio_value,gpio:gpio_direction trace_clock=mono trace_buf_size=4M"

# The host directories the guest needs, shared with it explicitly (9p tags share0, share1, ...) and mounted at
# the same paths inside, over the host root's view: the checkout (the guest's scripts, fixtures), the cache
# (the helpers in HIL_WORK/bin) and the directories of the binaries under test. The guest puts fresh tmpfs on
# /tmp and /run, which hide whatever the host keeps there, so a checkout under /tmp is seen only this way.
# A directory inside one already listed is not listed again (no share is nested in another).
shares=()
add_share() { # DIRECTORY
    local dir=$1 existing i
    case "$dir" in /) return 0 ;; esac
    for existing in "${shares[@]}"; do
        case "$dir/" in "$existing"/*) return 0 ;; esac
    done
    for i in "${!shares[@]}"; do
        case "${shares[$i]}/" in "$dir"/*) unset 'shares[i]' ;; esac
    done
    shares=("${shares[@]}" "$dir")
}
add_share "$HIL_ROOT"
add_share "$(realpath -m "$HIL_WORK")"
for index in "${!job_stations[@]}"; do
    add_share "$(dirname "${job_stations[$index]}")"
done
for dir in "${shares[@]}"; do
    case "$dir" in
        *[[:space:]]*)
            report FAIL "(rig)" 0 "the path '$dir' has white space in it, which the guest's mounts cannot take"
            exit 1
            ;;
    esac
done

# start_vm SESSION-DIR: boots the VM for a session; sets qemu_pid, socket.
start_vm() {
    local session=$1 index
    socket_dir=$(mktemp -d "${TMPDIR:-/tmp}/breeze-hil.XXXXXX")
    socket="$socket_dir/ttyS1.sock"
    local qemu=("$HIL_QEMU" -accel "$HIL_ACCEL" -machine pc -cpu "$HIL_CPU" -smp "$HIL_SMP" -m "$HIL_MEMORY"
        -nodefaults -no-user-config -display none -no-reboot
        -kernel "$HIL_KERNEL" -initrd "$HIL_INITRD"
        -append "console=ttyS0 quiet panic=-1 mitigations=off $trace_options hil_session=$(basename "$session")"
        -chardev "file,id=console,path=$session/console.log" -serial chardev:console
        -chardev "socket,id=uart1,path=$socket,server=on,wait=off" -serial chardev:uart1
        -virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap"
        -virtfs "local,path=$HIL_WORK/runs,mount_tag=results,security_model=none,multidevs=remap")
    : > "$session/shares"
    for index in "${!shares[@]}"; do
        # qemu's option syntax: a comma in a value is written twice.
        qemu+=(-virtfs "local,path=${shares[$index]//,/,,},mount_tag=share$index,security_model=none,readonly=on,multidevs=remap")
        printf 'share%s %s\n' "$index" "${shares[$index]}" >> "$session/shares"
    done
    printf '%q ' "${qemu[@]}" > "$session/qemu.cmd"
    # setpriv --pdeathsig: the VM dies with this script, however this script ends (a SIGKILL included).
    setsid setpriv --pdeathsig KILL "${qemu[@]}" > "$session/qemu.log" 2>&1 &
    qemu_pid=$!
    pids=("$qemu_pid")
}

# stop_vm: waits up to 15 s for the VM to power off, then kills it.
stop_vm() {
    local waited=0
    while kill -0 "$qemu_pid" 2>/dev/null && [ "$waited" -lt 150 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    pkill -KILL -s "$qemu_pid" 2>/dev/null
    wait "$qemu_pid" 2>/dev/null
    pids=()
    rm -rf "$socket_dir"
    socket_dir=""
}

# crash_summary CONSOLE-LOG: the kernel's own words when it died, e.g. "Kernel panic - not syncing: ...".
crash_summary() {
    local line
    line=$(grep -m1 -aoE 'Kernel panic - not syncing: .*|BUG: .*|general protection fault.*|Oops: .*' "$1" | tr -d '\r')
    echo "${line:-no kernel message}"
}

show_logs() { # JOB-DIRECTORY [CONSOLE-LOG]
    local log
    for log in "$1/share/guest.log" "$1/host.log"; do
        [ -s "$log" ] || continue
        echo "      --- ${log#"$HIL_ROOT"/}"
        tail -n 40 "$log" | sed 's/^/      /'
    done
    if [ -n "${2:-}" ] && [ -s "$2" ]; then
        echo "      --- ${2#"$HIL_ROOT"/}"
        tail -n 40 "$2" | sed 's/^/      /'
    fi
}

# finish_job INDEX STATUS SECONDS REASON [NOTE]
finish_job() {
    local index=$1 status=$2 seconds=$3 reason=$4 note=${5:-} run="$HIL_WORK/runs/${job_ids[$1]}"
    if [ "$status" = PASS ]; then
        report PASS "${job_names[$index]}" "$seconds" "$note"
        passed=$((passed + 1))
        [ "$verbose" = 0 ] || show_logs "$run"
    else
        report FAIL "${job_names[$index]}" "$seconds" "$reason${note:+ ($note)}"
        failed=$((failed + 1))
        show_logs "$run" "${6:-}"
        echo "      (all logs: ${run#"$HIL_ROOT"/}/, the VM's console: ${session_dir#"$HIL_ROOT"/}/console.log)"
    fi
}

# run_session INDEX...: one VM for these jobs. Sets `remaining` to the jobs still to run when the VM died or
# hung before finishing them.
run_session() {
    remaining=()
    session_count=$((session_count + 1))
    session_dir="$HIL_WORK/runs/session-$session_count"
    rm -rf "$session_dir"
    mkdir -p "$session_dir"
    local index run
    for index in "$@"; do
        run="$HIL_WORK/runs/${job_ids[$index]}"
        rm -rf "$run"
        mkdir -p "$run/share"
        # The guest reads its copy of the scenario: /tmp is not the host's /tmp inside the VM.
        cp "${job_files[$index]}" "$run/share/scenario.sh"
        {
            printf 'HIL_SCENARIO=%q\nHIL_JOB=%q\nHIL_LEG=%q\n' \
                "$(basename "${job_files[$index]}" .sh)" "${job_ids[$index]}" "${job_legs[$index]}"
            printf 'HIL_STATION=%q\nHIL_STATION_ENV=%q\n' "${job_stations[$index]}" "${job_envs[$index]}"
            printf 'HIL_TIMEOUT=%s\nHIL_HAS_HOST=%s\nHIL_ALL_LEVELS=%s\n' \
                "${job_timeouts[$index]}" "${job_hosts[$index]}" "$HIL_ALL_LEVELS"
        } > "$run/share/job.env"
        echo "${job_ids[$index]}" >> "$session_dir/jobs"
    done
    printf 'HIL_ROOT=%q\nHIL_WORK=%q\nHIL_SAMPLER=%q\n' "$HIL_ROOT" "$HIL_WORK" "$HIL_SAMPLER" > "$session_dir/run.env"

    local boot_start=$EPOCHREALTIME
    start_vm "$session_dir"
    local position=0 count=$# host_pid started status reason seconds limit waited
    local -a order=("$@")
    for index in "$@"; do
        position=$((position + 1))
        run="$HIL_WORK/runs/${job_ids[$index]}"
        # 1. Wait for the guest to start the job (the first one: the VM boots first).
        limit=$(( position == 1 ? 120 : 60 ))
        waited=0
        while [ ! -e "$run/share/guest.started" ] && kill -0 "$qemu_pid" 2>/dev/null && [ "$waited" -lt $((limit * 10)) ]; do
            sleep 0.1
            waited=$((waited + 1))
        done
        [ "$position" != 1 ] || [ ! -e "$run/share/guest.started" ] || boot_seconds=$(seconds_since "$boot_start")
        started=$EPOCHREALTIME
        host_pid=""
        if [ -e "$run/share/guest.started" ] && [ "${job_hosts[$index]}" = 1 ]; then
            HIL_ROOT=$HIL_ROOT HIL_WORK=$HIL_WORK HIL_RUN=$run HIL_SHARE=$run/share HIL_UART_SOCKET=$socket \
                HIL_STATION=${job_stations[$index]} HIL_STATION_ENV=${job_envs[$index]} \
                HIL_SCENARIO=$(basename "${job_files[$index]}" .sh) HIL_LEG=${job_legs[$index]} \
                HIL_ALL_LEVELS=$HIL_ALL_LEVELS \
                setsid setpriv --pdeathsig KILL bash -c 'bash "$0" "$1"; exit $?' "$HIL_DIR/host/run-host.sh" \
                "${job_files[$index]}" \
                > "$run/host.log" 2>&1 &
            host_pid=$!
            pids+=("$host_pid")
        fi
        # 2. Wait for its result; the guest enforces the job's timeout itself, this one is for a hung VM.
        limit=$(( ${job_timeouts[$index]} + 30 ))
        waited=0
        while [ -e "$run/share/guest.started" ] && [ ! -e "$run/share/guest.status" ] &&
            kill -0 "$qemu_pid" 2>/dev/null && [ "$waited" -lt $((limit * 10)) ]; do
            sleep 0.1
            waited=$((waited + 1))
        done
        seconds=$(seconds_since "$started")
        # 3. The host side: it has up to 5 s after the guest is done.
        local host_status=0
        if [ -n "$host_pid" ]; then
            waited=0
            while kill -0 "$host_pid" 2>/dev/null && [ "$waited" -lt 50 ]; do
                sleep 0.1
                waited=$((waited + 1))
            done
            pkill -KILL -s "$host_pid" 2>/dev/null
            wait "$host_pid"
            host_status=$?
            [ "$waited" -lt 50 ] || host_status=124
            pids=("$qemu_pid")
        fi
        : > "$run/share/host.finished"

        # 4. The verdict.
        if [ -s "$session_dir/init-error" ]; then
            finish_job "$index" FAIL 0 "VM start-up: $(cat "$session_dir/init-error")" "" "$session_dir/console.log"
            for index in "${order[@]:$position}"; do
                finish_job "$index" FAIL 0 "VM start-up failed (see above)"
            done
            stop_vm
            return 0
        fi
        if [ ! -e "$run/share/guest.status" ]; then
            local what
            if kill -0 "$qemu_pid" 2>/dev/null; then
                what="the VM stopped answering"
                [ -e "$run/share/guest.started" ] || what="the VM did not start the scenario within $limit s"
                pkill -KILL -s "$qemu_pid" 2>/dev/null
                stop_vm
                finish_job "$index" FAIL "$seconds" "$what (VM killed)" "" "$session_dir/console.log"
                remaining=("${order[@]:$position}")
                return 0
            fi
            wait "$qemu_pid"
            what="the VM died (qemu status $?; $(crash_summary "$session_dir/console.log"))"
            stop_vm
            crashes=$((crashes + 1))
            # A dead VM is a failure like any other, never rerun: its console shows why it died.
            finish_job "$index" FAIL "$seconds" "$what" "" "$session_dir/console.log"
            remaining=("${order[@]:$position}")
            return 0
        fi
        status=PASS
        reason=""
        # The guest creates guest.status and then writes it: over 9p the host can see it empty in between.
        local guest_status="" tries=0
        while guest_status=$(cat "$run/share/guest.status") && [ -z "$guest_status" ] && [ "$tries" -lt 50 ]; do
            sleep 0.1
            tries=$((tries + 1))
        done
        if [ "$guest_status" != 0 ]; then
            reason=$(head -n 1 "$run/share/reason" 2>/dev/null)
            reason=${reason:-guest failed}
        elif [ "$host_status" != 0 ] || [ -s "$run/share/host-reason" ]; then
            reason=$(head -n 1 "$run/share/host-reason" 2>/dev/null)
            [ "$host_status" = 124 ] && reason="host side still running 5 s after the guest finished"
            reason="host side: ${reason:-host() exited with status $host_status}"
        fi
        [ -z "$reason" ] || status=FAIL
        finish_job "$index" "$status" "$seconds" "$reason"
    done
    stop_vm
}

todo=("${!job_ids[@]}")
while [ "${#todo[@]}" -gt 0 ]; do
    if [ "$isolate" = 1 ]; then
        run_session "${todo[0]}"
        todo=("${remaining[@]}" "${todo[@]:1}")
    else
        run_session "${todo[@]}"
        todo=("${remaining[@]}")
    fi
done

summary="hil: $passed passed, $failed failed"
[ "$pending" = 0 ] || summary="$summary, $pending pending (station commands not built yet; see docs/testing.md)"
[ "$crashes" = 0 ] || summary="$summary, $crashes VM crash(es) (FAIL lines with the console's tail)"
summary="$summary in $(seconds_since "$run_start") s"
[ "$session_count" = 0 ] || summary="$summary, $session_count VM(s)${boot_seconds:+, booted in $boot_seconds s}"
echo "$summary (Linux $HIL_KERNEL_VERSION under qemu -accel $HIL_ACCEL${leg:+; leg $leg: $HIL_STATION}$v2_note)"
[ "$failed" = 0 ]

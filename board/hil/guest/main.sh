# Runs inside the HIL virtual machine (started by guest/init, in a chroot of the host's root, as root): runs the
# session's jobs one after the other, each a scenario against one build of breeze-station, and leaves the VM
# as it found it between them. The host (run.sh) lists the jobs in /run/hil/SESSION/jobs, one directory name
# per line; a job's shared directory is /run/hil/JOB/share (the host's hil-work/runs/JOB/share), holding
# job.env and scenario.sh from the host, and guest.log, guest.status and, on failure, reason from here.
#
# Per job: guest.started (the host then starts the scenario's host() side), the scenario in a session of its
# own (guest/job.sh), killed when it outlives its TIMEOUT; then every process it left behind is killed (by
# PID, against the list taken before it started, so daemons that left the session go too), the gpio-sim
# chips are removed, tracing is stopped, /tmp is a fresh tmpfs again; then guest.status. When the job has a
# host side, the next job waits for the host to have stopped it (host.finished), so two host sides never share
# ttyS1.
set -u
HIL_SESSION_DIR=/run/hil/$HIL_SESSION
. "$HIL_SESSION_DIR/run.env"
export HIL_ROOT HIL_WORK HIL_SAMPLER
# The rig's helpers (hil-sample, hil-pwm), built by prepare.sh.
export PATH="$HIL_WORK/bin:$PATH"
HIL_RESULTS=$HIL_SESSION_DIR
. "$HIL_ROOT/board/hil/guest/lib.sh"

# user_processes: the PIDs of every process but kernel threads (children of kthreadd, PID 2), built-ins only.
user_processes() {
    local entry pid line rest
    for entry in /proc/[0-9]*; do
        pid=${entry#/proc/}
        [ "$pid" != 2 ] || continue
        read -r line 2> /dev/null < "$entry/stat" || continue
        rest=${line##*) }
        set -- $rest
        [ "$2" != 2 ] || continue
        printf '%s ' "$pid"
    done
}

# kill_new_processes BASELINE: SIGKILL to every user process not in BASELINE (and not this shell).
kill_new_processes() {
    local pid killed=""
    for pid in $(user_processes); do
        case " $1 " in *" $pid "*) continue ;; esac
        [ "$pid" != "$$" ] || continue
        kill -KILL "$pid" 2> /dev/null && killed="$killed $pid"
    done
    [ -z "$killed" ] || echo "hil-main: killed processes left behind:$killed"
}

# The host directories shared with the VM (guest/init mounted each under /run/.hil-shares/TAG and bound it at
# its host path): those under /tmp are bound again on each fresh /tmp.
shares_in_tmp=0
while read -r tag path; do
    case "$path" in /tmp/*) shares_in_tmp=1 ;; esac
done < "$HIL_SESSION_DIR/shares"

# fresh_tmp: a new, empty tmpfs on /tmp (lazily detaching the old one with the shares bound inside it), and
# the shares under /tmp bound at their paths again.
fresh_tmp() {
    umount -l /tmp 2> /dev/null && mount -t tmpfs -o mode=1777 tmpfs /tmp || return 0
    [ "$shares_in_tmp" = 1 ] || return 0
    while read -r tag path; do
        case "$path" in
            /tmp/*)
                mkdir -p "$path" && mount -o bind "/run/.hil-shares/$tag" "$path" ||
                    echo "hil-main: binding $path again failed"
                ;;
        esac
    done < "$HIL_SESSION_DIR/shares"
}

previous_host=""
while read -r job; do
    [ -n "$job" ] || continue
    dir=/run/hil/$job/share
    if [ -n "$previous_host" ]; then
        waited=0
        while [ ! -e "$previous_host/host.finished" ] && [ "$waited" -lt 300 ]; do
            sleep 0.1
            waited=$((waited + 1))
        done
    fi
    # HIL_TIMEOUT, HIL_HAS_HOST (and what job.sh reads again for itself). Built-ins only between jobs: every
    # program started costs 50-100 ms under TCG.
    . "$dir/job.env"
    timeout=$HIL_TIMEOUT
    has_host=$HIL_HAS_HOST
    baseline=$(user_processes)
    hil_uptime > "$dir/guest.started"
    echo "hil-main: [$(hil_uptime)] job $job (timeout ${timeout:-120} s)"
    # timeout(1) waits without costing CPU time (a polling loop starting a program every 0.1 s would be 50-100 ms
    # of work under TCG, and disturb the PWM timing the scenarios measure); it puts itself in a process group of
    # its own, so its child, setsid(1), is no group leader and calls setsid() without forking: the job runs in
    # a session of its own. That session's leader is a wrapper shell, not the job: a session leader that opens
    # a terminal (ttyS1) makes it its controlling terminal, and then a reader in another process group
    # (`timeout 30 dd <&3`) is stopped by SIGTTIN. (`; exit $?` keeps sh from exec'ing the job in its place.)
    timeout --kill-after=2 "${timeout:-120}" \
        setsid sh -c 'sh "$0" "$1"; exit $?' "$HIL_ROOT/board/hil/guest/job.sh" "$dir" < /dev/null \
        > "$dir/guest.log" 2>&1
    status=$?
    timed_out=0
    [ "$status" != 124 ] && [ "$status" != 137 ] || timed_out=1
    kill_new_processes "$baseline"
    if [ "$timed_out" = 1 ]; then
        status=1
        [ -s "$dir/reason" ] || echo "timed out after ${timeout:-120} s (killed inside the VM)" > "$dir/reason"
    fi
    [ "$status" = 0 ] || [ -s "$dir/reason" ] || echo "guest() exited with status $status" > "$dir/reason"
    # hil_fail inside a command substitution ends only that subshell; the reason it recorded still fails the job.
    [ -s "$dir/reason" ] && status=1
    # Back to a clean VM for the next job.
    # Recording off; the events stay enabled (lib.sh says why).
    [ ! -e "$HIL_TRACING/tracing_on" ] || echo 0 > "$HIL_TRACING/tracing_on"
    hil_gpio_bank_remove || echo "hil-main: removing the gpio-sim chips failed"
    set -- /tmp/* /tmp/.[!.]*
    if [ "$shares_in_tmp" = 1 ] || [ -e "$1" ] || [ -e "$2" ]; then
        fresh_tmp
    fi
    echo "$status" > "$dir/guest.status"
    echo "hil-main: [$(hil_uptime)] job $job: status $status"
    # The console (hil-work/runs/SESSION/console.log) keeps a copy of a failed job's log.
    [ "$status" = 0 ] || sed "s/^/$job: /" "$dir/guest.log"
    previous_host=""
    [ "$has_host" != 1 ] || previous_host=$dir
done < "$HIL_SESSION_DIR/jobs"

# Helpers for a scenario's host() function (bash, on the host, while the scenario runs in the VM). run.sh starts
# host() in a session of its own when the guest starts the scenario, and kills that session when the guest is
# done with it, so helpers may leave background processes.
#
# Environment: HIL_ROOT, HIL_WORK, HIL_RUN (the job's directory on the host, hil-work/runs/JOB, for host-only
# files such as pty links), HIL_SHARE (the job's shared directory; /run/hil/JOB/share inside the VM),
# HIL_UART_SOCKET (the host end of the VM's ttyS1: a Unix socket that qemu listens on), HIL_STATION (the
# breeze-station binary), HIL_STATION_ENV, HIL_SCENARIO, HIL_LEG.

hil_log() {
    printf '[host %s] %s\n' "$(date +%T.%3N)" "$*"
}

# hil_fail MESSAGE: the scenario fails with this reason.
hil_fail() {
    hil_log "FAIL: $*"
    [ -s "$HIL_SHARE/host-reason" ] || printf '%s\n' "$*" > "$HIL_SHARE/host-reason"
    exit 1
}

# hil_wait_guest NAME SECONDS: waits for the guest's hil_signal NAME.
hil_wait_guest() {
    local deadline=$((SECONDS + $2))
    while [ ! -e "$HIL_SHARE/guest.$1" ]; do
        [ "$SECONDS" -lt "$deadline" ] || hil_fail "guest did not signal '$1' within $2 s"
        [ -e "$HIL_SHARE/guest.status" ] && hil_fail "guest finished without signalling '$1'"
        sleep 0.05
    done
    hil_log "guest: $1"
}

# hil_signal_guest NAME: lets the guest's hil_wait_host NAME return.
hil_signal_guest() {
    : > "$HIL_SHARE/host.$1"
}

hil_wait_for_socket() {
    local deadline=$((SECONDS + 20))
    until [ -S "$HIL_UART_SOCKET" ]; do
        [ "$SECONDS" -lt "$deadline" ] || hil_fail "qemu's socket for ttyS1 did not appear ($HIL_UART_SOCKET)"
        sleep 0.05
    done
}

# hil_uart_pty LINK: connects the VM's ttyS1 to a new pseudo-terminal whose path is the symlink LINK, in raw
# mode. Bytes written to LINK arrive at ttyS1 inside; bytes the guest writes to ttyS1 are read from LINK.
hil_uart_pty() {
    command -v socat >/dev/null || hil_fail "socat not found: install the Debian package socat"
    hil_wait_for_socket
    socat UNIX-CONNECT:"$HIL_UART_SOCKET" PTY,link="$1",raw,echo=0 &
    local deadline=$((SECONDS + 10))
    until [ -e "$1" ]; do
        [ "$SECONDS" -lt "$deadline" ] || hil_fail "socat did not create $1"
        sleep 0.05
    done
    stty -F "$1" raw -echo
    hil_log "ttyS1 of the VM is $1 ($(readlink "$1"))"
}

# hil_uart_attach PTY: connects the VM's ttyS1 to an existing pseudo-terminal, e.g. the one that
# `breeze-station emulate --link PATH` offers: the emulator then talks to the program reading ttyS1 inside.
hil_uart_attach() {
    command -v socat >/dev/null || hil_fail "socat not found: install the Debian package socat"
    hil_wait_for_socket
    socat UNIX-CONNECT:"$HIL_UART_SOCKET" FILE:"$1",raw,echo=0 &
    HIL_UART_PID=$!
    hil_log "ttyS1 of the VM is attached to $1"
}

# hil_uart_detach: ends the connection hil_uart_attach made: the VM's ttyS1 goes silent, as a sensor whose
# cable was pulled (a UART cannot tell).
hil_uart_detach() {
    [ -n "${HIL_UART_PID:-}" ] || return 0
    kill "$HIL_UART_PID" 2>/dev/null
    wait "$HIL_UART_PID" 2>/dev/null
    HIL_UART_PID=""
    hil_log "ttyS1 detached"
}

# hil_emulator_start ARGS...: starts `breeze-station emulate ARGS --link $HIL_RUN/sensor` (issue 3's emulator,
# on a pty of its own) and waits for the link; HIL_EMULATOR_PID is its process. Then hil_uart_attach
# "$HIL_RUN/sensor" puts it on the far side of the VM's ttyS1.
hil_emulator_start() {
    rm -f "$HIL_RUN/sensor"
    hil_log "starting: breeze-station emulate $* --link $HIL_RUN/sensor"
    env ${HIL_STATION_ENV:-} "$HIL_STATION" emulate "$@" --link "$HIL_RUN/sensor" \
        >> "$HIL_RUN/emulator.out" 2>> "$HIL_RUN/emulator.err" &
    HIL_EMULATOR_PID=$!
    local deadline=$((SECONDS + 15))
    until [ -e "$HIL_RUN/sensor" ]; do
        kill -0 "$HIL_EMULATOR_PID" 2>/dev/null ||
            hil_fail "breeze-station emulate exited: $(tail -n 1 "$HIL_RUN/emulator.err")"
        [ "$SECONDS" -lt "$deadline" ] || hil_fail "breeze-station emulate made no link $HIL_RUN/sensor in 15 s"
        sleep 0.05
    done
}

# hil_emulator_stop: SIGTERM to the emulator, and waits for it.
hil_emulator_stop() {
    [ -n "${HIL_EMULATOR_PID:-}" ] || return 0
    kill "$HIL_EMULATOR_PID" 2>/dev/null
    wait "$HIL_EMULATOR_PID" 2>/dev/null
    HIL_EMULATOR_PID=""
}

# hil_levels: the levels the scenario walks, as the guest's hil_levels sees them (LEVELS; V2_LEVELS in the
# libgpiod v2 leg unless HIL_ALL_LEVELS=1).
hil_levels() {
    if [ "${HIL_LEG:-}" = gpiod-v2 ] && [ -n "${V2_LEVELS:-}" ] && [ "${HIL_ALL_LEVELS:-0}" != 1 ]; then
        echo "$V2_LEVELS"
    else
        echo "$LEVELS"
    fi
}

# hil_station_supports WORD...: succeeds when the binary has the command (e.g. emulate).
hil_station_supports() {
    [ -x "$HIL_STATION" ] || return 1
    local help
    help=$(env ${HIL_STATION_ENV:-} "$HIL_STATION" "$1" --help 2>/dev/null) || return 1
    [ $# -lt 2 ] || grep -qw -- "$2" <<< "$help"
}

# hil_hex_to_bytes FILE...: the hex lines of fixture files (# comments ignored) as raw bytes on stdout.
hil_hex_to_bytes() {
    grep -hv '^#' "$@" | tr -d ' \n' | tr a-f A-F | basenc --base16 -d
}

hil_hex() {
    od -An -v -tx1 "$1" | tr -d ' \n'
}

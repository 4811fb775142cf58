#!/bin/sh
# Installs the package on a clean Debian 12 that boots systemd, and checks the service starts there:
#
#   scripts/check-clean-install.sh PACKAGE.deb [SNAPSHOT.json]
#
# A minimal Debian 12 (debootstrap --variant=minbase plus systemd, dbus, ca-certificates; cached in
# .build/clean-install/base.tar) boots systemd 252 as PID 1 in a systemd-nspawn container, on a throwaway
# copy. Inside: `apt-get install ./PACKAGE.deb` from the Debian archive (so Depends must be complete), then
# the service as the package left it: enabled, started by the postinst, running as user breeze-station inside
# the unit's sandbox (seccomp filter, MemoryDenyWriteExecute, ProtectSystem, DevicePolicy). Until
# `breeze-station run` exists the real unit is reported PEND, and a drop-in runs `serve --snapshot` under the
# same sandbox instead (only ExecStart, Type and WatchdogSec change). Then `apt-get purge`.
#
# Needs root, network access to deb.debian.org, debootstrap and systemd-container (make deps installs them
# for this target), about 3 minutes the first time and 1 minute after. Not part of make test.
set -u
deb=${1:?usage: check-clean-install.sh PACKAGE.deb [SNAPSHOT.json]}
deb=$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")
here=$(cd "$(dirname "$0")/.." && pwd)
snapshot=${2:-$here/Tests/StationEndpointTests/Fixtures/snapshot.json}
cache=$here/.build/clean-install
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
failures=0
pass() { printf 'PASS  %-34s %s\n' "$1" "${2:-}"; }
fail() { printf 'FAIL  %-34s %s\n' "$1" "${2:-}"; failures=$((failures + 1)); }
pend() { printf 'PEND  %-34s %s\n' "$1" "${2:-}"; }
[ "$(id -u)" -eq 0 ] || { fail "clean install" "needs root"; exit 1; }
for tool in debootstrap systemd-nspawn nsenter; do
    command -v "$tool" >/dev/null 2>&1 || { fail "clean install" "$tool missing (apt-get install debootstrap systemd-container)"; exit 1; }
done

mkdir -p "$cache"
if [ ! -s "$cache/base.tar" ]; then
    rm -rf "$cache/base"
    echo "debootstrap: a minimal Debian 12 with systemd from $mirror (once; cached in $cache/base.tar)"
    debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,ca-certificates bookworm "$cache/base" \
        "$mirror" >"$cache/debootstrap.log" 2>&1 || { fail "debootstrap" "see $cache/debootstrap.log"; exit 1; }
    echo breeze-clean >"$cache/base/etc/hostname"
    tar -C "$cache/base" -cf "$cache/base.tar" . && rm -rf "$cache/base"
fi
work=$(mktemp -d /var/tmp/breeze-clean.XXXXXX)
root=$work/root
mkdir -p "$root"
tar -C "$root" -xf "$cache/base.tar"
cp "$deb" "$root/var/tmp/breeze-station.deb"
mkdir -p "$root/usr/local/share/breeze-station-check"
cp "$snapshot" "$root/usr/local/share/breeze-station-check/snapshot.json"

systemd-nspawn -D "$root" --register=no --keep-unit --boot --console=read-only >"$work/console.log" 2>&1 &
nspawn=$!
cleanup() {
    kill "$nspawn" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 "$nspawn" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$nspawn" 2>/dev/null
    wait "$nspawn" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# The container's PID 1: nspawn's child once it is systemd (nspawn forks an intermediate child first).
init=""
for _ in $(seq 1 300); do
    child=$(cat "/proc/$nspawn/task/$nspawn/children" 2>/dev/null | awk '{print $1}')
    if [ -n "$child" ] && [ "$(cat "/proc/$child/comm" 2>/dev/null)" = systemd ]; then init=$child; break; fi
    sleep 0.1
done
[ -n "$init" ] || { fail "boot" "systemd-nspawn started no init: $(tail -c 300 "$work/console.log")"; exit 1; }
inside() { nsenter --target "$init" --mount --uts --ipc --net --pid -- /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
# Until systemd's private socket exists, systemctl prints nothing; then --wait waits for the boot to end.
state=""
for _ in $(seq 1 60); do
    state=$(inside timeout 60 systemctl is-system-running --wait 2>/dev/null)
    [ -n "$state" ] && [ "$state" != starting ] && [ "$state" != initializing ] && break
    sleep 1
done
case "$state" in
    running | degraded) pass "boot" "systemd $(inside systemctl --version | awk 'NR == 1 {print $2}') is PID 1, system $state" ;;
    *) fail "boot" "system state '$state'"; exit 1 ;;
esac

if inside sh -c 'apt-get update -qq && apt-get install -y -qq /var/tmp/breeze-station.deb' >"$work/apt.log" 2>&1; then
    pass "apt-get install ./package.deb" "$(grep -c '^Setting up' "$work/apt.log") packages set up from the archive"
else
    fail "apt-get install ./package.deb" "$(tail -c 400 "$work/apt.log" | tr '\n' ' ')"
    exit 1
fi
[ "$(inside systemctl is-enabled breeze-station.service 2>/dev/null)" = enabled ] \
    && pass "enabled" || fail "enabled" "$(inside systemctl is-enabled breeze-station.service 2>&1)"
inside sh -c 'getent passwd breeze-station && getent group gpio i2c dialout' >/dev/null \
    && pass "user and groups" "breeze-station; gpio i2c dialout" || fail "user and groups" "missing"

show() { inside systemctl show breeze-station.service -p "$1" --value; }
if inside /usr/bin/breeze-station --help | grep -q '^  run '; then
    # The real unit: Type=notify with the watchdog; it must become active and stay up past two watchdog periods.
    for _ in $(seq 1 60); do [ "$(show ActiveState)" = active ] && break; sleep 1; done
    sleep 65
    if [ "$(show ActiveState)" = active ] && [ "$(show NRestarts)" = 0 ]; then
        pass "the real unit" "active (READY=1), no restart in 65 s (watchdog pinged), user $(show User)"
    else
        fail "the real unit" "$(show ActiveState)/$(show SubState), restarts $(show NRestarts), status $(show ExecMainStatus)"
        inside journalctl -u breeze-station --no-pager -n 20 | sed 's/^/      /'
    fi
else
    status=$(show ExecMainStatus)
    pend "the real unit" "breeze-station run is not built yet (the postinst started it; it exited $status, restarting)"
    # The same sandbox around a command that exists: only ExecStart, Type and the watchdog change.
    inside mkdir -p /etc/systemd/system/breeze-station.service.d
    inside sh -c 'cat >/etc/systemd/system/breeze-station.service.d/serve.conf' <<'EOF'
[Service]
Type=exec
WatchdogSec=0
ExecStart=
ExecStart=/usr/bin/breeze-station serve --snapshot /usr/local/share/breeze-station-check/snapshot.json --listen 127.0.0.1:8080
EOF
    inside systemctl daemon-reload
    inside systemctl restart breeze-station.service
    sleep 5
    # No curl in a minimal Debian: bash's /dev/tcp.
    body=$(inside bash -c 'exec 3<>/dev/tcp/127.0.0.1/8080 && printf "GET /healthz HTTP/1.0\r\n\r\n" >&3 && cat <&3' 2>&1)
    pid=$(show MainPID)
    if [ "$(show ActiveState)" = active ] && [ "$(show NRestarts)" = 0 ] && echo "$body" | grep -q '"status":"ok"'; then
        pass "the sandbox (serve)" "active 5 s, no restart, user $(inside stat -c %U "/proc/$pid"), HTTP 200 /healthz"
        inside grep -E '^(Seccomp|NoNewPrivs|CapEff|Groups):' "/proc/$pid/status" | tr '\t' ' ' | sed 's/^/      /'
    else
        fail "the sandbox (serve)" "$(show ActiveState)/$(show SubState), status $(show ExecMainStatus): $(echo "$body" | head -c 200)"
        inside journalctl -u breeze-station --no-pager -n 20 | sed 's/^/      /'
    fi
    # What systemd itself said about applying the unit (warnings: settings the container cannot honour).
    inside journalctl --no-pager -o cat _PID=1 -p warning 2>/dev/null | grep -i 'breeze' | sort -u | sed 's/^/      systemd: /'
    [ "$(inside stat -c %U /var/lib/breeze-station 2>/dev/null)" = breeze-station ] \
        && pass "state directory" "/var/lib/breeze-station, owned by breeze-station" \
        || fail "state directory" "not created"
    inside rm -rf /etc/systemd/system/breeze-station.service.d
fi

if inside apt-get purge -y -qq breeze-station >"$work/purge.log" 2>&1 && ! inside test -e /usr/bin/breeze-station \
    && ! inside test -e /etc/breeze-station && ! inside test -e /var/lib/breeze-station \
    && [ "$(show LoadState)" != loaded ]; then
    pass "apt-get purge" "stopped, files, configuration and state gone"
else
    fail "apt-get purge" "$(tail -c 300 "$work/purge.log" | tr '\n' ' ') (load state $(show LoadState))"
fi

[ "$failures" -eq 0 ] || { echo "check-clean-install: $failures failed" >&2; exit 1; }
echo "check-clean-install: $(basename "$deb") installs and starts on a clean Debian 12"

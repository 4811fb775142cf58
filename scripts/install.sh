#!/bin/sh
# Installs Breeze Station: the binary, the systemd unit, its user and groups (sysusers.d), the udev rule for
# GPIO and I²C, the board profiles and examples, the docs, and /etc/breeze-station/config.json if missing.
#
#   scripts/install.sh --binary PATH [--prefix /usr/local] [--destdir DIR] [--layout local|debian]
#
# --layout local (make install): the admin's places (/etc/systemd/system, /etc/sysusers.d, /etc/udev/rules.d),
#   the unit's ExecStart rewritten to PREFIX/bin; with no DESTDIR it also creates the user and groups, applies
#   the udev rule and, when systemd is PID 1, reloads systemd and enables the service (not started: edit the
#   configuration and run the doctor first).
# --layout debian (make deb): the package's places (/lib/systemd/system, /usr/lib/sysusers.d,
#   /lib/udev/rules.d) under DESTDIR, PREFIX /usr, the configuration always staged (it is a conffile);
#   nothing is activated (the maintainer scripts do that).
set -eu

binary=
prefix=/usr/local
destdir=
layout=local
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=$2; shift 2 ;;
        --prefix) prefix=$2; shift 2 ;;
        --destdir) destdir=$2; shift 2 ;;
        --layout) layout=$2; shift 2 ;;
        *) echo "install.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -n "$binary" ] || { echo "install.sh: --binary PATH is required" >&2; exit 2; }
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable (build it first: make release)" >&2; exit 1; }
case "$layout" in
    local)
        unitdir=/etc/systemd/system
        sysusersdir=/etc/sysusers.d
        udevdir=/etc/udev/rules.d
        ;;
    debian)
        [ "$prefix" = /usr ] || { echo "install.sh: --layout debian needs --prefix /usr" >&2; exit 2; }
        unitdir=/lib/systemd/system
        sysusersdir=/usr/lib/sysusers.d
        udevdir=/lib/udev/rules.d
        ;;
    *) echo "install.sh: --layout is local or debian, not '$layout'" >&2; exit 2 ;;
esac

here=$(cd "$(dirname "$0")/.." && pwd)
bindir=$prefix/bin
sharedir=$prefix/share/breeze-station
docdir=$prefix/share/doc/breeze-station

install -D -m 0755 "$binary" "$destdir$bindir/breeze-station"

# The unit names /usr/bin and /usr/share/doc; point it at the prefix actually used.
install -d -m 0755 "$destdir$unitdir"
sed -e "s|/usr/bin/breeze-station|$bindir/breeze-station|g" -e "s|/usr/share/doc/breeze-station|$docdir|g" \
    "$here/systemd/breeze-station.service" > "$destdir$unitdir/breeze-station.service"
chmod 0644 "$destdir$unitdir/breeze-station.service"
install -D -m 0644 "$here/systemd/breeze-station.sysusers.conf" "$destdir$sysusersdir/breeze-station.conf"
install -D -m 0644 "$here/systemd/60-breeze-station.rules" "$destdir$udevdir/60-breeze-station.rules"

install -d -m 0755 "$destdir$sharedir/boards/examples"
for file in "$here"/board/*.json; do install -m 0644 "$file" "$destdir$sharedir/boards/"; done
for file in "$here"/board/examples/*.json; do install -m 0644 "$file" "$destdir$sharedir/boards/examples/"; done

install -d -m 0755 "$destdir$docdir"
install -m 0644 "$here/README.md" "$destdir$docdir/README.md"
install -m 0644 "$here/board/README.md" "$destdir$docdir/boards.md"
for doc in operations wiring configuration sensors leds api openmeteo; do
    if [ -f "$here/docs/$doc.md" ]; then install -m 0644 "$here/docs/$doc.md" "$destdir$docdir/$doc.md"; fi
done

# The configuration: readable by the service's user (no secrets in it by default).
install -d -m 0755 "$destdir/etc/breeze-station"
config="$destdir/etc/breeze-station/config.json"
if [ "$layout" = debian ] || [ ! -e "$config" ]; then
    install -m 0644 "$here/board/generic.json" "$config"
    [ "$layout" = debian ] || echo "installed $config (generic: edit it, or copy a board's from $sharedir/boards)"
else
    echo "kept $config"
fi

[ "$layout" = local ] && [ -z "$destdir" ] || exit 0

# Live install: groups, device permissions, systemd.
if command -v systemd-sysusers >/dev/null 2>&1; then
    systemd-sysusers "$sysusersdir/breeze-station.conf"
else
    for group in gpio i2c dialout; do getent group "$group" >/dev/null || groupadd --system "$group"; done
    getent passwd breeze-station >/dev/null || useradd --system --user-group --home-dir /var/lib/breeze-station \
        --no-create-home --shell /usr/sbin/nologin --comment "Breeze Station air-quality monitor" breeze-station
fi
if [ -S /run/udev/control ] && command -v udevadm >/dev/null 2>&1; then
    udevadm control --reload-rules || true
    udevadm trigger --action=change --subsystem-match=gpio --subsystem-match=i2c-dev || true
fi
if [ -d /run/systemd/system ]; then
    systemctl daemon-reload
    systemctl enable breeze-station.service
    echo "enabled breeze-station.service; next: edit /etc/breeze-station/config.json, run" \
        "'sudo $bindir/breeze-station doctor', then 'sudo systemctl start breeze-station'"
else
    echo "systemd is not running here (PID 1 is $(cat /proc/1/comm 2>/dev/null || echo unknown)):" \
        "installed, not enabled"
fi

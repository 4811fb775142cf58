#!/bin/sh
# Removes what scripts/install.sh --layout local installed (make uninstall). The configuration
# (/etc/breeze-station) and the history (/var/lib/breeze-station) stay; the groups stay too.
#
#   scripts/uninstall.sh [--prefix /usr/local] [--destdir DIR]
set -eu
prefix=/usr/local
destdir=
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix=$2; shift 2 ;;
        --destdir) destdir=$2; shift 2 ;;
        *) echo "uninstall.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
if [ -z "$destdir" ] && [ -d /run/systemd/system ]; then
    systemctl disable --now breeze-station.service 2>/dev/null || true
fi
rm -f "$destdir$prefix/bin/breeze-station" "$destdir/etc/systemd/system/breeze-station.service" \
    "$destdir/etc/sysusers.d/breeze-station.conf" "$destdir/etc/udev/rules.d/60-breeze-station.rules"
rm -rf "$destdir$prefix/share/breeze-station" "$destdir$prefix/share/doc/breeze-station"
if [ -z "$destdir" ] && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
echo "removed breeze-station from $destdir$prefix; kept /etc/breeze-station and /var/lib/breeze-station"

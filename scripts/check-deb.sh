#!/bin/sh
# Checks the Debian package of Breeze Station:
#
#   scripts/check-deb.sh PACKAGE.deb
#
# 1. Structure: the files `make install` installs, the conffile, Depends on the libraries the binary links,
#    maintainer scripts that parse; lintian when it is installed (errors fail, warnings are printed).
# 2. Installation on a throwaway copy of this machine (and make install's live path after the purge): in a private mount namespace, an overlay of / (all
#    writes land in a temporary directory; the machine is not touched) is the root of a chroot with its own
#    /proc, /dev and an empty /run (so, as in a container, systemd is not running there). There:
#    dpkg -i must succeed with dependency checks on; the groups exist; the service is enabled; the installed
#    binary runs (version, doctor); systemd-analyze verifies and scores the installed unit; a reinstall
#    (the upgrade path) keeps an edited configuration; dpkg -r keeps the configuration and masks the unit;
#    dpkg -P removes everything, the state directory included.
# Needs root (mount namespaces, overlayfs, chroot). One PASS/FAIL line per check; exit 1 on any FAIL.
set -u

deb=${1:?usage: check-deb.sh PACKAGE.deb}
deb=$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")
failures=0
pass() { printf 'PASS  %-26s %s\n' "$1" "${2:-}"; }
fail() { printf 'FAIL  %-26s %s\n' "$1" "${2:-}"; failures=$((failures + 1)); }
check() { name=$1; detail=$2; shift 2; if "$@" >/dev/null 2>&1; then pass "$name" "$detail"; else fail "$name" "$detail"; fi; }

work=$(mktemp -d "${TMPDIR:-/tmp}/breeze-deb-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

# ---- 1. Structure ----------------------------------------------------------------------------------------
dpkg-deb --info "$deb" >"$work/info" 2>&1 || { fail "dpkg-deb --info" "$(cat "$work/info")"; exit 1; }
dpkg-deb --contents "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/contents"
mkdir -p "$work/control" && dpkg-deb --control "$deb" "$work/control"
missing=""
for path in /usr/bin/breeze-station /lib/systemd/system/breeze-station.service /usr/lib/sysusers.d/breeze-station.conf \
    /lib/udev/rules.d/60-breeze-station.rules /etc/breeze-station/config.json /usr/share/breeze-station/boards/profiles.json \
    /usr/share/breeze-station/boards/pi-zero-2-w.json /usr/share/breeze-station/boards/pi-3b-plus.json \
    /usr/share/breeze-station/boards/pi-4b.json /usr/share/breeze-station/boards/pi-5.json \
    /usr/share/doc/breeze-station/copyright /usr/share/doc/breeze-station/changelog.Debian.gz; do
    grep -qx "$path" "$work/contents" || missing="$missing $path"
done
if [ -z "$missing" ]; then pass "contents" "$(grep -c . "$work/contents") entries"; else fail "contents" "missing:$missing"; fi
check "conffiles" "/etc/breeze-station/config.json" grep -qx /etc/breeze-station/config.json "$work/control/conffiles"
depends=$(sed -n 's/^Depends: //p' "$work/control/control")
absent=""
for library in libgpiod2 libi2c0 libmicrohttpd12 libcurl4 libsqlite3-0 libc6; do
    echo "$depends" | grep -q "\b$library\b" || absent="$absent $library"
done
if [ -z "$absent" ]; then pass "depends" "$depends"; else fail "depends" "lacks$absent: $depends"; fi
# Cross-check against dpkg-shlibdeps: each library the binary needs (objdump), found on this machine (ldd),
# belongs to a package (dpkg -S) that Depends names.
dpkg-deb --fsys-tarfile "$deb" | tar -x -O ./usr/bin/breeze-station >"$work/binary" && chmod 0755 "$work/binary"
owners=""
unowned=""
for soname in $(objdump -p "$work/binary" | awk '$1 == "NEEDED" {print $2}'); do
    path=$(ldd "$work/binary" | awk -v so="$soname" '$1 == so && $3 ~ /^\// {print $3}')
    [ -n "$path" ] || { [ "$soname" = "$(basename "$(ldd "$work/binary" | awk '$1 ~ /^\// {print $1}')")" ] && continue; }
    owner=""
    for candidate in "$path" "$(readlink -f "$path")" "/usr$path" "${path#/usr}"; do
        owner=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) && [ -n "$owner" ] && break
    done
    if [ -z "$owner" ]; then unowned="$unowned $soname"; continue; fi
    owners="$owners $owner"
    echo "$depends" | grep -q "\b$owner\b" || absent="$absent $owner($soname)"
done
if [ -z "$absent" ] && [ -z "$unowned" ]; then
    pass "depends cover NEEDED" "$(echo $owners | tr ' ' '\n' | sort -u | tr '\n' ' ')"
else
    fail "depends cover NEEDED" "not in Depends:$absent; no package owns:$unowned"
fi
for script in postinst prerm postrm; do
    check "$script syntax" "sh -n, executable" sh -c "sh -n '$work/control/$script' && test -x '$work/control/$script'"
done
if command -v lintian >/dev/null 2>&1; then
    # packaging/debian/lintian-overrides: no-manual-page (the commands' --help is the manual) and
    # initial-upload-closes-no-bugs (not a Debian archive upload).
    lintian --no-tag-display-limit --suppress-tags-from-file "$(dirname "$0")/../packaging/debian/lintian-overrides" \
        "$deb" >"$work/lintian" 2>&1
    if grep -q '^E:' "$work/lintian"; then
        fail "lintian" "$(grep '^E:' "$work/lintian" | head -5 | tr '\n' ';')"
    else
        pass "lintian" "no errors, $(grep -c '^W:' "$work/lintian") warnings"
        grep '^W:' "$work/lintian" | sed 's/^/      /'
    fi
else
    printf 'PEND  %-26s %s\n' lintian "not installed (apt-get install lintian)"
fi

# ---- 2. Installation in a throwaway root ------------------------------------------------------------------
if [ "$(id -u)" -ne 0 ]; then
    fail "install" "needs root (mount namespace, overlayfs, chroot); run make as root"
    exit 1
fi
cp "$deb" "$work/package.deb"
# make install's inputs: the scripts, unit files, board files, docs, and the packaged binary.
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work/src"
cp -a "$here/scripts" "$here/systemd" "$here/board" "$here/docs" "$here/README.md" "$work/src/"
rm -rf "$work/src/board/hil"
dpkg-deb --fsys-tarfile "$deb" | tar -x -O ./usr/bin/breeze-station >"$work/src/breeze-station"
chmod 0755 "$work/src/breeze-station"
cat >"$work/inside.sh" <<'INSIDE'
#!/bin/sh
# Runs in the chroot: the machine's own files under an overlay, /run empty, no systemd.
set -u
say() { printf '%s %s\n' "$1" "$2"; }
expect() { name=$1; shift; if "$@" >/tmp/out 2>&1; then say ok "$name"; else say no "$name: $(tail -c 400 /tmp/out | tr '\n' ' ')"; fi; }

# Earlier installations on this machine (make install, another package) would only confuse the checks.
rm -f /usr/local/bin/breeze-station /etc/systemd/system/breeze-station.service
dpkg --purge breeze-station >/dev/null 2>&1 || true
rm -rf /etc/breeze-station /var/lib/breeze-station

expect "dpkg -i (dependencies checked)" dpkg -i /package.deb
expect "user and groups" sh -c 'getent passwd breeze-station && getent group gpio i2c dialout breeze-station'
expect "enabled for multi-user.target" test -L /etc/systemd/system/multi-user.target.wants/breeze-station.service
expect "nothing started (no systemd)" test ! -e /run/systemd/system
expect "libraries resolve" sh -c '! ldd /usr/bin/breeze-station | grep -q "not found"'
expect "breeze-station version" sh -c 'breeze-station version | grep -q "^breeze-station "'
expect "breeze-station doctor runs" sh -c 'breeze-station doctor --json | grep -q "\"findings\""'
expect "config readable by the service" sh -c 'test "$(stat -c %a /etc/breeze-station/config.json)" = 644'
expect "systemd-analyze verify" sh -c 'systemd-analyze verify breeze-station.service >/tmp/verify 2>&1 && test ! -s /tmp/verify'
expect "systemd-analyze security" systemd-analyze security --offline=yes --threshold=20 /lib/systemd/system/breeze-station.service
echo '{"station": {"name": "edited"}}' >/etc/breeze-station/config.json
expect "reinstall (upgrade path)" dpkg -i /package.deb
expect "edited conffile kept" grep -q edited /etc/breeze-station/config.json
mkdir -p /var/lib/breeze-station && touch /var/lib/breeze-station/history.sqlite
expect "dpkg -r" dpkg -r breeze-station
expect "binary removed" test ! -e /usr/bin/breeze-station
expect "configuration kept after -r" test -f /etc/breeze-station/config.json
expect "unit masked after -r" sh -c 'test "$(readlink /etc/systemd/system/breeze-station.service)" = /dev/null'
expect "dpkg -P" dpkg -P breeze-station
expect "configuration purged" test ! -e /etc/breeze-station/config.json
expect "state purged" test ! -e /var/lib/breeze-station
expect "mask and enablement purged" sh -c '! test -e /etc/systemd/system/breeze-station.service -o -L /etc/systemd/system/multi-user.target.wants/breeze-station.service'

# make install's live path (no DESTDIR), in the same throwaway root: groups, files, no systemd to enable.
expect "make install (live)" sh -c 'sh /src/scripts/install.sh --binary /src/breeze-station >/tmp/install.out 2>&1'
expect "make install, not enabled without systemd" grep -q "systemd is not running here" /tmp/install.out
expect "make install, runs from /usr/local/bin" sh -c '/usr/local/bin/breeze-station version | grep -q "^breeze-station "'
expect "make install, verify" sh -c 'systemd-analyze verify breeze-station.service >/tmp/verify 2>&1 && test ! -s /tmp/verify && grep -q "^ExecStart=/usr/local/bin/breeze-station run" /etc/systemd/system/breeze-station.service'
expect "make install, configuration" test -f /etc/breeze-station/config.json
expect "make uninstall" sh -c 'sh /src/scripts/uninstall.sh >/dev/null && test ! -e /usr/local/bin/breeze-station && test -f /etc/breeze-station/config.json'
INSIDE
chmod 0755 "$work/inside.sh"
mkdir -p "$work/upper" "$work/overlay-work" "$work/root"
unshare --mount --fork sh -c '
    set -e
    w=$1
    mount --make-rprivate /
    mount -t overlay overlay -o "lowerdir=/,upperdir=$w/upper,workdir=$w/overlay-work" "$w/root"
    mount -t proc proc "$w/root/proc"
    mount --rbind /dev "$w/root/dev"
    mount -t tmpfs tmpfs "$w/root/run"
    mount -t tmpfs tmpfs "$w/root/tmp"
    cp "$w/package.deb" "$w/root/package.deb"
    cp "$w/inside.sh" "$w/root/inside.sh"
    cp -a "$w/src" "$w/root/src"
    chroot "$w/root" /inside.sh
' sh "$work" >"$work/inside.out" 2>&1
status=$?
if [ "$status" -ne 0 ] && ! grep -q '^ok ' "$work/inside.out"; then
    fail "install" "could not set up the throwaway root (exit $status): $(tail -c 400 "$work/inside.out" | tr '\n' ' ')"
fi
while read -r verdict rest; do
    case "$verdict" in
        ok) pass "install: ${rest%%:*}" ;;
        no) fail "install: ${rest%%:*}" "${rest#*: }" ;;
    esac
done <"$work/inside.out"

[ "$failures" -eq 0 ] || { echo "check-deb: $failures failed" >&2; exit 1; }
echo "check-deb: $(basename "$deb") passed"

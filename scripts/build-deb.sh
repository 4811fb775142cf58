#!/bin/sh
# Builds the Debian package of Breeze Station with dpkg-deb, from a built binary:
#
#   scripts/build-deb.sh BINARY OUTPUT_DIRECTORY
#
# The content is what `make install` installs (scripts/install.sh --layout debian), plus the maintainer
# scripts (packaging/debian), conffiles, md5sums, copyright and changelog. Depends comes from
# dpkg-shlibdeps on the binary: the Debian packages of the shared libraries it links (libgpiod2, libi2c0,
# libmicrohttpd12, libcurl4, libsqlite3-0, libc6, ...), never a hand-kept list. Prints the .deb's path.
set -eu

binary=$1
output=$2
here=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$binary" ] || { echo "build-deb.sh: $binary is not an executable" >&2; exit 1; }
command -v dpkg-shlibdeps >/dev/null 2>&1 || { echo "build-deb.sh: dpkg-shlibdeps missing (apt-get install dpkg-dev)" >&2; exit 1; }

version=$("$binary" version | awk '{print $2}')
revision=${DEB_REVISION:-1}
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-Breeze Station maintainers <maintainers@breeze-station.example.org>}
work=$(mktemp -d "${TMPDIR:-/tmp}/breeze-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root

sh "$here/scripts/install.sh" --binary "$binary" --prefix /usr --destdir "$root" --layout debian
# Stripped as dh_strip does (33 MB → 17 MB); the unstripped binary stays in the build directory for
# symbolizing a crash report.
strip --remove-section=.comment --remove-section=.note "$root/usr/bin/breeze-station"

doc=$root/usr/share/doc/breeze-station
install -m 0644 "$here/packaging/debian/copyright" "$doc/copyright"
{
    printf 'breeze-station (%s-%s) bookworm; urgency=medium\n\n' "$version" "$revision"
    printf '  * Breeze Station %s.\n\n' "$version"
    printf ' -- %s  %s\n' "$maintainer" "$(date -R -d "@${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)}")"
} | gzip -9n > "$doc/changelog.Debian.gz"
chmod 0644 "$doc/changelog.Debian.gz"

# Depends, from the libraries the binary links (dpkg-shlibdeps wants a debian/control beside it).
mkdir -p "$work/shlibs/debian"
printf 'Source: breeze-station\n\nPackage: breeze-station\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O -e"$root/usr/bin/breeze-station" 2>"$work/shlibdeps.err" \
    | sed -n 's/^shlibs:Depends=//p') || { cat "$work/shlibdeps.err" >&2; exit 1; }
[ -n "$depends" ] || { echo "build-deb.sh: dpkg-shlibdeps found no dependencies" >&2; cat "$work/shlibdeps.err" >&2; exit 1; }

install -d -m 0755 "$root/DEBIAN"
for script in postinst prerm postrm; do install -m 0755 "$here/packaging/debian/$script" "$root/DEBIAN/$script"; done
echo /etc/breeze-station/config.json > "$root/DEBIAN/conffiles"
(cd "$root" && find . -type f ! -path './DEBIAN/*' | sed 's|^\./||' | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/conffiles" "$root/DEBIAN/md5sums"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: breeze-station
Version: $version-$revision
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Suggests: gpiod, i2c-tools
Section: misc
Priority: optional
Description: air-quality station for Raspberry Pi-class boards
 Breeze Station reads a particulate sensor (Plantower PMS5003 family, Nova
 SDS011, Sensirion SPS30, ...) over serial or I2C, computes the US AQI with
 the EPA's algorithm (2024 breakpoints, NowCast), checks it against
 Open-Meteo, shows the level on status LEDs through libgpiod and serves
 JSON, Prometheus metrics and a status page over HTTP.
 .
 The package installs a hardened systemd service (breeze-station.service),
 enabled and started on installation, the board profiles and examples in
 /usr/share/breeze-station/boards, and breeze-station doctor, which checks
 the board set-up. Configuration: /etc/breeze-station/config.json.
EOF
chmod 0644 "$root/DEBIAN/control"

mkdir -p "$output"
deb=$output/breeze-station_${version}-${revision}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"

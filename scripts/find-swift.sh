#!/bin/sh
# Prints the path of a Swift 6 toolchain's `swift`, installing the official toolchain for Debian 12 under
# /opt/swift when none is found. Used by the Makefile.
set -eu

SWIFT_VERSION="${SWIFT_VERSION:-6.3.1}"

for candidate in "$(command -v swift 2>/dev/null || true)" /opt/swift/usr/bin/swift /usr/bin/swift; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
        if "$candidate" --version 2>/dev/null | grep -q "Swift version 6"; then
            echo "$candidate"
            exit 0
        fi
    fi
done

# No toolchain: fetch swift.org's build for Debian 12 (x86_64 or aarch64), as swift.org documents.
case "$(uname -m)" in
    x86_64) platform="debian12" ;;
    aarch64) platform="debian12-aarch64" ;;
    *) echo "error: no Swift toolchain found and none is published for $(uname -m); install Swift 6 by hand" >&2; exit 1 ;;
esac
name="swift-${SWIFT_VERSION}-RELEASE-${platform}"
url="https://download.swift.org/swift-${SWIFT_VERSION}-release/${platform}/swift-${SWIFT_VERSION}-RELEASE/${name}.tar.gz"
here="$(dirname "$0")"
sh "$here/install-debian-packages.sh" curl ca-certificates binutils git gnupg2 libc6-dev libcurl4-openssl-dev \
    libedit2 libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libncurses-dev libz3-dev \
    pkg-config tzdata zlib1g-dev unzip >&2
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "Installing the Swift ${SWIFT_VERSION} toolchain from ${url} into /opt/swift" >&2
tmp="$(mktemp -d)"
curl -fsSL "$url" -o "$tmp/swift.tar.gz" >&2
$sudo mkdir -p /opt/swift
$sudo tar -xzf "$tmp/swift.tar.gz" -C /opt/swift --strip-components=1
rm -rf "$tmp"
echo /opt/swift/usr/bin/swift

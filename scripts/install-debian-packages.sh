#!/bin/sh
# Installs the Debian packages named as arguments, only those that are missing. Runs `apt-get update` first
# when something is missing, and uses sudo when not root. Used by `make deps`.
set -eu

missing=""
for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "error: missing Debian packages:$missing; run 'make deps' as root or install sudo" >&2
    exit 1
fi

echo "Installing Debian packages:$missing"
$sudo apt-get update -qq
# shellcheck disable=SC2086 # word splitting of the package list is intended
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing

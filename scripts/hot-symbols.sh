#!/bin/sh
# Regenerates scripts/hot-symbols.txt, the functions the idle station runs (docs/performance.md): the release
# link (RELEASE_LINK_FLAGS) places them first in .text, so the code the station keeps running shares a few
# pages instead of touching pages (and the kernel's large folios) all over the binary.
#
#   sh scripts/hot-symbols.sh      # make bench-station under callgrind, then every function of its idle window
#
# Functions only in the old list are kept (a path the window happened to miss, say the hourly work); names no
# longer in the binary are ignored by the linker (--no-warn-symbol-ordering).
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
BENCH_CALLGRIND="$out/station" make bench-station BENCH_STARTS=1
grep -ho '^c\?fn=([0-9]*) .*' "$out"/station.* | sed 's/^c\?fn=([0-9]*) //' | grep -v '^0x' > "$out/new"
sort -u "$out/new" scripts/hot-symbols.txt > "$out/all"
mv "$out/all" scripts/hot-symbols.txt
wc -l scripts/hot-symbols.txt

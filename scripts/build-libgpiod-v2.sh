#!/bin/sh
# Builds libgpiod 2.x (the C library only) from PyPI's `gpiod` source distribution, which carries libgpiod's
# lib/*.c and include/gpiod.h, into a scratch prefix: lib/libgpiod-v2.so (shared: a static archive's place on
# the link line would matter, and SwiftPM does not promise one), include/gpiod.h, lib/pkgconfig/libgpiod.pc.
# Used by `make check-gpiod-v2` to build and test the project against the libgpiod v2 API on Debian 12.
#
#   sh scripts/build-libgpiod-v2.sh gpiod-2.5.0.tar.gz /abs/path/prefix
set -eu

sdist=$1
prefix=$2
case $prefix in /*) ;; *) echo "error: the prefix must be an absolute path: $prefix" >&2; exit 1 ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$sdist" -C "$work"
source_dir=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'gpiod-*' | head -n 1)
[ -f "$source_dir/include/gpiod.h" ] || { echo "error: no include/gpiod.h in $sdist" >&2; exit 1; }
version=$(cat "$source_dir/libgpiod-version.txt")
case $version in
    2.*) ;;
    *) echo "error: expected libgpiod 2.x sources in $sdist, found '$version'" >&2; exit 1 ;;
esac

mkdir -p "$work/obj"
for source in "$source_dir"/lib/*.c; do
    ${CC:-cc} -c -O2 -fPIC -D_GNU_SOURCE -DGPIOD_API_VERSION_STR="\"$version\"" \
        -I"$source_dir/include" -I"$source_dir/lib" "$source" -o "$work/obj/$(basename "$source" .c).o"
done

rm -rf "$prefix"
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"
cp "$source_dir/include/gpiod.h" "$prefix/include/gpiod.h"
cat > "$prefix/lib/pkgconfig/libgpiod.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: libgpiod
Description: libgpiod $version built from PyPI's gpiod sdist (for the v2 build leg)
Version: $version
Libs: -L\${libdir} -lgpiod-v2
Cflags: -I\${includedir}
PC
# The library last: make uses it as the sign that the prefix is complete.
# Its own name, libgpiod-v2: SwiftPM puts the system library directory (from other libraries' .pc files)
# before this prefix on the link line, where `-lgpiod` would find Debian's v1 library instead.
${CC:-cc} -shared -Wl,-soname,libgpiod-v2.so -o "$work/libgpiod-v2.so" "$work"/obj/*.o
mv "$work/libgpiod-v2.so" "$prefix/lib/libgpiod-v2.so"
echo "libgpiod $version installed in $prefix"

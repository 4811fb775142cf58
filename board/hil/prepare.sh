#!/usr/bin/env bash
# Builds everything the HIL virtual machine needs, into $HIL_WORK (default: <repo>/hil-work, gitignored), and
# prints the paths as shell assignments on stdout (HIL_KERNEL=..., HIL_INITRD=..., HIL_SAMPLER=...).
#
#   board/hil/prepare.sh            reuse what is cached; fetch and build only what is missing or changed
#   board/hil/prepare.sh --refresh  ask apt again which Linux 6.12 is newest (otherwise the cached one is kept)
#   HIL_KERNEL_VERSION=6.12.117-1~deb12u1 board/hil/prepare.sh   pin a Debian version of linux-source-6.12
#
# What and why:
# - Debian 12's kernels are built without CONFIG_GPIO_SIM and CONFIG_IRQ_SIM. The rig boots Debian's Linux 6.12
#   (linux-image-6.12.*-amd64-unsigned, which carries its modules) and builds the two missing pieces out of tree
#   from linux-source-6.12 against the matching linux-headers-6.12.*-amd64 (+ -common and linux-kbuild).
# - The packages are fetched with `apt-get download` and unpacked with `dpkg-deb -x` into the work directory:
#   nothing is installed on the machine. Only when apt knows no linux-source-6.12 at all (older Debian 12
#   point release, or lists without bookworm-security) a scratch apt configuration in the work directory adds
#   bookworm, bookworm-security and bookworm-backports, leaving the system's sources untouched.
# - busybox-static becomes the initramfs's init and tools.
# - The helpers in board/hil/helpers/*.c are compiled with the host's gcc; the VM runs them from the host's
#   filesystem, mounted read-only over 9p.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/host/common.sh"

refresh=0
[ "${1:-}" = "--refresh" ] && refresh=1

mkdir -p "$HIL_WORK/debs"
rm -f "$HIL_WORK/prepare.error"

hil_require apt-get apt
hil_require apt-cache apt
hil_require dpkg-deb dpkg
hil_require xz xz-utils
hil_require tar tar
hil_require gzip gzip
hil_require make make
hil_require gcc gcc
hil_require gcc-12 gcc-12
hil_require sha256sum coreutils

apt_options=()
if [ "$(id -u)" = 0 ]; then
    # apt-get download drops to the _apt user, who cannot write into the work directory.
    apt_options+=(-o APT::Sandbox::User=root)
fi

# --- Scratch apt configuration, used only when the system's apt lists know no Linux 6.12. ---
scratch_apt() {
    local dir="$HIL_WORK/apt"
    mkdir -p "$dir/lists/partial" "$dir/archives/partial" "$dir/etc/preferences.d"
    cat > "$dir/etc/debian.sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    apt_options+=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$dir/etc"
        -o "Dir::Etc::Preferences=$dir/etc/preferences" -o "Dir::Etc::PreferencesParts=$dir/etc/preferences.d"
        -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir" -o "Dir::Cache::archives=$dir/archives")
    hil_note "apt knows no linux-source-6.12; reading bookworm, bookworm-security and bookworm-backports into $dir"
    apt-get "${apt_options[@]}" -qq update ||
        hil_die "could not read Debian's package lists (apt-get update with $dir/etc/debian.sources):" \
            "no network to deb.debian.org?"
}

candidate_source_version() {
    apt-cache "${apt_options[@]}" policy linux-source-6.12 2>/dev/null | awk '/Candidate:/ { print $2 }'
}

# --- 1. Which kernel: cached, pinned, or apt's newest linux-source-6.12. ---
current="$HIL_WORK/kernel.env"
version=${HIL_KERNEL_VERSION:-}
if [ -z "$version" ] && [ "$refresh" = 0 ] && [ -f "$current" ]; then
    version=$(sed -n 's/^version=//p' "$current")
fi
if [ -z "$version" ]; then
    version=$(candidate_source_version)
    if [ -z "$version" ] || [ "$version" = "(none)" ] || [ "${HIL_APT_SCRATCH:-0}" = 1 ]; then
        scratch_apt
        version=$(candidate_source_version)
    fi
    [ -n "$version" ] && [ "$version" != "(none)" ] ||
        hil_die "no linux-source-6.12 in Debian's archive as apt sees it (apt-cache policy linux-source-6.12)"
fi
upstream=${version%%-*}
case "$version" in
    *bpo*) abi="$upstream+bpo" ;;
    *) abi="$upstream+deb12" ;;
esac
flavour="$abi-amd64"
packages=(
    "linux-image-$flavour-unsigned=$version"
    "linux-headers-$flavour=$version"
    "linux-headers-$abi-common=$version"
    "linux-kbuild-$abi=$version"
    "linux-source-6.12=$version"
    busybox-static
)

# --- 2. Download what is not in $HIL_WORK/debs yet. ---
deb_of() { # package name → the downloaded .deb, if any
    local name=${1%%=*}
    ls "$HIL_WORK"/debs/"${name}"_*.deb 2>/dev/null | head -n 1
}
missing=()
for package in "${packages[@]}"; do
    [ -n "$(deb_of "$package")" ] || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    hil_note "downloading from Debian's archive: ${missing[*]}"
    if ! (cd "$HIL_WORK/debs" && apt-get "${apt_options[@]}" -qq download "${missing[@]}") 2> "$HIL_WORK/apt.log"; then
        # Lists older than the archive (a removed version) are the usual cause: one retry with fresh lists.
        if [ -z "${HIL_KERNEL_VERSION:-}" ] && [ "$(id -u)" = 0 ] && [ -z "${HIL_APT_RETRIED:-}" ]; then
            hil_note "apt-get download failed; updating the package lists once and retrying"
            apt-get -qq update >> "$HIL_WORK/apt.log" 2>&1 || true
            HIL_APT_RETRIED=1 exec "$0" --refresh
        fi
        first_error=$(grep -m1 -E '^(E|W):' "$HIL_WORK/apt.log" || tail -n 1 "$HIL_WORK/apt.log")
        hil_die "could not download ${missing[*]} from Debian's archive" \
            "(apt-get download; see $HIL_WORK/apt.log): $first_error"
    fi
fi
printf 'version=%s\nabi=%s\n' "$version" "$abi" > "$current"

kdir="$HIL_WORK/kernel/$flavour"
mkdir -p "$kdir"

# --- 3. Kernel image and the modules the initramfs loads (decompressed: busybox insmod reads plain .ko). ---
# The block stack of the power-cut scenario (station-power-cut) too: ext4 (with jbd2, mbcache, crc16 and the
# crc32c its checksums ask the crypto API for), loop devices, device-mapper and its dm-log-writes target.
initramfs_modules=(fs/netfs/netfs fs/configfs/configfs net/9p/9pnet net/9p/9pnet_virtio fs/9p/9p
    crypto/crc32c_generic lib/crc16 fs/mbcache fs/jbd2/jbd2 fs/ext4/ext4 drivers/block/loop drivers/md/dm-mod
    drivers/md/dm-log-writes)
if [ ! -f "$kdir/vmlinuz" ] || [ ! -f "$kdir/modules/9p.ko" ] || [ ! -f "$kdir/modules/dm-log-writes.ko" ]; then
    hil_note "unpacking the kernel $flavour"
    rm -rf "$kdir/image" "$kdir/modules"
    mkdir -p "$kdir/modules"
    dpkg-deb -x "$(deb_of "linux-image-$flavour-unsigned")" "$kdir/image"
    cp "$kdir/image/boot/vmlinuz-$flavour" "$kdir/vmlinuz.tmp"
    for module in "${initramfs_modules[@]}"; do
        xz -dc "$kdir/image/lib/modules/$flavour/kernel/$module.ko.xz" > "$kdir/modules/${module##*/}.ko" ||
            hil_die "module $module.ko.xz missing from linux-image-$flavour-unsigned"
    done
    rm -rf "$kdir/image"
    mv "$kdir/vmlinuz.tmp" "$kdir/vmlinuz"
fi

# --- 4. Headers to build against: the three packages unpacked side by side, so their relative links hold. ---
headers="$kdir/headers/usr/src/linux-headers-$flavour"
if [ ! -f "$headers/.config" ]; then
    hil_note "unpacking linux-headers-$flavour"
    rm -rf "$kdir/headers"
    for package in "linux-headers-$flavour" "linux-headers-$abi-common" "linux-kbuild-$abi"; do
        dpkg-deb -x "$(deb_of "$package")" "$kdir/headers"
    done
    # The flavour's Makefile includes the common tree by its installed absolute path.
    sed -i "s|^include /usr/src/|include $kdir/headers/usr/src/|" "$headers/Makefile"
fi

# --- 5. gpio-sim.c, irq_sim.c (and gpiolib.h) from linux-source-6.12. ---
sources="$kdir/sources"
if [ ! -f "$sources/irq_sim.c" ]; then
    hil_note "extracting gpio-sim.c and irq_sim.c from linux-source-6.12 (reads the whole 150 MB archive once)"
    rm -rf "$sources" "$kdir/source-tree"
    mkdir -p "$sources" "$kdir/source-tree"
    dpkg-deb --fsys-tarfile "$(deb_of linux-source-6.12)" |
        tar -xO ./usr/src/linux-source-6.12.tar.xz | xz -dc -T0 |
        tar -x -C "$kdir/source-tree" --wildcards \
            'linux-source-6.12/drivers/gpio/gpio-sim.c' 'linux-source-6.12/kernel/irq/irq_sim.c' \
            'linux-source-6.12/drivers/gpio/gpiolib.h'
    cp "$kdir/source-tree/linux-source-6.12/drivers/gpio/gpio-sim.c" \
        "$kdir/source-tree/linux-source-6.12/drivers/gpio/gpiolib.h" \
        "$kdir/source-tree/linux-source-6.12/kernel/irq/irq_sim.c" "$sources/"
    rm -rf "$kdir/source-tree"
fi

# --- 6. The module. ---
module="$kdir/gpio-sim/gpio-sim-x.ko"
module_key=$(hil_sha "$HIL_DIR/gpio-sim/Kbuild" "$sources/gpio-sim.c" "$sources/irq_sim.c" "$HIL_DIR/prepare.sh")
if [ ! -f "$module" ] || [ "$(cat "$kdir/gpio-sim/key" 2>/dev/null)" != "$module_key" ]; then
    hil_note "building the gpio-sim module against linux-headers-$flavour"
    rm -rf "$kdir/gpio-sim"
    mkdir -p "$kdir/gpio-sim"
    cp "$HIL_DIR/gpio-sim/Kbuild" "$sources/gpio-sim.c" "$sources/irq_sim.c" "$sources/gpiolib.h" "$kdir/gpio-sim/"
    # The one change: irq_to_desc() is not exported to modules. generic_handle_irq(irq) looks the descriptor
    # up itself and calls its flow handler, which irq_sim sets to handle_simple_irq: the same call.
    sed -i 's/handle_simple_irq(irq_to_desc(irqnum))/generic_handle_irq(irqnum)/' "$kdir/gpio-sim/irq_sim.c"
    patched="$kdir/gpio-sim/irq_sim.c"
    if ! grep -q 'generic_handle_irq(irqnum)' "$patched" || grep -q 'irq_to_desc' "$patched"; then
        hil_die "irq_sim.c of $version no longer has the expected handle_simple_irq(irq_to_desc(irqnum)) call;" \
            "update board/hil/prepare.sh"
    fi
    # BTF for the module would need pahole (dwarves) and is of no use here.
    if ! make -C "$headers" M="$kdir/gpio-sim" CONFIG_DEBUG_INFO_BTF_MODULES= modules \
        > "$kdir/gpio-sim/build.log" 2>&1; then
        hil_die "building the gpio-sim module failed (log: $kdir/gpio-sim/build.log):" \
            "$(grep -m1 -E 'error|Error' "$kdir/gpio-sim/build.log")"
    fi
    printf '%s\n' "$module_key" > "$kdir/gpio-sim/key"
fi

# --- 7. busybox. ---
busybox="$HIL_WORK/busybox/bin/busybox"
if [ ! -x "$busybox" ]; then
    rm -rf "$HIL_WORK/busybox"
    dpkg-deb -x "$(deb_of busybox-static)" "$HIL_WORK/busybox"
fi

# --- 8. The initramfs: busybox as /init's shell, the modules, and guest/init. ---
initrd="$kdir/initramfs.gz"
initrd_key=$(hil_sha "$HIL_DIR/guest/init" "$busybox" "$module" "$kdir"/modules/*.ko)
if [ ! -f "$initrd" ] || [ "$(cat "$kdir/initramfs.key" 2>/dev/null)" != "$initrd_key" ]; then
    hil_note "building the initramfs"
    stage="$kdir/initramfs.d"
    rm -rf "$stage"
    mkdir -p "$stage/bin" "$stage/lib/modules" "$stage/dev" "$stage/proc" "$stage/sys" "$stage/host" "$stage/results"
    cp "$busybox" "$stage/bin/busybox"
    cp "$kdir"/modules/*.ko "$module" "$stage/lib/modules/"
    cp "$HIL_DIR/guest/init" "$stage/init"
    chmod 755 "$stage/init" "$stage/bin/busybox"
    (cd "$stage" && find . | "$busybox" cpio -o -H newc -R 0:0 2>/dev/null) | gzip -1 > "$initrd.tmp"
    mv "$initrd.tmp" "$initrd"
    printf '%s\n' "$initrd_key" > "$kdir/initramfs.key"
    rm -rf "$stage"
fi

# --- 9. Helpers run inside the VM from the host's filesystem: hil-sample (line sampler), hil-pwm (reference PWM).
mkdir -p "$HIL_WORK/bin"
for source in "$HIL_DIR"/helpers/*.c; do
    helper="$HIL_WORK/bin/$(basename "$source" .c)"
    helper_key=$(hil_sha "$source")
    if [ ! -x "$helper" ] || [ "$(cat "$helper.key" 2>/dev/null)" != "$helper_key" ]; then
        gcc -O2 -Wall -Wextra -Werror -o "$helper" "$source" ||
            hil_die "compiling board/hil/helpers/$(basename "$source") failed"
        printf '%s\n' "$helper_key" > "$helper.key"
    fi
done
sampler="$HIL_WORK/bin/hil-sample"

# --- 10. i2c-dev and i2c-stub for the climate scenario, loaded by it (i2c-stub needs its chip_addr), not at boot.
. "$HIL_DIR/prepare-i2c.sh"

printf 'HIL_KERNEL_VERSION=%q\nHIL_KERNEL=%q\nHIL_INITRD=%q\nHIL_SAMPLER=%q\n' \
    "$version" "$kdir/vmlinuz" "$initrd" "$sampler"

# Sourced by prepare.sh (step 10): i2c-dev.ko and i2c-stub.ko of the guest's kernel, decompressed (busybox
# insmod reads plain .ko) into hil-work/kmod/<flavour>/, which the guest reads over 9p. Debian builds both as
# modules (CONFIG_I2C_CHARDEV=m, CONFIG_I2C_STUB=m); they are not in the initramfs because i2c-stub refuses to
# load without its chip_addr, which the scenario gives (climate-bme280-i2c-stub).
i2c_modules="$HIL_WORK/kmod/$flavour"
if [ ! -f "$i2c_modules/i2c-stub.ko" ] || [ ! -f "$i2c_modules/i2c-dev.ko" ]; then
    hil_note "extracting i2c-dev and i2c-stub from linux-image-$flavour-unsigned"
    rm -rf "$i2c_modules" "$i2c_modules.tmp"
    mkdir -p "$i2c_modules.tmp"
    dpkg-deb --fsys-tarfile "$(deb_of "linux-image-$flavour-unsigned")" |
        tar -x -C "$i2c_modules.tmp" --wildcards '*/drivers/i2c/i2c-dev.ko.xz' '*/drivers/i2c/i2c-stub.ko.xz' ||
        hil_die "i2c-dev or i2c-stub missing from linux-image-$flavour-unsigned"
    for module in i2c-dev i2c-stub; do
        found=$(find "$i2c_modules.tmp" -name "$module.ko.xz" | head -n 1)
        [ -n "$found" ] || hil_die "$module.ko.xz missing from linux-image-$flavour-unsigned"
        xz -dc "$found" > "$i2c_modules.tmp/$module.ko"
    done
    mkdir -p "$i2c_modules"
    mv "$i2c_modules.tmp/i2c-dev.ko" "$i2c_modules.tmp/i2c-stub.ko" "$i2c_modules/"
    rm -rf "$i2c_modules.tmp"
fi

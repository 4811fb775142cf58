# The rig's accelerator (sourced by run.sh, bash): KVM when /dev/kvm is there and actually runs the rig's
# kernel, TCG otherwise. A /dev/kvm that opens is not enough: on a nested host whose KVM is kvm-pvm, qemu
# starts, runs real-mode code, and then stops in the kernel's first instructions with "KVM internal error ...
# emulation failure" (pvm emulates an unmodified guest kernel instruction by instruction and cannot decode
# some of them). So the probe boots the very kernel the scenarios use, with no initramfs, to its "Unable to
# mount root fs" panic (panic=-1 and -no-reboot make qemu exit there): about a second under a working KVM, up to
# 20 s on a host like the one above. The answer is kept beside the kernel until the host reboots (keyed by the
# boot id, the kernel, qemu and the CPU model), so the several runs of one make test probe once.
#
# hil_choose_accel KERNEL QEMU CPU DIRECTORY: sets HIL_ACCEL (qemu -accel) and HIL_ACCEL_NOTE (why, for the
# output). DIRECTORY takes the probe's console and qemu output.
hil_choose_accel() {
    local kernel qemu=$2 cpu=$3 cache
    # The real path: a copy of the checkout whose hil-work links to this kernel shares the answer.
    kernel=$(realpath "$1")
    cache="$(dirname "$kernel")/accel-$(hil_sha /proc/sys/kernel/random/boot_id <(printf '%s\n' "$kernel" \
        "$(command -v "$qemu")" "$cpu"; ls -l /dev/kvm 2>&1))"
    if [ -f "$cache" ] && . "$cache" && [ -n "${HIL_ACCEL:-}" ]; then
        HIL_ACCEL_NOTE="$HIL_ACCEL_NOTE (probed earlier since boot)"
        return 0
    fi
    hil_probe_accel "$@"
    printf 'HIL_ACCEL=%q\nHIL_ACCEL_NOTE=%q\n' "$HIL_ACCEL" "$HIL_ACCEL_NOTE" > "$cache.$$.tmp" && mv "$cache.$$.tmp" "$cache"
}

hil_probe_accel() {
    local kernel=$1 qemu=$2 cpu=$3 dir=$4 pid waited=0 why
    HIL_ACCEL=tcg,thread=multi
    if [ ! -e /dev/kvm ]; then
        HIL_ACCEL_NOTE="TCG: no /dev/kvm"
        return 0
    fi
    if [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then
        HIL_ACCEL_NOTE="TCG: /dev/kvm is not readable and writable by $(id -un) (the kvm group)"
        return 0
    fi
    mkdir -p "$dir"
    rm -f "$dir/kvm-probe-console.log" "$dir/kvm-probe-qemu.log"
    setsid setpriv --pdeathsig KILL "$qemu" -accel kvm -machine pc -cpu "$cpu" -smp 1 -m 128 \
        -nodefaults -no-user-config -display none -no-reboot -kernel "$kernel" \
        -append "console=ttyS0 panic=-1" -serial "file:$dir/kvm-probe-console.log" \
        > "$dir/kvm-probe-qemu.log" 2>&1 &
    pid=$!
    # Up to 20 s; a KVM that cannot run the kernel says so on qemu's output at once, or never gets to the panic.
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 200 ] &&
        ! grep -q 'KVM internal error' "$dir/kvm-probe-qemu.log" 2>/dev/null; do
        sleep 0.1
        waited=$((waited + 1))
    done
    if kill -0 "$pid" 2>/dev/null; then
        pkill -KILL -s "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        if grep -q 'KVM internal error' "$dir/kvm-probe-qemu.log"; then
            why="qemu stopped with 'KVM internal error' $(grep -m1 -o 'emulation failure' "$dir/kvm-probe-qemu.log")"
        else
            why="the kernel did not reach its panic within 20 s"
        fi
    elif wait "$pid" && grep -aq 'Kernel panic' "$dir/kvm-probe-console.log"; then
        HIL_ACCEL=kvm
        HIL_ACCEL_NOTE="KVM: /dev/kvm booted the rig's kernel in $(awk -v w="$waited" 'BEGIN { printf "%.1f", w / 10 }') s"
        return 0
    else
        why="qemu exited ($(grep -m1 -v '^qemu-system[^:]*: warning' "$dir/kvm-probe-qemu.log" | cut -c1-120))"
    fi
    HIL_ACCEL_NOTE="TCG: /dev/kvm does not run the rig's kernel: $why (probe: ${dir#"$HIL_ROOT"/}/kvm-probe-*.log)"
}

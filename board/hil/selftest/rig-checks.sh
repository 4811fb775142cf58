#!/usr/bin/env bash
# The rig's own checks (make hil-rig-checks, run by make test), both from a checkout under /tmp.
#
# 1. Any checkout path: a copy of this checkout's files (no
# .build, no hil-work, no .git) in a fresh directory under /tmp, with a copy of the station binary at its usual
# place (.build/debug/breeze-station) and its own hil-work whose downloads and kernel are links to this
# checkout's cache, runs scenarios that read the guest's scripts and fixtures from the copy, the helpers from
# its hil-work/bin and the station from its .build. Inside the VM /tmp is a fresh tmpfs, so all of that is
# found only through the rig's explicit shares (run.sh, guest/init); a rig that relies on the host root's
# view fails here with "cannot open /tmp/.../board/hil/guest/main.sh".
# 2. A VM that dies: selftest/scenarios/vm-dies.sh crashes the kernel (sysrq c) mid-scenario, with
# gpio-busy-line after it. The run must fail; vm-dies is one FAIL line ("the VM died") followed by the tail of
# the VM's console (the kernel's panic), never rerun; gpio-busy-line passes in a second, fresh VM.
#
#   board/hil/selftest/rig-checks.sh [SCENARIO...]   the scenarios of check 1; default: gpio-plumbing leds-busy-line
#
# Environment: HIL_STATION (the binary to copy; default <repo>/.build/debug/breeze-station), HIL_WORK (the
# cache to link to), HIL_KEEP=1 (leave the copy in place and print where it is).
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../host/common.sh"

HIL_STATION=${HIL_STATION:-$HIL_ROOT/.build/debug/breeze-station}
scenarios=("$@")
# gpio-plumbing reads the helpers from the copy's hil-work/bin, leds-busy-line the station and a fixture from the
# copy; neither judges time closely (48 000 samples/s against the 2 000 asked; 10 s to give up), so make test
# runs these checks beside its release builds.
[ "${#scenarios[@]}" -gt 0 ] || scenarios=(gpio-plumbing leds-busy-line)

if [ ! -x "$HIL_STATION" ]; then
    echo "FAIL  (hil-rig-checks)  the breeze-station binary is missing at $HIL_STATION (swift build)" >&2
    exit 1
fi
# The original's cache, filled first (downloads, kernel, module, initramfs), so the copy only links to it.
if ! bash "$HIL_DIR/prepare.sh" > /dev/null; then
    echo "FAIL  (hil-rig-checks)  $(cat "$HIL_WORK/prepare.error" 2>/dev/null || echo "board/hil/prepare.sh failed")" >&2
    exit 1
fi

# /tmp itself, not $TMPDIR: /tmp is what the guest hides.
copy=$(mktemp -d /tmp/breeze-hil-rig-checks.XXXXXX)
[ "${HIL_KEEP:-0}" = 1 ] || trap 'rm -rf "$copy"' EXIT
checkout="$copy/checkout"
mkdir -p "$checkout/.build/debug" "$checkout/hil-work"
tar -C "$HIL_ROOT" --exclude=./.build --exclude=./hil-work --exclude=./.git --exclude=./.swiftpm -cf - . |
    tar -C "$checkout" -xf -
cp "$HIL_STATION" "$checkout/.build/debug/breeze-station"
for part in debs kernel busybox; do
    [ ! -e "$HIL_WORK/$part" ] || ln -s "$(realpath "$HIL_WORK/$part")" "$checkout/hil-work/$part"
done
cp "$HIL_WORK/kernel.env" "$checkout/hil-work/"

echo "hil-rig-checks: 1. the rig from $checkout"
status=0
# A clean environment for the copy: its own paths, not this checkout's.
in_copy() {
    env -u HIL_WORK -u HIL_STATION -u HIL_ROOT -u HIL_ARGS HIL_STRICT=1 bash "$checkout/board/hil/run.sh" "$@"
}
in_copy "${scenarios[@]}" || {
    status=1
    echo "hil-rig-checks: FAILED: the rig from a checkout under /tmp"
}

echo "hil-rig-checks: 2. a VM that dies mid-scenario fails with its console, and is not rerun"
output=$(in_copy "$checkout/board/hil/selftest/scenarios/vm-dies.sh" gpio-busy-line 2>&1)
run_status=$?
problems=()
[ "$run_status" != 0 ] || problems+=("the run passed")
[ "$(grep -c '^FAIL  vm-dies .*the VM died' <<< "$output")" = 1 ] ||
    problems+=("no single 'FAIL  vm-dies ... the VM died' line")
[ "$(grep -c '^[A-Z]\{4,5\}  vm-dies ' <<< "$output")" = 1 ] || problems+=("vm-dies reported more than once (rerun?)")
grep -q '^      --- .*session-1/console.log' <<< "$output" || problems+=("the VM's console was not printed")
grep -q 'Kernel panic\|sysrq' <<< "$output" || problems+=("the console's tail shows no kernel panic")
grep -q '^PASS  gpio-busy-line ' <<< "$output" || problems+=("gpio-busy-line did not pass after the crash")
grep -q ' 2 VM(s)' <<< "$output" || problems+=("not exactly 2 VMs (one died, one fresh)")
if [ "${#problems[@]}" -gt 0 ]; then
    status=1
    printf '%s\n' "$output" | sed 's/^/    | /'
    echo "hil-rig-checks: FAILED: a dying VM: $(IFS=';'; echo "${problems[*]}")"
else
    grep -E '^(PASS|FAIL)  ' <<< "$output" | sed 's/^/    /'
    echo "hil-rig-checks: ok: vm-dies failed once with the console's panic, gpio-busy-line passed in a fresh VM"
fi
[ "$status" = 0 ] || echo "hil-rig-checks: logs under $checkout/hil-work/runs/ (HIL_KEEP=1 keeps them)"
[ "${HIL_KEEP:-0}" != 1 ] || echo "hil-rig-checks: kept $copy"
exit "$status"

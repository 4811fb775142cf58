# The rig's own check (board/hil/selftest/rig-checks.sh), not a scenario of make hil: the kernel crashes in the
# middle of a scenario. The run must report that scenario as FAIL with the tail of the VM's console, never
# rerun it, and run the scenario after it in a fresh VM.
DESCRIPTION="the VM's kernel crashes mid-scenario (sysrq c): FAIL with the console, no rerun"
GPIO_BANK=none
TIMEOUT=30

guest() {
    hil_log "crashing the kernel now"
    echo "hil-selftest: crashing the kernel on purpose" > /dev/kmsg
    echo c > /proc/sysrq-trigger
    sleep 30
}

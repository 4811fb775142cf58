# Runs inside the HIL virtual machine (started by guest/init, in a chroot of the host's root, as root): sets up
# the gpio-sim bank the scenario asks for, runs the scenario's guest() and records the outcome in the results
# share (/run/hil, the host's hil-work/runs/<scenario>/share): guest.log, guest.status, and on failure reason.
set -u
HIL_RESULTS=/run/hil
. "$HIL_RESULTS/run.env"
export HIL_ROOT HIL_WORK HIL_SCENARIO HIL_SCENARIO_FILE HIL_STATION HIL_STATION_ENV HIL_SAMPLER HIL_RESULTS
# The rig's helpers (hil-sample, hil-pwm), built by prepare.sh.
export PATH="$HIL_WORK/bin:$PATH"

. "$HIL_ROOT/board/hil/guest/lib.sh"
. "$HIL_SCENARIO_FILE"

(
    hil_log "scenario $HIL_SCENARIO on Linux $(uname -r), $(nproc) CPU(s)"
    if [ "${GPIO_BANK:-pi4}" != none ]; then
        hil_gpio_bank_create
    fi
    guest
) > "$HIL_RESULTS/guest.log" 2>&1
status=$?
if [ "$status" != 0 ] && [ ! -s "$HIL_RESULTS/reason" ]; then
    echo "guest() exited with status $status" > "$HIL_RESULTS/reason"
fi
# hil_fail inside a command substitution ends only that subshell; the reason it recorded still fails the run.
[ -s "$HIL_RESULTS/reason" ] && status=1
echo "$status" > "$HIL_RESULTS/guest.status"
# The console (hil-work/runs/<scenario>/console.log) keeps a copy for when the share is unreadable.
sed 's/^/guest: /' "$HIL_RESULTS/guest.log"
exit "$status"

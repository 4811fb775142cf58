# One job of a session (started by guest/main.sh in a session of its own): job.sh SHARED-DIRECTORY. Sets up the
# gpio-sim chips the scenario asks for and runs its guest(); a failure's reason is in SHARED-DIRECTORY/reason.
set -u
HIL_RESULTS=$1
. "$HIL_RESULTS/job.env"
HIL_SCENARIO_FILE=$HIL_RESULTS/scenario.sh
export HIL_RESULTS HIL_SCENARIO HIL_SCENARIO_FILE HIL_LEG HIL_STATION HIL_STATION_ENV HIL_ALL_LEVELS
. "$HIL_ROOT/board/hil/guest/lib.sh"
. "$HIL_SCENARIO_FILE"

hil_log "scenario $HIL_SCENARIO${HIL_LEG:+ [$HIL_LEG: $HIL_STATION]} on Linux $(uname -r), $(nproc) CPU(s)"
if [ "${GPIO_BANK:-pi4}" != none ]; then
    hil_gpio_bank_create
fi
guest

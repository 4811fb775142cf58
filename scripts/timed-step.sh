#!/bin/sh
# One step of `make test`, timed: runs the command and then prints
#   make test: STEP took N s (CPU M s)
# or "make test: STEP FAILED after N s (CPU M s, status S)", so the output says where the time went and which
# step failed. CPU is the user + system time of everything the step ran (all cores together): CPU well above
# the wall time is a step that kept both cores busy, CPU well below it one that mostly waited (a VM's
# scenarios, timeouts, the network). Exits with the command's status.
#
#   sh scripts/timed-step.sh STEP COMMAND [ARGUMENT...]
set -u
step=$1
shift
start=$(date +%s)
"$@"
status=$?
wall=$(($(date +%s) - start))
# The second line of `times` is the user and system time of the children waited for (e.g. "1m2.50s 0m3.10s"),
# written to a file: in a command substitution or a pipe, `times` would speak for a subshell.
times_file=$(mktemp)
times > "$times_file"
cpu=$(awk 'NR == 2 {
    total = 0
    for (i = 1; i <= 2; i++) { split($i, part, "m"); sub(/s$/, "", part[2]); total += part[1] * 60 + part[2] }
    printf "%d", total + 0.5
}' "$times_file")
rm -f "$times_file"
if [ "$status" = 0 ]; then
    echo "make test: $step took $wall s (CPU ${cpu:-?} s)"
else
    echo "make test: $step FAILED after $wall s (CPU ${cpu:-?} s, status $status)"
fi
exit "$status"

#!/bin/sh
# make test's steps (the Makefile's test-steps target), each timed by scripts/timed-step.sh.
#
# Steps that judge time closely (the Swift tests, the VM's scenarios under TCG) run in the foreground, one at a
# time, with nothing heavy beside them. Work that judges time loosely or not at all shares the cores: the rig's
# checks beside the power-cut scenario, and beside both the release and libgpiod v2 compilations at the idle
# scheduling class (SCHED_IDLE, `chrt --idle`), which get the CPU the VMs leave. The class, unlike a nice value,
# is inherited by every process SwiftPM starts (swift-driver resets the nice value of its compiler jobs). It is
# not enough to put a compilation beside a timed step: this kernel (PREEMPT_NONE) lets a task finish its time in
# the kernel before a woken one runs, and the compiler's page faults are many. Beside the Swift tests the idle
# builds still stretched them from 65 s to 133 s (CPU unchanged, 55 s: the tests waited to run) and failed a
# pacing test once; so the builds start after the Swift tests and are done before the VM's first leg.
#
#   deps                     the missing Debian packages
#   TEST_DOWNLOADS           in the background from here on (network)
#   debug build              every module and suite
#   swift test               the Swift tests (scripts/swift-test-rerun-failed.sh)
#   TEST_BUILDS              in the background from here on, at the idle class, side by side, then BUILD_CHECKS
#                            (the package check) in the same session; log .build/test-builds.log
#   SIDE_BY_SIDE_TESTS       at the same time as each other, each in a session of its own: tests that judge no
#                            time closely (the rig's checks, the power-cut scenario); logs .build/NAME.log,
#                            printed in order once they have ended
#   WAITING_TESTS            once those have ended, one after the other in a session of their own while the
#                            builds end: checks that judge no time and take little CPU (the unit, the sandbox,
#                            promtool); log .build/waiting-tests.log
#   (wait for TEST_BUILDS, BUILD_CHECKS and WAITING_TESTS)
#   EXTRA_TESTS              one after the other, alone: the VM's first leg, the real-broker suites (beside the VM
#                            they failed twice in five runs: a port taken, a subscription never confirmed)
#   LATE_TESTS               one after the other: the libgpiod v2 leg and suites
#
# A step that fails ends make test; so does interrupting it. Every background session ends with it. A download
# or build that failed in the background is tried again, in the foreground, by the step that needs it, which
# then fails naming what is missing.
#
# Environment (from the Makefile): MAKE, SWIFT, SWIFT_BUILD_FLAGS (split into words), and the lists above.
set -u
sessions=""
trap 'for session in $sessions; do kill -TERM -"$session" 2> /dev/null; done' EXIT
trap 'exit 130' INT TERM

timed() { sh scripts/timed-step.sh "$@"; }

# in_session LOG COMMAND...: COMMAND in a session of its own, which ends with make test, output in LOG; its
# process id in $started.
in_session() {
    log=$1
    shift
    setsid "$@" > "$log" 2>&1 &
    started=$!
    sessions="$sessions $started"
}

# finish PID LOG WHAT: waits for the session PID, prints its LOG, fails make test when it failed.
finish() {
    wait "$1"
    finish_status=$?
    cat "$2"
    [ "$finish_status" = 0 ] || { echo "make test: $3 failed (above; log: $2)"; exit 1; }
}

timed deps "$MAKE" --no-print-directory deps || exit 1

mkdir -p .build
echo "make test: fetching in the background: $TEST_DOWNLOADS (log: .build/test-downloads.log)"
"$MAKE" --no-print-directory -k test-downloads > .build/test-downloads.log 2>&1 &
downloads=$!

# shellcheck disable=SC2086 # SWIFT_BUILD_FLAGS is a list of flags
timed "debug build" "$SWIFT" build --build-tests $SWIFT_BUILD_FLAGS
status=$?
wait "$downloads" ||
    echo "make test: a background download failed (.build/test-downloads.log); the step that needs it fetches it again"
[ "$status" = 0 ] || exit "$status"

# shellcheck disable=SC2086
timed "swift test" sh scripts/swift-test-rerun-failed.sh "$SWIFT" $SWIFT_BUILD_FLAGS || exit 1

echo "make test: building in the background, at the idle scheduling class: $TEST_BUILDS, then checking them:" \
    "$BUILD_CHECKS (log: .build/test-builds.log)"
# The builds at the same time as each other (each in a build directory of its own; one's serial stretches, the
# last module and the link, leave a core to the other), then the checks.
in_session .build/test-builds.log chrt --idle 0 sh -c '
    pids=""
    for target in $TEST_BUILDS; do
        sh scripts/timed-step.sh "$target" "$MAKE" --no-print-directory "$target" > ".build/$target.log" 2>&1 &
        pids="$pids $!"
    done
    failed=""
    for pid in $pids; do wait "$pid" || failed=1; done
    for target in $TEST_BUILDS; do cat ".build/$target.log"; done
    [ -z "$failed" ] || echo "make test: a build failed; the step that needs it builds again (above)"
    exec "$MAKE" --no-print-directory test-each TARGETS="$BUILD_CHECKS"'
builds=$started

echo "make test: side by side: $SIDE_BY_SIDE_TESTS (logs: .build/NAME.log, printed once they have all ended)"
pids=""
for target in $SIDE_BY_SIDE_TESTS; do
    in_session ".build/$target.log" sh scripts/timed-step.sh "$target" "$MAKE" --no-print-directory "$target"
    pids="$pids $started"
done
set -- $pids
for target in $SIDE_BY_SIDE_TESTS; do
    finish "$1" ".build/$target.log" "$target"
    shift
done

echo "make test: while the background builds end: $WAITING_TESTS (log: .build/waiting-tests.log, printed once they end)"
in_session .build/waiting-tests.log "$MAKE" --no-print-directory test-each TARGETS="$WAITING_TESTS"
waiting=$started

echo "make test: waiting for the background builds and their checks"
wait "$builds"
builds_status=$?
# The compilers' progress lines left out; the rest (the times, the checks' lines) marked as the background's.
grep -v '^\[[0-9]*/[0-9]*\] \|^Building for\|^Build complete\|^Build of product' .build/test-builds.log |
    sed 's/^make test: /make test: (background) /'
[ "$builds_status" = 0 ] ||
    { echo "make test: $TEST_BUILDS and $BUILD_CHECKS failed (above; log: .build/test-builds.log)"; exit 1; }
finish "$waiting" .build/waiting-tests.log "$WAITING_TESTS"

for target in $EXTRA_TESTS; do
    timed "$target" "$MAKE" --no-print-directory "$target" || exit 1
done

for target in $LATE_TESTS; do
    timed "$target" "$MAKE" --no-print-directory "$target" || exit 1
done

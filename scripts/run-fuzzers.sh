#!/bin/sh
# Runs the libFuzzer harnesses built by `make fuzz-build`, each for a fixed time, from the seed corpus in
# Fuzz/Corpus/<target>, and prints one summary line per target (inputs executed, crashes). Fails when a
# harness crashes or finds an input (crash-*, timeout-*, oom-*, leak-* files are kept in the work directory).
# Usage: run-fuzzers.sh BUILD_DIR WORK_DIR SECONDS TARGET...
set -u
build=$1
work=$2
seconds=$3
shift 3
failed=0
summary=""
for target in "$@"; do
    binary="$build/fuzz-$target"
    dir="$work/$target"
    rm -rf "$dir"
    mkdir -p "$dir/corpus"
    cp Fuzz/Corpus/"$target"/* "$dir/corpus/" 2>/dev/null || true
    echo "fuzz-$target: $seconds s"
    # SWIFT_BACKTRACE=enable=no: the Swift backtracer trips ASan with a misleading report; let libFuzzer report.
    SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$dir/" "$dir/corpus" >"$dir/log.txt" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log.txt" | tail -1)
    crashes=$(find "$dir" -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
    line="fuzz-$target: ${runs:-?} inputs in $seconds s, $crashes crashes, exit $status"
    echo "$line"
    summary="$summary$line
"
    if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        failed=1
        tail -30 "$dir/log.txt"
    fi
done
printf '\nFuzzing summary\n%s' "$summary"
exit $failed

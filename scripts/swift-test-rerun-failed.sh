#!/bin/sh
# make test's Swift tests: every suite in one parallel run; then, only if some failed, those suites once more on
# their own, where their time bounds are judged without the other suites holding the two threads of Swift's
# cooperative pool (as the real-broker suites already run in a pass of their own). A suite that fails alone
# too fails make test; at most 8 suites are tried again (more is a real breakage, not contention).
# Usage: scripts/swift-test-rerun-failed.sh SWIFT [swift test flags...]
set -u
swift=$1
shift
report=.build/swift-test.xml
rm -f .build/swift-test*.xml
"$swift" test --skip-build --xunit-output "$report" "$@"
status=$?
[ "$status" = 0 ] && exit 0
suites=$(python3 - .build/swift-test-swift-testing.xml "$report" <<'PY'
import re, sys, xml.etree.ElementTree as ET
failed = set()
for path in sys.argv[1:]:
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        continue
    for case in root.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed.add(case.get("classname", ""))
failed.discard("")
if 0 < len(failed) <= 8:
    print("|".join("^" + re.escape(name) + "/" for name in sorted(failed)))
PY
)
if [ -z "$suites" ]; then
    echo "make test: the Swift tests failed (status $status); nothing to try again on its own"
    exit "$status"
fi
echo "make test: the Swift tests failed in the parallel run; the failing suites once more, on their own: $suites"
"$swift" test --skip-build --filter "$suites" "$@"

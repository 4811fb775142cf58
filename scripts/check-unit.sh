#!/bin/sh
# systemd's own checks of systemd/breeze-station.service, offline (PID 1 need not be systemd):
#
#   scripts/check-unit.sh BINARY [RECORDED_EXPOSURE]
#
# 1. systemd-analyze security --offline=yes --threshold=20: exposure at most 2.0 (the issue's gate). The score
#    is printed; a score above RECORDED_EXPOSURE (the value measured when the unit was written) fails too, so
#    a lost hardening setting is noticed even while the total stays under 2.0.
# 2. systemd-analyze verify prints nothing, for the unit as each installation lays it out (the package's
#    /lib/systemd/system with /usr/bin, make install's /etc/systemd/system with /usr/local/bin): staged roots
#    holding the installed files, BINARY as the executable, and this machine's units (targets the unit names).
# 3. Negative controls: a misspelt key must make verify talk, running as root must raise the score.
set -u
binary=${1:?usage: check-unit.sh BINARY [RECORDED_EXPOSURE]}
recorded=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
unit=$here/systemd/breeze-station.service
failures=0
command -v systemd-analyze >/dev/null 2>&1 || { echo "FAIL  systemd-analyze missing (apt-get install systemd)"; exit 1; }
[ -d /lib/systemd/system ] || { echo "FAIL  /lib/systemd/system missing (apt-get install systemd)"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/breeze-unit.XXXXXX")
trap 'rm -rf "$work"' EXIT

systemd-analyze security --offline=yes --threshold=20 "$unit" >"$work/security" 2>&1
status=$?
score=$(sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' "$work/security")
if [ "$status" -ne 0 ] || [ -z "$score" ]; then
    echo "FAIL  unit security          exposure ${score:-?} (threshold 2.0, exit $status)"
    grep '✗' "$work/security" | sed 's/^/      /'
    failures=$((failures + 1))
elif [ -n "$recorded" ] && awk -v s="$score" -v r="$recorded" 'BEGIN { exit !(s > r) }'; then
    echo "FAIL  unit security          exposure $score, above the recorded $recorded: a hardening setting was lost"
    grep '✗' "$work/security" | sed 's/^/      /'
    failures=$((failures + 1))
else
    echo "PASS  unit security          exposure $score (threshold 2.0${recorded:+, recorded $recorded})"
fi

for layout in debian local; do
    root=$work/$layout
    if [ "$layout" = debian ]; then prefix=/usr; installed=/lib/systemd/system; else prefix=/usr/local; installed=/etc/systemd/system; fi
    sh "$here/scripts/install.sh" --binary "$binary" --prefix "$prefix" --destdir "$root" --layout "$layout" >/dev/null
    mkdir -p "$root/lib/systemd/system"
    for file in /lib/systemd/system/*; do
        [ -e "$root/lib/systemd/system/$(basename "$file")" ] || cp -a "$file" "$root/lib/systemd/system/"
    done
    systemd-analyze verify --root="$root" breeze-station.service >"$work/verify" 2>&1
    status=$?
    if [ "$status" -eq 0 ] && [ ! -s "$work/verify" ]; then
        echo "PASS  unit verify ($layout)$( [ "$layout" = local ] && echo ' ')    $installed/breeze-station.service, ExecStart $prefix/bin: no output"
    else
        echo "FAIL  unit verify ($layout)    exit $status:"
        sed 's/^/      /' "$work/verify"
        failures=$((failures + 1))
    fi
done

# Negative controls: the same checks must notice a misspelt key and a lost setting, or they prove nothing.
root=$work/debian
sed 's/^ProtectSystem=/ProtectSytem=/' "$unit" >"$root/lib/systemd/system/breeze-station.service"
systemd-analyze verify --root="$root" breeze-station.service >"$work/verify" 2>&1
if grep -q "Unknown key 'ProtectSytem'" "$work/verify"; then
    printf 'PASS  negative controls       verify reports a misspelt key;' 
else
    echo "FAIL  negative controls       verify did not report a misspelt key"
    failures=$((failures + 1))
fi
grep -v -e '^User=' -e '^Group=' "$unit" >"$work/weaker.service"
weaker=$(systemd-analyze security --offline=yes "$work/weaker.service" 2>/dev/null \
    | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
if [ -n "$weaker" ] && awk -v w="$weaker" -v s="$score" 'BEGIN { exit !(w > s) }'; then
    echo " running as root instead of breeze-station raises the exposure to $weaker"
else
    echo
    echo "FAIL  negative controls       running as root did not raise the exposure (${weaker:-?})"
    failures=$((failures + 1))
fi
[ "$failures" -eq 0 ]

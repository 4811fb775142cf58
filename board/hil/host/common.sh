# Shared by prepare.sh and run.sh (bash). Paths, messages, and the rule that a missing prerequisite is a
# failure that names exactly what is missing and how to get it, never a silent skip.

HIL_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HIL_ROOT=$(cd "$HIL_DIR/../.." && pwd)
# Everything downloaded or built is cached here between runs (gitignored). Override to share a cache.
HIL_WORK=${HIL_WORK:-$HIL_ROOT/hil-work}
HIL_QUIET=${HIL_QUIET:-0}

hil_note() {
    [ "$HIL_QUIET" = 1 ] || printf 'hil: %s\n' "$*" >&2
}

# The reason a step failed, kept for run.sh's FAIL line.
hil_die() {
    printf 'hil: error: %s\n' "$*" >&2
    mkdir -p "$HIL_WORK" 2>/dev/null && printf '%s\n' "$*" > "$HIL_WORK/prepare.error" 2>/dev/null
    exit 1
}

# hil_require COMMAND DEBIAN-PACKAGE: fails naming the package when a command is missing.
hil_require() {
    command -v "$1" >/dev/null 2>&1 ||
        hil_die "'$1' not found: install the Debian package $2 (make deps installs it)"
}

hil_sha() {
    cat "$@" | sha256sum | cut -c1-16
}

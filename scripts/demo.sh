#!/bin/sh
# `make demo`: the whole station on an emulated sensor (breeze-station demo): the production driver reading a
# PMS5003 emulated on a pseudo-terminal, the AQI pipeline, the history in a temporary directory, the LEDs drawn
# in the terminal, the API and status page on http://127.0.0.1:8080/. Ctrl-C stops it and removes what it made.
# Options after `--` in DEMO_ARGS, e.g. `make demo DEMO_ARGS="--speed 60"`; see `breeze-station demo --help`.
set -eu
bin="${1:-.build/debug/breeze-station}"
shift 2> /dev/null || true
# shellcheck disable=SC2086
exec "$bin" demo ${DEMO_ARGS:-} "$@"

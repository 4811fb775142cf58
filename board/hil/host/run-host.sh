#!/usr/bin/env bash
# Runs a scenario's host() function: run-host.sh SCENARIO-FILE. run.sh starts it in a session of its own (so that
# everything it starts can be ended together) but not as the session's leader: a session leader that opens a
# terminal (a pty for ttyS1) makes it its controlling terminal, and then a background reader of that pty
# (e.g. `timeout 30 dd <&3 &`) is stopped by SIGTTIN.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
. "$1"
host

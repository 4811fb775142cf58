# Helpers for a scenario's guest() function (POSIX sh, inside the VM, as root, in a chroot of the host's root).
#
# Environment: HIL_ROOT (the worktree, as a host path), HIL_RESULTS (/run/hil/JOB/share: the job's shared
# directory, the host's hil-work/runs/JOB/share), HIL_STATION (the breeze-station binary to test), HIL_LEG (empty,
# or e.g. gpiod-v2), HIL_SAMPLER (hil-sample).
# After hil_gpio_bank_create (job.sh calls it before guest() unless the scenario sets GPIO_BANK=none):
# HIL_GPIO_CHIP (gpiochipN), HIL_GPIO_LABEL, HIL_GPIO_NAMES (line names, offset 0 first), HIL_GPIO_SYSFS (the
# bank's directory in sysfs, holding sim_gpioK/value and sim_gpioK/pull); also written to $HIL_RESULTS/gpio.env.
#
# Lines can be named by offset (17) or by line name (GPIO17) everywhere. Functions keep their variables
# `local` (dash, bash and busybox sh have it) so that a scenario's own loop variables survive them.

HIL_GPIO_CONFIG=/sys/kernel/config/gpio-sim/hil

# Shell built-ins where it matters: every program started inside the VM costs 50-100 ms under TCG.
hil_uptime() {
    read -r hil_up _ < /proc/uptime
    echo "$hil_up"
}

# hil_centiseconds: the uptime in hundredths of a second, for arithmetic.
hil_centiseconds() {
    read -r hil_up _ < /proc/uptime
    hil_hundredths=${hil_up#*.}
    echo "$(( ${hil_up%.*} * 100 + ${hil_hundredths#0} ))"
}

hil_log() {
    printf '[%8s] %s\n' "$(hil_uptime)" "$*"
}

# hil_fail MESSAGE: the scenario fails with this reason (the first one recorded wins).
hil_fail() {
    hil_log "FAIL: $*"
    [ -s "$HIL_RESULTS/reason" ] || printf '%s\n' "$*" > "$HIL_RESULTS/reason"
    exit 1
}

# hil_check DESCRIPTION COMMAND [ARG...]: the command must succeed.
hil_check() {
    local description=$1
    shift
    if "$@"; then
        hil_log "ok: $description"
    else
        hil_fail "$description"
    fi
}

# hil_expect_eq DESCRIPTION ACTUAL EXPECTED
hil_expect_eq() {
    if [ "$2" = "$3" ]; then
        hil_log "ok: $1 ($2)"
    else
        hil_fail "$1: expected '$3', got '$2'"
    fi
}

# hil_wait_until SECONDS DESCRIPTION COMMAND [ARG...]: polls the command every 50 ms until it succeeds.
hil_wait_until() {
    local limit=$1 description=$2 deadline last
    shift 2
    deadline=$(( $(hil_centiseconds) + limit * 100 ))
    rm -f "$HIL_RESULTS/poll.log"
    while ! "$@"; do
        if [ "$(hil_centiseconds)" -gt "$deadline" ]; then
            # A polled helper may leave its last verdict in poll.log (hil_colour_matches does).
            last=""
            [ -s "$HIL_RESULTS/poll.log" ] && last="; last: $(cat "$HIL_RESULTS/poll.log")"
            hil_fail "$description (not within $limit s)$last"
        fi
        sleep 0.05
    done
    hil_log "ok: $description"
}

# --- Coordination with the scenario's host() side, through files in the shared directory. ---

# hil_signal NAME: tells the host side that NAME happened (host side: hil_wait_guest NAME).
hil_signal() {
    : > "$HIL_RESULTS/guest.$1"
}

# hil_wait_host NAME SECONDS: waits for the host side's hil_signal_guest NAME.
hil_wait_host() {
    hil_wait_until "$2" "host side: $1" test -e "$HIL_RESULTS/host.$1"
}

# --- The gpio-sim bank. ---

# Creates and enables the bank through configfs, from the scenario's settings:
#   GPIO_LABEL (default pinctrl-bcm2711), GPIO_NAMES (a file of line names, one per line, offset 0 first;
#   default board/hil/pi4-line-names.txt), GPIO_LINES (default: as many as there are names),
#   GPIO_HOGS ("OFFSET:CONSUMER:DIRECTION ...", DIRECTION input|output-high|output-low: lines the kernel
#   itself holds, as another driver would), GPIO_EXPANDER (pi4, the default: a second chip like a Pi 4's
#   firmware GPIO expander, raspberrypi-exp-gpio with 8 lines; none: no second chip).
hil_gpio_bank_create() {
    local label names_file names name count bank directories offset hog rest expander expander_directories device
    label=${GPIO_LABEL:-pinctrl-bcm2711}
    names_file=${GPIO_NAMES:-$HIL_ROOT/board/hil/pi4-line-names.txt}
    names=""
    while read -r name; do
        case "$name" in "#"* | "") continue ;; esac
        names="$names $name"
    done < "$names_file"
    set -- $names
    count=${GPIO_LINES:-$#}
    bank=$HIL_GPIO_CONFIG/bank0
    # One mkdir for all directories: each program started costs ~0.1 s under TCG.
    directories="$HIL_GPIO_CONFIG $bank"
    offset=0
    while [ "$offset" -lt "$count" ] && [ "$offset" -lt $# ]; do
        directories="$directories $bank/line$offset"
        offset=$((offset + 1))
    done
    for hog in ${GPIO_HOGS:-}; do
        case " $directories " in
            *" $bank/line${hog%%:*} "*) ;;
            *) directories="$directories $bank/line${hog%%:*}" ;;
        esac
        directories="$directories $bank/line${hog%%:*}/hog"
    done
    mkdir $directories || hil_fail "gpio-sim: cannot create $bank (is the module loaded?)"
    echo "$label" > "$bank/label"
    echo "$count" > "$bank/num_lines"
    offset=0
    for name in "$@"; do
        [ "$offset" -lt "$count" ] || break
        echo "$name" > "$bank/line$offset/name"
        offset=$((offset + 1))
    done
    for hog in ${GPIO_HOGS:-}; do
        rest=${hog#*:}
        echo "${rest%%:*}" > "$bank/line${hog%%:*}/hog/name"
        echo "${rest#*:}" > "$bank/line${hog%%:*}/hog/direction"
    done
    # A Pi 4 has a second chip, the firmware's GPIO expander: a second bank, so that only a lookup by label
    # finds the header chip reliably.
    if [ "${GPIO_EXPANDER:-pi4}" = pi4 ]; then
        expander=$HIL_GPIO_CONFIG/bank1
        expander_directories="$expander"
        offset=0
        while read -r name; do
            case "$name" in "#"* | "") continue ;; esac
            expander_directories="$expander_directories $expander/line$offset"
            offset=$((offset + 1))
        done < "$HIL_ROOT/board/hil/pi4-expander-line-names.txt"
        mkdir $expander_directories || hil_fail "gpio-sim: cannot create $expander"
        echo raspberrypi-exp-gpio > "$expander/label"
        echo "$offset" > "$expander/num_lines"
        offset=0
        while read -r name; do
            case "$name" in "#"* | "") continue ;; esac
            echo "$name" > "$expander/line$offset/name"
            offset=$((offset + 1))
        done < "$HIL_ROOT/board/hil/pi4-expander-line-names.txt"
    fi
    echo 1 > "$HIL_GPIO_CONFIG/live" || hil_fail "gpio-sim: enabling the bank failed"
    HIL_GPIO_LABEL=$label
    HIL_GPIO_NAMES=$*
    read -r HIL_GPIO_CHIP < "$bank/chip_name"
    read -r device < "$HIL_GPIO_CONFIG/dev_name"
    HIL_GPIO_SYSFS=/sys/devices/platform/$device/$HIL_GPIO_CHIP
    export HIL_GPIO_LABEL HIL_GPIO_NAMES HIL_GPIO_CHIP HIL_GPIO_SYSFS
    [ -c "/dev/$HIL_GPIO_CHIP" ] || hil_fail "gpio-sim: /dev/$HIL_GPIO_CHIP did not appear"
    printf 'HIL_GPIO_CHIP=%s\nHIL_GPIO_LABEL=%s\nHIL_GPIO_SYSFS=%s\n' "$HIL_GPIO_CHIP" "$label" "$HIL_GPIO_SYSFS" \
        > "$HIL_RESULTS/gpio.env"
    hil_log "gpio-sim: /dev/$HIL_GPIO_CHIP [$label] with $count lines$([ -d "$HIL_GPIO_CONFIG/bank1" ] &&
        echo ", /dev/$(cat "$HIL_GPIO_CONFIG/bank1/chip_name") [raspberrypi-exp-gpio] with 8 lines")"
}

# hil_gpio_bank_remove: takes the chips down again (main.sh calls it after every job, so the next job gets a
# fresh chip with its own settings): not live, then every directory removed, deepest first.
hil_gpio_bank_remove() {
    local directory directories=""
    [ -d "$HIL_GPIO_CONFIG" ] || return 0
    echo 0 > "$HIL_GPIO_CONFIG/live" || return 1
    # One rmdir, deepest first (rmdir takes its arguments in order).
    for directory in "$HIL_GPIO_CONFIG"/bank*/line*/hog "$HIL_GPIO_CONFIG"/bank*/line* "$HIL_GPIO_CONFIG"/bank*; do
        [ ! -d "$directory" ] || directories="$directories $directory"
    done
    rmdir $directories "$HIL_GPIO_CONFIG"
}

# hil_line_offset LINE: the offset of a line given by offset or by name.
hil_line_offset() {
    case "$1" in
        *[!0-9]*)
            hil_offset=0
            for hil_name in $HIL_GPIO_NAMES; do
                if [ "$hil_name" = "$1" ]; then
                    echo "$hil_offset"
                    return 0
                fi
                hil_offset=$((hil_offset + 1))
            done
            hil_fail "no GPIO line named $1"
            ;;
        *) echo "$1" ;;
    esac
}

# hil_line_value LINE: the value the kernel holds for the line (what a consumer drives, or the pull when
# nobody drives it): 0 or 1.
hil_line_value() {
    read -r hil_value < "$HIL_GPIO_SYSFS/sim_gpio$(hil_line_offset "$1")/value"
    echo "$hil_value"
}

# hil_line_is LINE VALUE: succeeds when the line holds VALUE (for hil_wait_until).
hil_line_is() {
    [ "$(hil_line_value "$1")" = "$2" ]
}

# hil_line_pull LINE pull-up|pull-down: what the simulated outside world does to the line when undriven.
hil_line_pull() {
    echo "$2" > "$HIL_GPIO_SYSFS/sim_gpio$(hil_line_offset "$1")/pull"
}

# hil_line_info LINE: gpioinfo's description of the line, e.g. "GPIO17" "gpioset" output active-high [used]
hil_line_info() {
    local offset
    offset=$(hil_line_offset "$1")
    gpioinfo "$HIL_GPIO_CHIP" | sed -n "s/^[[:space:]]*line[[:space:]]*$offset:[[:space:]]*//p"
}

# hil_line_consumer LINE: the consumer holding the line, empty when it is unused.
hil_line_consumer() {
    hil_line_info "$1" | awk -F'"' 'NF >= 4 { print $4 }'
}

# hil_outputs_held COUNT CONSUMER [LINE...]: succeeds when exactly COUNT lines of the chip (of the LINEs given,
# when given) are requested as outputs by CONSUMER. One gpioinfo, parsed with built-ins (for hil_wait_until).
hil_outputs_held() {
    local count=$1 consumer=$2 offsets="" line held=0 rest offset
    shift 2
    for line in "$@"; do
        offsets="$offsets $(hil_line_offset "$line") "
    done
    while IFS= read -r line; do
        rest=${line#*line}
        offset=${rest%%:*}
        offset=${offset##* }
        [ -z "$offsets" ] || case "$offsets" in *" $offset "*) ;; *) continue ;; esac
        case "$line" in *"\"$consumer\""*output*) held=$((held + 1)) ;; esac
    done <<EOF
$(gpioinfo "$HIL_GPIO_CHIP")
EOF
    [ "$held" = "$count" ]
}

# hil_contains TEXT PATTERN...: TEXT contains one of the PATTERNs (shell patterns; built-ins only).
hil_contains() {
    local text=$1 pattern
    shift
    for pattern in "$@"; do
        case "$text" in *$pattern*) return 0 ;; esac
    done
    return 1
}

hil_line_used() {
    hil_line_info "$1" | grep -q '\[used'
}

hil_line_unused() {
    ! hil_line_used "$1"
}

# hil_sample [-w MS] SECONDS LINE...: samples the lines' values back to back for SECONDS with hil-sample (with -f
# HIL_PWM_HZ, default 200: the PWM frequency of the station's LEDs and of hil-pwm in the scenarios); one
# line of key=value per line (name= samples= high= duty= duty_periods= duty_samples= edges= freq_hz= last=
# periods= regular= min_high_ms= ... gaps= gap_ms= ...; see board/hil/helpers/hil-sample.c),
# and with -w, one more per line: name=LINE envelope=D,D,... (the duty of each MS-millisecond window, "-" for a
# window the sampler could not watch).
hil_sample() {
    local window="" seconds line
    if [ "$1" = -w ]; then
        window="-w $2"
        shift 2
    fi
    seconds=$1
    shift
    set -- $(for line in "$@"; do
        echo "$line=$HIL_GPIO_SYSFS/sim_gpio$(hil_line_offset "$line")/value"
    done)
    "$HIL_SAMPLER" -d "$seconds" -f "${HIL_PWM_HZ:-200}" $window "$@"
}

# hil_field KEY < hil_sample output line: one field's value.
hil_field() {
    tr ' ' '\n' | sed -n "s/^$1=//p"
}

# hil_near ACTUAL EXPECTED TOLERANCE: |actual - expected| <= tolerance (decimals).
hil_near() {
    awk -v a="$1" -v e="$2" -v t="$3" 'BEGIN { d = a - e; if (d < 0) d = -d; exit !(d <= t) }'
}

# hil_at_least ACTUAL MINIMUM (decimals).
hil_at_least() {
    awk -v a="$1" -v m="$2" 'BEGIN { exit !(a >= m) }'
}

# --- What consumers set: the kernel's gpio_value trace events. ---
# The simulator puts a released line back to its pull at once, so "the station switched the LED off before
# releasing the line" cannot be read from sim_gpioK/value afterwards. The kernel's gpio tracepoints record every
# value a consumer sets (physical level, after active-low), with the process and a timestamp.

HIL_TRACING=/sys/kernel/tracing

# The events are switched on once, by the kernel command line (run.sh: trace_event=gpio:gpio_value,
# gpio:gpio_direction trace_clock=mono trace_buf_size=4M), before the second CPU is up, and never switched
# off; guest/init stops recording (tracing_on 0) until a scenario asks. Never write to events/*/enable while
# the VM runs: switching an event patches kernel code at every call site (jump labels: the gpio tracepoints in
# gpiolib, and, for the recording of process names, sched_switch in __schedule and sched_wakeup in
# ttwu_do_activate) with the int3-based text_poke_bp, and qemu's multi-threaded TCG does not always
# retranslate code that one virtual CPU patches while the other runs it: the other CPU then executes a stale
# int3 after the patch is done, and the kernel dies ("Oops: int3", "Fatal exception in interrupt").
# tracing_on and clearing the buffer patch nothing.

# hil_trace_start: clears the trace buffer and records gpio_value and gpio_direction events from now on.
hil_trace_start() {
    [ -e "$HIL_TRACING/trace" ] || mount -t tracefs tracefs "$HIL_TRACING" || hil_fail "cannot mount tracefs"
    local enabled
    read -r enabled < "$HIL_TRACING/events/gpio/gpio_value/enable"
    [ "$enabled" = 1 ] || hil_fail "the gpio_value trace event is off (trace_event= missing from the kernel command line)"
    echo 0 > "$HIL_TRACING/tracing_on"
    : > "$HIL_TRACING/trace"
    echo 1 > "$HIL_TRACING/tracing_on"
}

# hil_trace_stop: stops recording and keeps the events in $HIL_RESULTS/gpio-trace.txt.
hil_trace_stop() {
    echo 0 > "$HIL_TRACING/tracing_on"
    grep 'gpio_value:' "$HIL_TRACING/trace" > "$HIL_RESULTS/gpio-trace.txt"
    hil_log "trace: $(wc -l < "$HIL_RESULTS/gpio-trace.txt") gpio_value events"
}

# hil_line_global LINE: the kernel's global GPIO number of a line of the bank (what the trace shows).
hil_line_global() {
    local chip base
    for chip in "$HIL_GPIO_SYSFS"/../gpio/gpiochip*; do
        read -r base < "$chip/base"
        echo $((base + $(hil_line_offset "$1")))
        return 0
    done
    hil_fail "no legacy sysfs gpiochip under $HIL_GPIO_SYSFS/../gpio (CONFIG_GPIO_SYSFS)"
}

# hil_trace_last_set LINE: the last level a consumer set on the line while tracing (0 or 1), empty if none.
hil_trace_last_set() {
    awk -v gpio="$(hil_line_global "$1")" '$0 ~ "gpio_value: " gpio " set " { value = $NF } END { print value }' \
        "$HIL_RESULTS/gpio-trace.txt"
}

# hil_trace_duty LINE FROM TO: the line's duty cycle between two CLOCK_MONOTONIC times (seconds), from the
# levels consumers set: the ground truth that sampling estimates.
hil_trace_duty() {
    awk -v gpio="$(hil_line_global "$1")" -v from="$2" -v to="$3" '
        $0 ~ "gpio_value: " gpio " set " {
            for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = substr($i, 1, length($i) - 1) + 0; break }
            if (t <= from) { level = $NF; next }
            if (t > to) exit
            if (!started) { started = 1; at = from }
            if (level == 1) high += t - at
            at = t; level = $NF
        }
        END {
            if (!started) at = from
            if (level == 1) high += to - at
            printf "%.4f\n", high / (to - from)
        }' "$HIL_RESULTS/gpio-trace.txt"
}

# hil_trace_duties FROM TO HZ LINE...: as hil_trace_duty for several lines in one pass over the trace (each awk
# run over thousands of events costs seconds under TCG), and beside each line's mean duty its duty_periods as
# hil-sample -f HZ defines it (the median duty of the periods within 20 % of 1/HZ), from the levels set:
# "LINE MEAN PERIODS" per line.
hil_trace_duties() {
    local from=$1 to=$2 hz=$3 line map=""
    shift 3
    for line in "$@"; do
        map="$map $(hil_line_global "$line")=$line"
    done
    awk -v from="$from" -v to="$to" -v period="$(awk -v hz="$hz" 'BEGIN { print 1 / hz }')" -v map="$map" '
        function median(list, count,    i, j, v) {
            for (i = 2; i <= count; i++) {
                v = list[i]
                for (j = i - 1; j >= 1 && list[j] > v; j--) list[j + 1] = list[j]
                list[j + 1] = v
            }
            return count % 2 ? list[(count + 1) / 2] : (list[count / 2] + list[count / 2 + 1]) / 2
        }
        BEGIN {
            count = split(map, pairs, " ")
            for (i = 1; i <= count; i++) { split(pairs[i], pair, "="); name[pair[1]] = pair[2]; order[i] = pair[1] }
        }
        / gpio_value: / {
            for (i = 1; i <= NF; i++) {
                if ($i ~ /^[0-9]+\.[0-9]+:$/) t = substr($i, 1, length($i) - 1) + 0
                if ($i == "gpio_value:") gpio = $(i + 1)
            }
            if (!(gpio in name) || $(NF - 1) != "set") next
            if (t <= from) { level[gpio] = $NF; next }
            if (t > to) next
            if (!(gpio in at)) at[gpio] = from
            if (level[gpio] == 1) high[gpio] += t - at[gpio]
            if ($NF == 1 && level[gpio] != 1) {
                if (gpio in rose) {
                    n = ++periods[gpio]
                    length_of[gpio, n] = t - rose[gpio]; high_of[gpio, n] = fell[gpio] - rose[gpio]
                }
                rose[gpio] = t
            }
            if ($NF == 0 && level[gpio] == 1) fell[gpio] = t
            at[gpio] = t; level[gpio] = $NF
        }
        END {
            for (i = 1; i <= count; i++) {
                gpio = order[i]
                if (!(gpio in at)) at[gpio] = from
                if (level[gpio] == 1) high[gpio] += to - at[gpio]
                mean = high[gpio] / (to - from)
                result = mean
                n = periods[gpio]
                regular = 0
                for (k = 1; k <= n; k++) {
                    if (length_of[gpio, k] < 0.8 * period || length_of[gpio, k] > 1.2 * period) continue
                    duties[++regular] = high_of[gpio, k] / length_of[gpio, k]
                }
                if (regular >= 10) result = median(duties, regular)
                printf "%s %.4f %.4f\n", name[gpio], mean, result
            }
        }' "$HIL_RESULTS/gpio-trace.txt"
}

# hil_trace_sets LINE: how many times a consumer set the line while tracing.
hil_trace_sets() {
    grep -c "gpio_value: $(hil_line_global "$1") set " "$HIL_RESULTS/gpio-trace.txt"
}

# --- The station. ---
# HIL_STATION is the binary under test (default: the worktree's .build/debug/breeze-station; run.sh --station
# PATH for another build, e.g. the libgpiod v2 leg), HIL_STATION_ENV extra environment (e.g.
# LD_LIBRARY_PATH=... for a libgpiod built into a scratch prefix).

# hil_station_supports WORD...: succeeds when the binary has the command (e.g. leds show).
hil_station_supports() {
    local help
    [ -x "$HIL_STATION" ] || return 1
    help=$(env ${HIL_STATION_ENV:-} "$HIL_STATION" "$1" --help 2>/dev/null) || return 1
    [ $# -lt 2 ] || printf '%s\n' "$help" | grep -qw -- "$2"
}

# hil_station ARGS...: runs breeze-station in the foreground.
hil_station() {
    env ${HIL_STATION_ENV:-} "$HIL_STATION" "$@"
}

# hil_station_start NAME ARGS...: starts breeze-station ARGS in the background, output in
# $HIL_RESULTS/NAME.out and NAME.err; HIL_STATION_PID is its process.
hil_station_start() {
    HIL_STATION_RUN=$1
    shift
    hil_log "starting: breeze-station $*"
    env ${HIL_STATION_ENV:-} "$HIL_STATION" "$@" > "$HIL_RESULTS/$HIL_STATION_RUN.out" \
        2> "$HIL_RESULTS/$HIL_STATION_RUN.err" &
    HIL_STATION_PID=$!
}

# hil_running PID: the process exists and has not exited (a zombie counts as exited).
hil_running() {
    local state
    [ -r "/proc/$1/stat" ] || return 1
    read -r _ _ state _ < "/proc/$1/stat" || return 1
    [ "$state" != Z ]
}

# hil_station_wait SECONDS [WHY]: waits up to SECONDS for the station started with hil_station_start to exit;
# HIL_STATION_STATUS is its exit status. Fails (and kills it) when it is still running then.
hil_station_wait() {
    local deadline
    deadline=$(( $(hil_centiseconds) + $1 * 100 ))
    while hil_running "$HIL_STATION_PID"; do
        if [ "$(hil_centiseconds)" -gt "$deadline" ]; then
            kill -KILL "$HIL_STATION_PID"
            wait "$HIL_STATION_PID"
            hil_fail "breeze-station still running $1 s ${2:-after being asked to stop}"
        fi
        sleep 0.05
    done
    wait "$HIL_STATION_PID"
    HIL_STATION_STATUS=$?
    hil_log "breeze-station exited with status $HIL_STATION_STATUS"
}

# hil_station_stop SECONDS [SIGNAL]: sends SIGNAL (default TERM) to the station and waits up to SECONDS for it
# to exit (hil_station_wait).
hil_station_stop() {
    kill "-${2:-TERM}" "$HIL_STATION_PID" 2>/dev/null
    hil_station_wait "$1" "after SIG${2:-TERM}"
}

# hil_station_exited_cleanly: the last stopped station exited 0 and printed no Swift crash report.
hil_station_exited_cleanly() {
    [ "$HIL_STATION_STATUS" = 0 ] &&
        ! grep -qE 'Fatal error|Current stack trace|Crash|Segmentation fault' "$HIL_RESULTS/$HIL_STATION_RUN.err"
}

# hil_levels: the levels a scenario walks: its LEVELS (every level); in the libgpiod v2 leg its V2_LEVELS when
# it has them, unless the run asks for every level there too (HIL_ALL_LEVELS=1, run.sh --all-levels).
hil_levels() {
    if [ "${HIL_LEG:-}" = gpiod-v2 ] && [ -n "${V2_LEVELS:-}" ] && [ "${HIL_ALL_LEVELS:-0}" != 1 ]; then
        echo "$V2_LEVELS"
    else
        echo "$LEVELS"
    fi
}

# --- LED colours. ---

# hil_expected_duty HEX-BYTE GAMMA [BRIGHTNESS]: the PWM duty a gamma-corrected channel value should give,
# e.g. hil_expected_duty 95 2.2 → 0.306 (0x95/255 = 0.584, to the power 2.2).
hil_expected_duty() {
    awk -v byte="$((0x$1))" -v gamma="$2" -v brightness="${3:-1}" \
        'BEGIN { printf "%.3f", ((byte / 255) ^ gamma) * brightness }'
}

# hil_colour_matches RGB-HEX RED GREEN BLUE GAMMA TOLERANCE [SECONDS]: samples the three lines and succeeds
# when each channel's duty is the colour's (e.g. ff9500) within TOLERANCE (absolute duty). Logs what it saw.
# The duty judged is hil-sample's duty_periods (the median duty of the periods of regular length: the duty the
# station set, without what late wake-ups under TCG did to some periods); the time-weighted mean is logged
# beside it.
hil_colour_matches() {
    local measured status
    measured=$(hil_sample "${7:-2}" "$2" "$3" "$4")
    printf '%s\n' "$measured" > "$HIL_RESULTS/colour-$1.txt"
    # One awk for the whole judgement: every program started costs ~0.1 s here.
    # The verdict line goes to poll.log: hil_wait_until quotes the last one when it gives up.
    printf '%s\n' "$measured" | awk -v colour="$1" -v lines="$2 $3 $4" -v gamma="$5" -v tolerance="$6" \
        -v gap="${HIL_COLOUR_GAP:-0}" '
        function hex(text,    digits, value, i) {
            digits = "0123456789abcdef"; value = 0; text = tolower(text)
            for (i = 1; i <= length(text); i++) value = value * 16 + index(digits, substr(text, i, 1)) - 1
            return value
        }
        BEGIN {
            split(lines, name, " ")
            for (i = 1; i <= 3; i++) want[name[i]] = (hex(substr(colour, 2 * i - 1, 2)) / 255) ^ gamma
        }
        {
            split($1, field, "="); line = field[2]
            for (f = 2; f <= NF; f++) {
                if ($f ~ /^duty_periods=/) { split($f, field, "="); duty[line] = field[2] }
                if ($f ~ /^duty=/) { split($f, field, "="); mean[line] = field[2] }
                if ($f ~ /^regular=/) { split($f, field, "="); regular[line] = field[2] }
                if ($f ~ /^seconds=/) { split($f, field, "="); watched[line] = field[2] }
            }
            # A level with a look-alike neighbour opens each 3 s cycle with one dark gap of HIL_COLOUR_GAP seconds
            # (docs/leds.md). A PWM line is judged by its median period, which the gap does not move; a line held
            # fully on has no periods, so at most that gap of darkness is excused from its mean (the own
            # run lengths are unreliable here: a descheduled sampler leaves the run of the gap unclean).
            if (gap > 0 && regular[line] < 10 && watched[line] > gap) {
                lit = mean[line] * watched[line] / (watched[line] - gap)
                duty[line] = lit > 1 ? 1 : lit
            }
        }
        END {
            ok = 1; report = ""
            for (i = 1; i <= 3; i++) {
                line = name[i]; difference = duty[line] - want[line]
                if (difference < 0) difference = -difference
                if (!(line in duty) || difference > tolerance) ok = 0
                report = report sprintf(" %s=%s(mean %s, want %.3f)", line, duty[line], mean[line], want[line])
            }
            printf "#%s ± %s:%s\n", colour, tolerance, report > "/dev/stderr"
            exit !ok
        }' 2> "$HIL_RESULTS/poll.log"
    status=$?
    cat "$HIL_RESULTS/poll.log" >> "$HIL_RESULTS/colour-polls.log"
    [ "$status" != 0 ] || hil_log "$(cat "$HIL_RESULTS/poll.log")"
    return "$status"
}

# hil_expect_colour RGB-HEX RED GREEN BLUE GAMMA TOLERANCE [SECONDS]: as hil_colour_matches, failing otherwise.
hil_expect_colour() {
    hil_colour_matches "$@" || hil_fail "the LED is not $(cat "$HIL_RESULTS/poll.log")"
}

# hil_led_signature SECONDS LINE...: what a glance at the LED would see, per line, from 100 ms windows:
#   LINE mean=D peak=D low=D top=D   (mean duty; the 90th and 10th percentile of the windows' duty; the 97th, for
#   a short flash: a 0.5 s marker every 3 s is 4-5 of 30 windows, so the 90th percentile is its 4th-brightest)
# A steady colour has peak ≈ low; a blink or breathing pattern has peak − low large. Percentiles rather than
# extremes: under TCG a PWM thread is sometimes descheduled for tens of milliseconds.
hil_led_signature() {
    local seconds=$1
    shift
    hil_sample -w 100 "$seconds" "$@" | awk '
        / envelope=/ {
            split($1, n, "="); split($2, e, "="); all = split(e[2], windows, ",")
            # Windows the sampler could not watch ("-") are left out.
            count = 0
            for (i = 1; i <= all; i++) if (windows[i] != "-") w[++count] = windows[i] + 0
            sum = 0
            for (i = 1; i <= count; i++) {
                sum += w[i]
                for (j = i; j > 1 && w[j - 1] > w[j]; j--) { t = w[j]; w[j] = w[j - 1]; w[j - 1] = t }
            }
            low = w[int(0.1 * (count - 1)) + 1]; peak = w[int(0.9 * (count - 1)) + 1]; top = w[int(0.97 * (count - 1)) + 1]
            printf "%s mean=%.2f peak=%.2f low=%.2f top=%.2f\n", n[2], count ? sum / count : 0, peak, low, top
        }'
}

# hil_signature_steady SIGNATURE: the LED does not blink: its brightest line never drops below half its mean
# brightness in a window (a blink drops it to about 0; the dim lines are too noisy under TCG to judge by).
hil_signature_steady() {
    printf '%s\n' "$1" | awk '
        { split($2, m, "="); split($4, l, "="); if (m[2] > best) { best = m[2]; low = l[2] } }
        END { exit !(best > 0 && low >= 0.5 * best) }'
}

# hil_signature_differs A B: a glance tells the two apart: some line's mean duty differs by more than 0.1, or
# one is steady and the other is not.
hil_signature_differs() {
    local steady_a=no steady_b=no
    hil_signature_steady "$1" && steady_a=yes
    hil_signature_steady "$2" && steady_b=yes
    [ "$steady_a" != "$steady_b" ] && return 0
    { printf '%s\n' "$1" | sed 's/^/A /'; printf '%s\n' "$2" | sed 's/^/B /'; } | awk '
        { split($3, m, "=") }
        $1 == "A" { mean[$2] = m[2]; next }
        $2 in mean { d = m[2] - mean[$2]; if (d < 0) d = -d; if (d > 0.1) differs = 1 }
        END { exit !differs }'
}

# --- Bytes. ---

# hil_hex_to_bytes FILE...: the hex lines of fixture files (# comments ignored) as raw bytes on stdout.
hil_hex_to_bytes() {
    grep -hv '^#' "$@" | tr -d ' \n' | tr a-f A-F | basenc --base16 -d
}

# hil_hex FILE: a file's bytes as one line of hex, for messages.
hil_hex() {
    od -An -v -tx1 "$1" | tr -d ' \n'
}

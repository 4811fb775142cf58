# Calibrates the duty-cycle measurement the LED scenarios rely on. Three known software PWMs (hil-pwm, 200 Hz,
# duties 0.20/0.50/0.80 on GPIO17/22/27, like the channels of an RGB LED) run while the kernel's gpio_value
# trace records every level they set. The duty measured by sampling the values the kernel holds must match the
# duty the trace proves the lines had (SAMPLING_TOLERANCE: the rig's own accuracy), and that must be near what
# was asked (GENERATOR_TOLERANCE: whether this machine can hold a 200 Hz software PWM under TCG at all). If
# this fails, LED scenario results on this machine mean nothing.
DESCRIPTION="sampling measures three 200 Hz software PWMs (0.2/0.5/0.8) as the kernel's trace records them"
SAMPLING_TOLERANCE=0.03
# Under TCG the generator's wake-ups are late by up to a few hundred µs, lengthening short phases: ±0.05 is
# typical on a loaded 2-core machine.
GENERATOR_TOLERANCE=0.10

guest() {
    hil_trace_start
    for channel in 17:0.20 22:0.50 27:0.80; do
        hil-pwm -c "/dev/$HIL_GPIO_CHIP" -l "${channel%%:*}" -f 200 -d "${channel#*:}" -t 4 &
    done
    hil_wait_until 5 "the three PWMs hold their lines" \
        sh -c "gpioinfo $HIL_GPIO_CHIP | grep -c '\"hil-pwm\"' | grep -qx 3"
    measured=$(hil_sample 2 GPIO17 GPIO22 GPIO27)
    wait
    hil_trace_stop
    echo "$measured"
    for channel in GPIO17:0.20 GPIO22:0.50 GPIO27:0.80; do
        name=${channel%%:*}
        line=$(echo "$measured" | grep "^name=$name ")
        duty=$(echo "$line" | hil_field duty)
        truth=$(hil_trace_duty "$name" "$(echo "$line" | hil_field start_mono)" "$(echo "$line" | hil_field end_mono)")
        frequency=$(echo "$line" | hil_field freq_hz)
        hil_check "$name: sampled duty $duty matches the traced $truth ± $SAMPLING_TOLERANCE" \
            hil_near "$duty" "$truth" "$SAMPLING_TOLERANCE"
        hil_check "$name: traced duty $truth is the generated ${channel#*:} ± $GENERATOR_TOLERANCE" \
            hil_near "$truth" "${channel#*:}" "$GENERATOR_TOLERANCE"
        hil_check "$name: toggling at $frequency Hz (at least 50 Hz)" hil_at_least "$frequency" 50
    done
    hil_wait_until 5 "the PWM lines are released" hil_line_unused GPIO22
}

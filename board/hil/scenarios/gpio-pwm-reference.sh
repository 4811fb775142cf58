# Calibrates the duty-cycle measurement the LED scenarios rely on. A known software PWM (hil-pwm, 200 Hz, duties
# 0.20/0.50/0.80 on GPIO17/22/27, like the channels of an RGB LED, in one request with bulk updates as the station
# drives them) runs while the kernel's gpio_value trace records every level it sets. (One process, not one per
# line: three generators on the guest's two vCPUs beside the sampler collide at their edges, at phases that
# differ run to run, and one line then came out 0.06 low on a busy CI host; the station has no such collisions.) The LED scenarios judge a colour by hil-sample's duty_periods (the median
# duty of the periods of regular length: the duty a driver meant, without the periods that a late wake-up
# stretched, or the bursts of short ones that catching up makes, which under TCG on a busy host are many). So:
#   - sampled duty_periods = traced duty_periods within SAMPLING_TOLERANCE: sampling the values the kernel
#     holds sees what the consumer set (the rig's own accuracy);
#   - traced duty_periods = the generated duty within GENERATOR_TOLERANCE: the estimator finds what was asked
#     even on a machine that cannot hold a 200 Hz software PWM steadily (the time-weighted means, logged, drift
#     by 0.05-0.1 then: that is why they are not what the LED scenarios judge);
#   - the lines toggle at 50 Hz or more.
# If this fails, LED scenario results on this machine mean nothing.
DESCRIPTION="sampling measures three 200 Hz software PWMs (0.2/0.5/0.8) as the kernel's trace records them"
SAMPLING_TOLERANCE=0.03
GENERATOR_TOLERANCE=0.05

guest() {
    hil_trace_start
    hil-pwm -c "/dev/$HIL_GPIO_CHIP" -l 17,22,27 -f 200 -d 0.20,0.50,0.80 -t 4 &
    hil_wait_until 5 "the three PWMs hold their lines" \
        sh -c "gpioinfo $HIL_GPIO_CHIP | grep -c '\"hil-pwm\"' | grep -qx 3"
    measured=$(hil_sample 2 GPIO17 GPIO22 GPIO27)
    wait
    hil_trace_stop
    echo "$measured"
    first=$(echo "$measured" | head -n 1)
    traced=$(hil_trace_duties "$(echo "$first" | hil_field start_mono)" "$(echo "$first" | hil_field end_mono)" \
        200 GPIO17 GPIO22 GPIO27)
    for channel in GPIO17:0.20 GPIO22:0.50 GPIO27:0.80; do
        name=${channel%%:*}
        line=$(echo "$measured" | grep "^name=$name ")
        periods=$(echo "$line" | hil_field duty_periods)
        set -- $(echo "$traced" | grep "^$name ")
        hil_log "$name: mean duty sampled $(echo "$line" | hil_field duty), traced $2 (generated ${channel#*:})"
        hil_check "$name: sampled duty_periods $periods matches the traced $3 ± $SAMPLING_TOLERANCE" \
            hil_near "$periods" "$3" "$SAMPLING_TOLERANCE"
        hil_check "$name: traced duty_periods $3 is the generated ${channel#*:} ± $GENERATOR_TOLERANCE" \
            hil_near "$3" "${channel#*:}" "$GENERATOR_TOLERANCE"
        frequency=$(echo "$line" | hil_field freq_hz)
        hil_check "$name: toggling at $frequency Hz (at least 50 Hz)" hil_at_least "$frequency" 50
    done
    hil_wait_until 5 "the PWM lines are released" hil_line_unused GPIO22
}

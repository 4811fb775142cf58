# The kernel side of the LEDs, without the station: the gpio-sim chips look like a Raspberry Pi 4's (the header
# chip, found by label and by line name as the station's board profile finds it, and the firmware expander); a consumer driving a line is seen
# in the value the kernel holds, in both directions; when the consumer exits the line is released and falls
# back to its pull.
DESCRIPTION="gpio-sim chips look like a Pi 4's; gpioset drives GPIO17 and GPIO27; released on exit"

guest() {
    hil_expect_eq "chip found by its label" "$(gpiofind GPIO17)" "$HIL_GPIO_CHIP 17"
    chips=$(gpiodetect)
    hil_log "gpiodetect: $(echo $chips)"
    hil_check "gpiodetect lists [pinctrl-bcm2711] with 58 lines" \
        sh -c "echo '$chips' | grep -qx '$HIL_GPIO_CHIP \[pinctrl-bcm2711\] (58 lines)'"
    hil_check "and the Pi 4's second chip, [raspberrypi-exp-gpio] with 8 lines" \
        sh -c "echo '$chips' | grep -q '^gpiochip[0-9]* \[raspberrypi-exp-gpio\] (8 lines)$'"
    hil_expect_eq "the expander's lines are named as on a Pi 4" "$(gpiofind PWR_LED_OFF | cut -d' ' -f2)" 2
    hil_expect_eq "line 0 is named as on a Pi 4" "$(hil_line_info 0 | cut -d'"' -f2)" ID_SDA
    hil_expect_eq "line 27 is named as on a Pi 4" "$(hil_line_info 27 | cut -d'"' -f2)" GPIO27
    hil_check "GPIO17 starts unused" hil_line_unused GPIO17

    # The outside world: GPIO17 pulled down, GPIO27 pulled up, so that a driven 1 and a driven 0 both show.
    hil_line_pull GPIO17 pull-down
    hil_line_pull GPIO27 pull-up
    hil_expect_eq "undriven GPIO17 follows its pull-down" "$(hil_line_value GPIO17)" 0
    hil_expect_eq "undriven GPIO27 follows its pull-up" "$(hil_line_value GPIO27)" 1

    # libgpiod v1's gpioset, by chip label, held until signalled.
    gpioset --mode=signal pinctrl-bcm2711 17=1 27=0 &
    holder=$!
    hil_wait_until 5 "GPIO17 driven to 1 while gpioset runs" hil_line_is GPIO17 1
    hil_expect_eq "GPIO27 driven to 0 against its pull-up" "$(hil_line_value GPIO27)" 0
    hil_expect_eq "gpioinfo names the consumer of GPIO17" "$(hil_line_consumer GPIO17)" gpioset
    info=$(hil_line_info GPIO17)
    hil_check "gpioinfo shows GPIO17 as a used output ($info)" sh -c "echo '$info' | grep -q 'output.*\[used'"

    kill -TERM "$holder"
    wait "$holder"
    hil_expect_eq "gpioset exits cleanly on SIGTERM" "$?" 0
    hil_wait_until 5 "GPIO17 released after the consumer exited" hil_line_unused GPIO17
    hil_check "GPIO27 released" hil_line_unused GPIO27
    hil_expect_eq "released GPIO17 falls back to its pull-down" "$(hil_line_value GPIO17)" 0
    hil_expect_eq "released GPIO27 falls back to its pull-up" "$(hil_line_value GPIO27)" 1

    # Sampling works and is fast enough to measure a software PWM (the station's runs at >= 200 Hz).
    gpioset --mode=signal pinctrl-bcm2711 17=1 &
    holder=$!
    hil_wait_until 5 "GPIO17 driven again" hil_line_is GPIO17 1
    sample=$(hil_sample 1 GPIO17 GPIO27)
    hil_log "sampled: $sample"
    kill -TERM "$holder"
    wait "$holder"
    rate=$(echo "$sample" | head -n 1 | hil_field samples)
    hil_expect_eq "steady 1 samples at duty 1" "$(echo "$sample" | head -n 1 | hil_field duty)" 1.0000
    hil_expect_eq "undriven pulled-up line samples at duty 1" "$(echo "$sample" | tail -n 1 | hil_field duty)" 1.0000
    hil_check "sampling rate >= 2000 samples/s per line ($rate in 1 s)" test "$rate" -ge 2000
}

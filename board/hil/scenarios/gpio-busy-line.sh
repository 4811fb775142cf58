# What the kernel does when a line the station wants is already taken, so that the station's "line busy"
# error can be checked against the real behaviour: a second request of a held line fails with EBUSY ("Device or
# resource busy") and leaves the holder's value alone; gpioinfo names the holder, whether it is a process
# (gpioset) or the kernel itself (a hog, as a device-tree overlay or another driver would hold a pin).
DESCRIPTION="a held line (process or kernel hog) refuses a second request with EBUSY; gpioinfo names the holder"
# GPIO18 is held by the kernel from the start, as an overlay's gpio-hog would hold it.
GPIO_HOGS="18:overlay-hog:output-high"

guest() {
    hil_line_pull GPIO17 pull-down
    gpioset --mode=signal pinctrl-bcm2711 17=1 &
    holder=$!
    hil_wait_until 5 "GPIO17 held at 1 by gpioset" hil_line_is GPIO17 1

    if error=$(gpioset --mode=exit pinctrl-bcm2711 17=0 2>&1); then
        hil_fail "a second request of GPIO17 succeeded while gpioset held it"
    fi
    hil_log "second request: $error"
    hil_check "the second request fails with EBUSY" sh -c "echo '$error' | grep -q 'Device or resource busy'"
    hil_expect_eq "the holder's value is untouched" "$(hil_line_value GPIO17)" 1
    if error=$(gpioget pinctrl-bcm2711 17 2>&1); then
        hil_fail "reading GPIO17 as an input succeeded while gpioset held it"
    fi
    hil_check "a request as input fails with EBUSY too" sh -c "echo '$error' | grep -q 'Device or resource busy'"
    hil_expect_eq "gpioinfo names the holding process" "$(hil_line_consumer GPIO17)" gpioset

    kill -TERM "$holder"
    wait "$holder"
    hil_wait_until 5 "GPIO17 free again" hil_line_unused GPIO17
    hil_check "once released, the line can be requested" gpioset --mode=exit pinctrl-bcm2711 17=1

    # The kernel's own hog.
    hil_expect_eq "gpioinfo names the hog" "$(hil_line_consumer GPIO18)" overlay-hog
    hil_expect_eq "the hog drives its line high" "$(hil_line_value GPIO18)" 1
    if error=$(gpioset --mode=exit pinctrl-bcm2711 18=0 2>&1); then
        hil_fail "requesting the hogged GPIO18 succeeded"
    fi
    hil_check "requesting a hogged line fails with EBUSY ($error)" \
        sh -c "echo '$error' | grep -q 'Device or resource busy'"
}

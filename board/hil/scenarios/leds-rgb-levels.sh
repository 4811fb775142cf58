# The LED layer on a real kernel GPIO chip: for each AQI level, `breeze-station leds show --aqi N` holds the
# level's colour on an RGB LED, and the duty cycle of each channel, measured by sampling the values the kernel
# holds, matches the level's colour after gamma correction. Between levels the station is stopped with SIGTERM
# and must leave its lines released.
#
# Contract assumed (issue 4; adjust here if the landed command differs):
#   breeze-station leds show --config FILE --aqi N      holds the colour until SIGTERM/SIGINT, exit 0
#   config: board/hil/fixtures/station-leds-rgb.json (leds.backend gpiod, chip pinctrl-bcm2711, kind rgb,
#           lines red/green/blue GPIO17/GPIO27/GPIO22, active_low false, pwm true, brightness 1.0, palette
#           breeze, self_test false: the start-up sweep is policy, unit-tested; here the colour is judged
#           right after the lines are taken)
#   colours: the README's level table (AQILevel.color); PWM duty = (channel/255)^GAMMA × brightness
#   consumer label "breeze-station"
DESCRIPTION="leds show --aqi N: each level's colour on the RGB lines (PWM duty by sampling); released on SIGTERM"
NEEDS="leds show"
LEGS="gpiod-v2"
TIMEOUT=240

CONFIG=board/hil/fixtures/station-leds-rgb.json
RED=GPIO17
GREEN=GPIO27
BLUE=GPIO22
GAMMA=2.2
# Absolute duty tolerance; gpio-pwm-reference shows what the rig itself achieves on this machine.
PWM_TOLERANCE=0.08
# level:AQI:colour (the middle of each level's range), all seven levels. Each level's colour is judged from one
# 2 s sample of the three lines (about 400 PWM periods at 200 Hz): one start, one sample, one stop per level.
LEVELS="excellent:12:34c759 good:40:34c759 moderate:75:ff9500 unhealthy_sensitive:125:ff6b00
unhealthy:175:ff3b30 very_unhealthy:250:af52de hazardous:350:8e0000"
# Sample length per level, in seconds (1 s was too noisy on a loaded 2-core machine).
SAMPLE_SECONDS=2
# The libgpiod v2 leg proves the other library's line requests and bulk updates, not the colours again: one
# level with all three channels at intermediate duties (red 0.44, green 0.08, blue 0.73) keeps make hil in budget
# (HIL_ALL_LEVELS=1: that leg walks all seven too).
V2_LEVELS="very_unhealthy:250:af52de"

guest() {
    for level in $(hil_levels); do
        name=${level%%:*}
        rest=${level#*:}
        aqi=${rest%%:*}
        colour=${rest#*:}
        # USG opens each 3 s cycle with a 0.25 s dark gap beside Moderate's look-alike orange (docs/leds.md).
        HIL_COLOUR_GAP=0
        [ "$name" != unhealthy_sensitive ] || HIL_COLOUR_GAP=0.25
        hil_station_start "leds-$name" leds show --config "$HIL_ROOT/$CONFIG" --aqi "$aqi"
        hil_wait_until 15 "$name (AQI $aqi): breeze-station holds the RGB lines" \
            hil_outputs_held 3 breeze-station "$RED" "$GREEN" "$BLUE"
        sleep 0.3
        hil_expect_colour "$colour" "$RED" "$GREEN" "$BLUE" "$GAMMA" "$PWM_TOLERANCE" "$SAMPLE_SECONDS"
        hil_station_stop 3
        hil_check "$name: exit 0 on SIGTERM, no crash" hil_station_exited_cleanly
        hil_check "$name: the RGB lines released" hil_outputs_held 0 breeze-station
    done
}

/*
 * hil-pwm: a reference software PWM on GPIO lines, through the kernel's GPIO character device (uAPI v2, no
 * library), so that the rig's duty-cycle measurement can be checked against a known signal before it is
 * trusted to judge the station's LEDs. Runs inside the HIL virtual machine.
 *
 *   hil-pwm -c /dev/gpiochipN -l OFFSET[,OFFSET...] [-d DUTY[,DUTY...]] [-f HZ] [-t SECONDS] [-b SECONDS]
 *           [-n CONSUMER] [-a]
 *
 * -l  the lines, requested together as outputs (one request, bulk updates, as the station does)
 * -d  duty cycle per line, 0..1 (default 0.25; one value applies to all lines)
 * -f  PWM frequency (default 200 Hz);  -t  run time (default 3 s; 0: until SIGTERM or SIGINT)
 * -b  blink: dark for the second half of every such period (default 0: no blinking)
 * -n  consumer label (default "hil-pwm");  -a  active-low lines (a duty of 0 is then a physical 1)
 * Every period starts with the lines whose duty is above 0 active and turns each off at its own time, on
 * absolute deadlines (clock_nanosleep TIMER_ABSTIME, so late wake-ups do not accumulate). At the end, or on
 * SIGTERM/SIGINT, every line is set inactive, then the request is released.
 * Exit status: 0; 1 when the lines cannot be requested (the error names the call and errno); 2 usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define MAX_PWM_LINES 16

static volatile sig_atomic_t stopping = 0;

static void on_signal(int number) {
    (void)number;
    stopping = 1;
}

static void add_ns(struct timespec *t, long long ns) {
    long long total = (long long)t->tv_nsec + ns;
    t->tv_sec += total / 1000000000LL;
    t->tv_nsec = total % 1000000000LL;
}

static int set_values(int fd, unsigned long long bits, unsigned long long mask) {
    struct gpio_v2_line_values values = {.bits = bits, .mask = mask};
    return ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &values);
}

static int parse_list(const char *text, double *values, int limit) {
    int count = 0;
    char *copy = strdup(text), *save = NULL;
    for (char *item = strtok_r(copy, ",", &save); item != NULL; item = strtok_r(NULL, ",", &save)) {
        if (count == limit) {
            count = -1;
            break;
        }
        values[count++] = strtod(item, NULL);
    }
    free(copy);
    return count;
}

int main(int argc, char **argv) {
    const char *chip = NULL, *consumer = "hil-pwm";
    double offsets[MAX_PWM_LINES], duties[MAX_PWM_LINES] = {0.25};
    int line_count = 0, duty_count = 1, active_low = 0;
    double frequency = 200, seconds = 3, blink = 0;
    int option;
    while ((option = getopt(argc, argv, "c:l:d:f:t:b:n:a")) != -1) {
        switch (option) {
        case 'c': chip = optarg; break;
        case 'l': line_count = parse_list(optarg, offsets, MAX_PWM_LINES); break;
        case 'd': duty_count = parse_list(optarg, duties, MAX_PWM_LINES); break;
        case 'f': frequency = strtod(optarg, NULL); break;
        case 't': seconds = strtod(optarg, NULL); break;
        case 'b': blink = strtod(optarg, NULL); break;
        case 'n': consumer = optarg; break;
        case 'a': active_low = 1; break;
        default: goto usage;
        }
    }
    if (chip == NULL || line_count < 1 || duty_count < 1 || (duty_count != 1 && duty_count != line_count) ||
        frequency <= 0 || seconds < 0 || blink < 0) {
        goto usage;
    }
    for (int i = 0; i < line_count; i++) {
        if (duty_count == 1) duties[i] = duties[0];
        if (duties[i] < 0 || duties[i] > 1 || offsets[i] < 0) goto usage;
    }

    int chip_fd = open(chip, O_RDWR | O_CLOEXEC);
    if (chip_fd < 0) {
        fprintf(stderr, "hil-pwm: open %s: %s\n", chip, strerror(errno));
        return 1;
    }
    struct gpio_v2_line_request request;
    memset(&request, 0, sizeof request);
    for (int i = 0; i < line_count; i++) request.offsets[i] = (unsigned)offsets[i];
    request.num_lines = (unsigned)line_count;
    request.config.flags = GPIO_V2_LINE_FLAG_OUTPUT | (active_low ? GPIO_V2_LINE_FLAG_ACTIVE_LOW : 0);
    strncpy(request.consumer, consumer, sizeof request.consumer - 1);
    if (ioctl(chip_fd, GPIO_V2_GET_LINE_IOCTL, &request) < 0) {
        fprintf(stderr, "hil-pwm: GPIO_V2_GET_LINE_IOCTL on %s: %s\n", chip, strerror(errno));
        return 1;
    }
    close(chip_fd);

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);

    unsigned long long all = (1ULL << line_count) - 1, lit = 0;
    long long period = (long long)(1e9 / frequency), off_at[MAX_PWM_LINES];
    for (int i = 0; i < line_count; i++) {
        off_at[i] = (long long)(duties[i] * (double)period);
        if (off_at[i] > 0) lit |= 1ULL << i;
    }
    long long cycles = seconds > 0 ? (long long)(seconds * frequency) : -1;
    struct timespec period_start, start;
    clock_gettime(CLOCK_MONOTONIC, &period_start);
    start = period_start;
    for (long long cycle = 0; !stopping && (cycles < 0 || cycle < cycles); cycle++) {
        unsigned long long on = lit;
        if (blink > 0) {
            double since = (double)(period_start.tv_sec - start.tv_sec) +
                           (double)(period_start.tv_nsec - start.tv_nsec) / 1e9;
            double phase = since / blink - (double)(long long)(since / blink);
            if (phase >= 0.5) on = 0;
        }
        set_values(request.fd, on, all);
        /* Turn lines off in order of their off time; a line at duty 1 stays on through the period. */
        for (;;) {
            long long next = period;
            for (int i = 0; i < line_count; i++) {
                if ((on >> i & 1) && off_at[i] < next) next = off_at[i];
            }
            if (next >= period) break;
            struct timespec deadline = period_start;
            add_ns(&deadline, next);
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL);
            for (int i = 0; i < line_count; i++) {
                if (off_at[i] == next) on &= ~(1ULL << i);
            }
            set_values(request.fd, on, all);
        }
        add_ns(&period_start, period);
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &period_start, NULL);
    }
    set_values(request.fd, 0, all);
    close(request.fd);
    return 0;

usage:
    fprintf(stderr, "usage: hil-pwm -c /dev/gpiochipN -l OFFSET[,OFFSET...] [-d DUTY[,DUTY...]] [-f HZ]"
                    " [-t SECONDS] [-b SECONDS] [-n CONSUMER] [-a]\n");
    return 2;
}

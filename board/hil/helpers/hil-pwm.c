/*
 * hil-pwm: a reference software PWM on one GPIO line, through the kernel's GPIO character device (uAPI v2,
 * no library), so that the rig's duty-cycle measurement can be checked against a known signal before it is
 * trusted to judge the station's LEDs. Runs inside the HIL virtual machine.
 *
 *   hil-pwm -c /dev/gpiochipN -l OFFSET [-f HZ] [-d DUTY] [-t SECONDS]
 *
 * -f  PWM frequency (default 200 Hz);  -d  duty cycle 0..1 (default 0.25);  -t  run time (default 3 s).
 * The line is requested as an output with consumer "hil-pwm", toggled on absolute deadlines
 * (clock_nanosleep TIMER_ABSTIME, so late wake-ups do not accumulate), then released.
 * Exit status: 0; 1 when the chip or line cannot be requested (the error names the call and errno).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static void add_ns(struct timespec *t, long long ns) {
    long long total = (long long)t->tv_nsec + ns;
    t->tv_sec += total / 1000000000LL;
    t->tv_nsec = total % 1000000000LL;
}

static int set_value(int fd, int value) {
    struct gpio_v2_line_values values = {.bits = value ? 1 : 0, .mask = 1};
    return ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &values);
}

int main(int argc, char **argv) {
    const char *chip = NULL;
    int offset = -1;
    double frequency = 200, duty = 0.25, seconds = 3;
    int option;
    while ((option = getopt(argc, argv, "c:l:f:d:t:")) != -1) {
        switch (option) {
        case 'c': chip = optarg; break;
        case 'l': offset = atoi(optarg); break;
        case 'f': frequency = strtod(optarg, NULL); break;
        case 'd': duty = strtod(optarg, NULL); break;
        case 't': seconds = strtod(optarg, NULL); break;
        default: goto usage;
        }
    }
    if (chip == NULL || offset < 0 || frequency <= 0 || duty < 0 || duty > 1 || seconds <= 0) goto usage;

    int chip_fd = open(chip, O_RDWR | O_CLOEXEC);
    if (chip_fd < 0) {
        fprintf(stderr, "hil-pwm: open %s: %s\n", chip, strerror(errno));
        return 1;
    }
    struct gpio_v2_line_request request;
    memset(&request, 0, sizeof request);
    request.offsets[0] = (unsigned)offset;
    request.num_lines = 1;
    request.config.flags = GPIO_V2_LINE_FLAG_OUTPUT;
    strncpy(request.consumer, "hil-pwm", sizeof request.consumer - 1);
    if (ioctl(chip_fd, GPIO_V2_GET_LINE_IOCTL, &request) < 0) {
        fprintf(stderr, "hil-pwm: GPIO_V2_GET_LINE_IOCTL line %d: %s\n", offset, strerror(errno));
        return 1;
    }
    close(chip_fd);

    long long period = (long long)(1e9 / frequency);
    long long high = (long long)(duty * (double)period);
    long long cycles = (long long)(seconds * frequency);
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    for (long long cycle = 0; cycle < cycles; cycle++) {
        if (high > 0) {
            set_value(request.fd, 1);
            add_ns(&deadline, high);
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL);
        }
        if (high < period) {
            set_value(request.fd, 0);
            add_ns(&deadline, period - high);
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL);
        }
    }
    set_value(request.fd, 0);
    close(request.fd);
    return 0;

usage:
    fprintf(stderr, "usage: hil-pwm -c /dev/gpiochipN -l OFFSET [-f HZ] [-d DUTY 0..1] [-t SECONDS]\n");
    return 2;
}

/*
 * hil-sample: samples GPIO line values that the kernel's GPIO simulator holds, as fast as it can, for a
 * given time, and reports per line the duty cycle, the number of edges and the shortest and longest run at
 * each level. duty is time-weighted (the time between two equal samples is credited to their level; across an
 * edge, half to each), so a sampler that is descheduled for a while does not skew it; duty_samples is the plain
 * fraction of samples at 1. Runs inside the HIL virtual machine; the files it reads are
 * /sys/devices/platform/gpio-sim.N/gpiochipM/sim_gpioK/value ("0" or "1", the value the consumer drives).
 *
 *   hil-sample [-d SECONDS] [-g MICROSECONDS] [-w MILLISECONDS] NAME=PATH...
 *
 * -d  how long to sample (default 2 s);  -g  pause between rounds (default 0: back to back);
 * -w  also report the envelope: the time-weighted duty of each consecutive window of this length, which shows
 *     a blink pattern riding on a PWM (e.g. -w 50: twenty numbers a second, 0.00 while the LED is dark).
 * One output line per line sampled, in key=value form so that shell scripts can pick fields:
 *   name=GPIO17 samples=41234 high=20611 duty=0.4998 duty_samples=0.4996 edges=812 freq_hz=203.0 ...
 *   ... start_mono=12.345678 end_mono=14.345701   (CLOCK_MONOTONIC, as the kernel's "mono" trace clock)
 * Exit status: 0, or 2 on bad arguments / unreadable files.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_LINES 64
#define MAX_WINDOWS 4096

struct line {
    const char *name;
    int fd;
    long samples, high, edges;
    double time_high, time_total;  /* seconds between consecutive samples, credited to the earlier value */
    double last_at;
    int last;            /* -1 before the first sample */
    double run_start;    /* time the current level started */
    double min_high, max_high, min_low, max_low;   /* completed runs only, seconds */
    double window_high[MAX_WINDOWS], window_total[MAX_WINDOWS];
};

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int read_value(int fd) {
    char buffer[8];
    ssize_t count;
    do {
        count = pread(fd, buffer, sizeof buffer, 0);
    } while (count < 0 && errno == EINTR);
    if (count < 1) return -1;
    return buffer[0] == '1' ? 1 : 0;
}

static void close_run(struct line *line, double at) {
    double length = at - line->run_start;
    if (line->last == 1) {
        if (line->min_high < 0 || length < line->min_high) line->min_high = length;
        if (length > line->max_high) line->max_high = length;
    } else {
        if (line->min_low < 0 || length < line->min_low) line->min_low = length;
        if (length > line->max_low) line->max_low = length;
    }
}

/* Credits the interval [from, to) (seconds since the start), spent at level, to the windows it spans, so that
 * a sampler descheduled across a window boundary still fills both windows correctly. */
static void credit_windows(struct line *line, double from, double to, double window, int level) {
    while (from < to) {
        long index = (long)(from / window);
        if (index < 0 || index >= MAX_WINDOWS) return;
        double boundary = (double)(index + 1) * window;
        double piece = (to < boundary ? to : boundary) - from;
        line->window_total[index] += piece;
        if (level == 1) line->window_high[index] += piece;
        from += piece;
        if (piece <= 0) return;
    }
}

int main(int argc, char **argv) {
    double duration = 2.0;
    long gap_us = 0;
    double window = 0;
    int option;
    while ((option = getopt(argc, argv, "d:g:w:")) != -1) {
        switch (option) {
        case 'd': duration = strtod(optarg, NULL); break;
        case 'g': gap_us = strtol(optarg, NULL, 10); break;
        case 'w': window = strtod(optarg, NULL) / 1e3; break;
        default:
            fprintf(stderr, "usage: hil-sample [-d SECONDS] [-g MICROSECONDS] [-w MILLISECONDS] NAME=PATH...\n");
            return 2;
        }
    }
    if (window < 0 || (window > 0 && duration / window > MAX_WINDOWS)) {
        fprintf(stderr, "hil-sample: -w gives more than %d windows over -d\n", MAX_WINDOWS);
        return 2;
    }
    int count = argc - optind;
    if (count < 1 || count > MAX_LINES || duration <= 0) {
        fprintf(stderr, "hil-sample: give 1 to %d NAME=PATH arguments and a positive -d\n", MAX_LINES);
        return 2;
    }
    static struct line lines[MAX_LINES];
    for (int i = 0; i < count; i++) {
        char *argument = argv[optind + i];
        char *equals = strchr(argument, '=');
        if (equals == NULL) {
            fprintf(stderr, "hil-sample: '%s' is not NAME=PATH\n", argument);
            return 2;
        }
        *equals = '\0';
        memset(&lines[i], 0, sizeof lines[i]);
        lines[i].name = argument;
        lines[i].last = -1;
        lines[i].min_high = lines[i].min_low = -1;
        lines[i].fd = open(equals + 1, O_RDONLY | O_CLOEXEC);
        if (lines[i].fd < 0) {
            fprintf(stderr, "hil-sample: cannot open %s: %s\n", equals + 1, strerror(errno));
            return 2;
        }
    }

    double start = now_seconds(), end = start + duration, at = start;
    while (at < end) {
        for (int i = 0; i < count; i++) {
            struct line *line = &lines[i];
            int value = read_value(line->fd);
            at = now_seconds();
            if (value < 0) {
                fprintf(stderr, "hil-sample: reading %s failed\n", line->name);
                return 2;
            }
            line->samples++;
            line->high += value;
            if (line->last >= 0) {
                double step = at - line->last_at;
                /* The line changed somewhere between the two samples: credit half the interval to each level,
                 * the unbiased choice when the moment of the edge is unknown. */
                double middle = value != line->last ? line->last_at + step / 2 : at;
                line->time_total += step;
                if (line->last == 1) line->time_high += middle - line->last_at;
                if (value == 1) line->time_high += at - middle;
                if (window > 0) {
                    credit_windows(line, line->last_at - start, middle - start, window, line->last);
                    credit_windows(line, middle - start, at - start, window, value);
                }
            }
            line->last_at = at;
            if (line->last < 0) {
                line->run_start = at;
            } else if (value != line->last) {
                line->edges++;
                /* The first run started before sampling did: its length is unknown, so it is not counted. */
                if (line->edges > 1) close_run(line, at);
                line->run_start = at;
            }
            line->last = value;
        }
        if (gap_us > 0) usleep((useconds_t)gap_us);
    }
    double elapsed = at - start;
    for (int i = 0; i < count; i++) {
        struct line *line = &lines[i];
        printf("name=%s samples=%ld high=%ld duty=%.4f duty_samples=%.4f edges=%ld freq_hz=%.1f last=%d"
               " min_high_ms=%.2f max_high_ms=%.2f min_low_ms=%.2f max_low_ms=%.2f seconds=%.3f"
               " start_mono=%.6f end_mono=%.6f\n",
               line->name, line->samples, line->high,
               line->time_total > 0 ? line->time_high / line->time_total : (double)line->last,
               line->samples ? (double)line->high / (double)line->samples : 0.0,
               line->edges, elapsed > 0 ? (double)line->edges / 2.0 / elapsed : 0.0, line->last,
               line->min_high < 0 ? 0 : line->min_high * 1e3, line->max_high * 1e3,
               line->min_low < 0 ? 0 : line->min_low * 1e3, line->max_low * 1e3, elapsed, start, at);
        if (window > 0) {
            long windows = (long)(elapsed / window);
            printf("name=%s envelope=", line->name);
            for (long index = 0; index < windows && index < MAX_WINDOWS; index++) {
                double total = line->window_total[index];
                printf("%s%.2f", index ? "," : "", total > 0 ? line->window_high[index] / total : 0.0);
            }
            printf("\n");
        }
        close(line->fd);
    }
    return 0;
}

/*
 * hil-sample: samples GPIO line values that the kernel's GPIO simulator holds, as fast as it can, for a
 * given time, and reports per line the duty cycle, the number of edges and the shortest and longest run at
 * each level. Runs inside the HIL virtual machine; the files it reads are
 * /sys/devices/platform/gpio-sim.N/gpiochipM/sim_gpioK/value ("0" or "1", the value the consumer drives).
 *
 *   hil-sample [-d SECONDS] [-f HZ] [-g MICROSECONDS] [-s MILLISECONDS] [-w MILLISECONDS] NAME=PATH...
 *
 * -d  how long to sample (default 2 s);  -g  pause between rounds (default 0: back to back);
 * -f  the PWM frequency the driver means (e.g. 200): which periods are regular, for duty_periods (default: the
 *     median period seen);
 * -s  the longest gap between two reads of a line that still counts as watching it (default 1 ms): under TCG
 *     on a busy host the sampler's virtual CPU is sometimes descheduled for tens or hundreds of milliseconds
 *     while the PWM it watches runs on; what the line did in such a gap is unknown, so the gap is left out of
 *     every figure (reported as gaps= and gap_ms=) instead of being credited to the last level seen;
 * -w  also report the envelope: the time-weighted duty of each consecutive window of this length, which shows
 *     a blink pattern riding on a PWM (e.g. -w 50: twenty numbers a second, 0.00 while the LED is dark; "-" for
 *     a window watched for less than a quarter of its length).
 *
 * Figures per line:
 *   duty          time-weighted over the time watched (between two equal samples the time is credited to
 *                 their level; across an edge, half to each): what an eye would see;
 *   duty_periods  the median duty of the regular periods: periods (rising edge to rising edge) watched without
 *                 a gap whose length is within 20 % of the period meant (-f). Under TCG on a busy host a
 *                 software PWM wakes up late now and then: a late wake-up stretches a period or one of its
 *                 phases, and catching up makes a burst of very short periods; the median of the regular ones
 *                 is the duty the driver meant. = duty for a line that does not toggle, or with fewer than 10
 *                 regular periods;
 *   duty_samples  the plain fraction of samples at 1.
 * One output line per line sampled, in key=value form so that shell scripts can pick fields:
 *   name=GPIO17 samples=41234 high=20611 duty=0.4998 duty_periods=0.5002 duty_samples=0.4996 edges=812 ...
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
#define MAX_RUNS 8192

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
    long gaps;
    double gap_time;
    int run_clean;       /* the current run has been watched without a gap */
    double rise_at;      /* the last rising edge seen, -1 if none or a gap since */
    double fall_at;      /* the last falling edge seen */
    double period_length[MAX_RUNS], period_high[MAX_RUNS], sorted[MAX_RUNS], duties[MAX_RUNS];
    long periods;
};

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, long count) {
    qsort(values, (size_t)count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

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
    if (!line->run_clean) return;
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
    double stall = 0.001;
    double nominal = 0;   /* the period meant, seconds; 0: the median period seen */
    int option;
    while ((option = getopt(argc, argv, "d:f:g:s:w:")) != -1) {
        switch (option) {
        case 'd': duration = strtod(optarg, NULL); break;
        case 'g': gap_us = strtol(optarg, NULL, 10); break;
        case 's': stall = strtod(optarg, NULL) / 1e3; break;
        case 'f': nominal = strtod(optarg, NULL) > 0 ? 1 / strtod(optarg, NULL) : 0; break;
        case 'w': window = strtod(optarg, NULL) / 1e3; break;
        default:
            fprintf(stderr,
                    "usage: hil-sample [-d SECONDS] [-f HZ] [-g MICROSECONDS] [-s MILLISECONDS] [-w MILLISECONDS] "
                    "NAME=PATH...\n");
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
        lines[i].rise_at = -1;
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
                if (step > stall) {
                    /* Not watched: the line may have done anything. Left out; the runs it cuts are unknown. */
                    line->gaps++;
                    line->gap_time += step;
                    line->run_clean = 0;
                    line->rise_at = -1;
                    if (value != line->last) {
                        line->edges++;
                        line->run_start = at;
                    }
                    line->last_at = at;
                    line->last = value;
                    continue;
                }
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
                if (value == 1) {
                    if (line->rise_at >= 0 && line->periods < MAX_RUNS) {
                        line->period_length[line->periods] = at - line->rise_at;
                        line->period_high[line->periods] = line->fall_at - line->rise_at;
                        line->periods++;
                    }
                    line->rise_at = at;
                } else {
                    line->fall_at = at;
                }
                line->run_start = at;
                line->run_clean = 1;
            }
            line->last = value;
        }
        if (gap_us > 0) usleep((useconds_t)gap_us);
    }
    double elapsed = at - start;
    for (int i = 0; i < count; i++) {
        struct line *line = &lines[i];
        double duty = line->time_total > 0 ? line->time_high / line->time_total : (double)line->last;
        double duty_periods = duty;
        long regular = 0;
        if (line->periods >= 10) {
            double typical = nominal;
            if (typical <= 0) {
                memcpy(line->sorted, line->period_length, (size_t)line->periods * sizeof line->sorted[0]);
                typical = median(line->sorted, line->periods);
            }
            for (long index = 0; index < line->periods; index++) {
                double length = line->period_length[index];
                if (length < 0.8 * typical || length > 1.2 * typical) continue;
                line->duties[regular++] = line->period_high[index] / length;
            }
            if (regular >= 10) duty_periods = median(line->duties, regular);
        }
        printf("name=%s samples=%ld high=%ld duty=%.4f duty_periods=%.4f duty_samples=%.4f edges=%ld freq_hz=%.1f"
               " last=%d periods=%ld regular=%ld min_high_ms=%.2f max_high_ms=%.2f min_low_ms=%.2f max_low_ms=%.2f gaps=%ld gap_ms=%.1f"
               " seconds=%.3f start_mono=%.6f end_mono=%.6f\n",
               line->name, line->samples, line->high, duty, duty_periods,
               line->samples ? (double)line->high / (double)line->samples : 0.0,
               line->edges, elapsed > 0 ? (double)line->edges / 2.0 / elapsed : 0.0, line->last,
               line->periods, regular, line->min_high < 0 ? 0 : line->min_high * 1e3, line->max_high * 1e3,
               line->min_low < 0 ? 0 : line->min_low * 1e3, line->max_low * 1e3, line->gaps,
               line->gap_time * 1e3, elapsed, start, at);
        if (window > 0) {
            long windows = (long)(elapsed / window);
            printf("name=%s envelope=", line->name);
            for (long index = 0; index < windows && index < MAX_WINDOWS; index++) {
                double total = line->window_total[index];
                /* A window watched less than a quarter of its length (the sampler was descheduled) is unknown. */
                if (total < window / 4)
                    printf("%s-", index ? "," : "");
                else
                    printf("%s%.2f", index ? "," : "", line->window_high[index] / total);
            }
            printf("\n");
        }
        close(line->fd);
    }
    return 0;
}

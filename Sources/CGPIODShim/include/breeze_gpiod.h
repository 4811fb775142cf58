// One small C API over libgpiod v1.6 and v2.x, chosen when this target is compiled: v1's <gpiod.h> defines
// GPIOD_LINE_BULK_MAX_LINES, v2's does not. The Swift `GPIO` module calls only these functions, so the two
// libgpiod APIs never reach Swift.
//
// Conventions (libgpiod's own): functions returning a pointer return NULL on failure, functions returning
// int return -1; both set errno. Strings returned by a chip stay valid until the chip is closed.
#ifndef BREEZE_GPIOD_H
#define BREEZE_GPIOD_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The libgpiod API this shim was compiled against: 1 (v1.6) or 2 (v2.x).
int breeze_gpiod_api_major(void);

/// The version of the libgpiod linked at run time, e.g. "1.6.3" or "2.2.1"
/// (gpiod_version_string in v1, gpiod_api_version in v2).
const char *breeze_gpiod_library_version(void);

/// An open GPIO chip (character device, e.g. /dev/gpiochip0).
typedef struct breeze_gpiod_chip breeze_gpiod_chip;

/// Output lines requested together from one chip, kept until released. Independent of the chip it was
/// requested from: the chip may be closed while the request lives (as in libgpiod v2).
typedef struct breeze_gpiod_request breeze_gpiod_request;

/// Opens the chip at `path`. NULL with errno: ENOENT (no such file), EACCES (permission), ENODEV or ENOTTY
/// (not a GPIO chip).
breeze_gpiod_chip *breeze_gpiod_chip_open(const char *path);

/// Closes a chip opened with breeze_gpiod_chip_open. NULL is ignored.
void breeze_gpiod_chip_close(breeze_gpiod_chip *chip);

/// The kernel name of the chip, e.g. "gpiochip0".
const char *breeze_gpiod_chip_name(const breeze_gpiod_chip *chip);

/// The label of the chip, e.g. "pinctrl-bcm2711".
const char *breeze_gpiod_chip_label(const breeze_gpiod_chip *chip);

/// The number of lines of the chip.
unsigned int breeze_gpiod_chip_line_count(const breeze_gpiod_chip *chip);

/// Line flags reported by breeze_gpiod_line_info.
enum {
    /// The line is requested by some consumer (this process, another one, or a kernel driver).
    BREEZE_GPIOD_LINE_USED = 1 << 0,
    /// The line is configured as an output.
    BREEZE_GPIOD_LINE_OUTPUT = 1 << 1,
    /// The line is active-low.
    BREEZE_GPIOD_LINE_ACTIVE_LOW = 1 << 2,
};

/// Reads what the kernel reports about line `offset`: its name and consumer (empty strings when it has
/// none; truncated to the buffer sizes) and BREEZE_GPIOD_LINE_* flags. 0, or -1 with errno (EINVAL: no such
/// offset).
int breeze_gpiod_line_info(breeze_gpiod_chip *chip, unsigned int offset, char *name, size_t name_size,
                           char *consumer, size_t consumer_size, unsigned int *flags);

/// The offset of the line named `name` on the chip, or -1 with errno ENOENT when no line has that name.
int breeze_gpiod_find_line(breeze_gpiod_chip *chip, const char *name);

/// Requests `count` lines as outputs for `consumer`, with per-line active-low and initial logical values
/// (0 or 1). NULL with errno: EBUSY (a line is used by another consumer), EINVAL (bad offset or count),
/// EPERM/EACCES.
breeze_gpiod_request *breeze_gpiod_request_outputs(breeze_gpiod_chip *chip, const char *consumer,
                                                   const unsigned int *offsets, const bool *active_low,
                                                   const int *values, size_t count);

/// Sets the logical values (0 or 1) of all requested lines at once, in the order they were requested.
/// 0, or -1 with errno.
int breeze_gpiod_request_set_values(breeze_gpiod_request *request, const int *values, size_t count);

/// Releases the lines and frees the request. NULL is ignored.
void breeze_gpiod_request_release(breeze_gpiod_request *request);

#ifdef __cplusplus
}
#endif

#endif

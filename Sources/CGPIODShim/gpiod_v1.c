// The shim on libgpiod v1.6 (Debian 12, Raspberry Pi OS Bookworm): chip → line objects → bulk request.
#include <gpiod.h>

#ifdef GPIOD_LINE_BULK_MAX_LINES

#include "breeze_gpiod.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct breeze_gpiod_chip {
    struct gpiod_chip *chip;
    char *path;
};

struct breeze_gpiod_request {
    // v1 lines belong to a chip and are released when it closes, so a request keeps its own chip handle;
    // that makes the request independent of the caller's chip, as in v2.
    struct gpiod_chip *chip;
    struct gpiod_line_bulk bulk;
    // v1 takes the active-low flag per request, not per line: when the lines disagree, they are requested
    // active-high and the values of the active-low ones are inverted here.
    bool invert[GPIOD_LINE_BULK_MAX_LINES];
};

int breeze_gpiod_api_major(void) { return 1; }

const char *breeze_gpiod_library_version(void) { return gpiod_version_string(); }

breeze_gpiod_chip *breeze_gpiod_chip_open(const char *path) {
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) return NULL;
    breeze_gpiod_chip *result = calloc(1, sizeof(*result));
    char *copy = strdup(path);
    if (!result || !copy) {
        free(result);
        free(copy);
        gpiod_chip_close(chip);
        errno = ENOMEM;
        return NULL;
    }
    result->chip = chip;
    result->path = copy;
    return result;
}

void breeze_gpiod_chip_close(breeze_gpiod_chip *chip) {
    if (!chip) return;
    gpiod_chip_close(chip->chip);
    free(chip->path);
    free(chip);
}

const char *breeze_gpiod_chip_name(const breeze_gpiod_chip *chip) { return gpiod_chip_name(chip->chip); }

const char *breeze_gpiod_chip_label(const breeze_gpiod_chip *chip) { return gpiod_chip_label(chip->chip); }

unsigned int breeze_gpiod_chip_line_count(const breeze_gpiod_chip *chip) {
    return gpiod_chip_num_lines(chip->chip);
}

static void copy_string(char *buffer, size_t size, const char *text) {
    if (!buffer || size == 0) return;
    if (!text) text = "";
    strncpy(buffer, text, size - 1);
    buffer[size - 1] = '\0';
}

int breeze_gpiod_line_info(breeze_gpiod_chip *chip, unsigned int offset, char *name, size_t name_size,
                           char *consumer, size_t consumer_size, unsigned int *flags) {
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (!line) return -1;
    // The line object caches what the kernel said when it was first fetched; read it again.
    if (gpiod_line_update(line) < 0) return -1;
    copy_string(name, name_size, gpiod_line_name(line));
    copy_string(consumer, consumer_size, gpiod_line_consumer(line));
    unsigned int result = 0;
    if (gpiod_line_is_used(line)) result |= BREEZE_GPIOD_LINE_USED;
    if (gpiod_line_direction(line) == GPIOD_LINE_DIRECTION_OUTPUT) result |= BREEZE_GPIOD_LINE_OUTPUT;
    if (gpiod_line_active_state(line) == GPIOD_LINE_ACTIVE_STATE_LOW) result |= BREEZE_GPIOD_LINE_ACTIVE_LOW;
    if (flags) *flags = result;
    return 0;
}

int breeze_gpiod_find_line(breeze_gpiod_chip *chip, const char *name) {
    errno = 0;
    struct gpiod_line *line = gpiod_chip_find_line(chip->chip, name);
    if (!line) {
        if (errno == 0) errno = ENOENT;
        return -1;
    }
    return (int)gpiod_line_offset(line);
}

breeze_gpiod_request *breeze_gpiod_request_outputs(breeze_gpiod_chip *chip, const char *consumer,
                                                   const unsigned int *offsets, const bool *active_low,
                                                   const int *values, size_t count) {
    if (count == 0 || count > GPIOD_LINE_BULK_MAX_LINES) {
        errno = EINVAL;
        return NULL;
    }
    breeze_gpiod_request *request = calloc(1, sizeof(*request));
    if (!request) {
        errno = ENOMEM;
        return NULL;
    }
    request->chip = gpiod_chip_open(chip->path);
    if (!request->chip) goto fail;
    if (gpiod_chip_get_lines(request->chip, (unsigned int *)offsets, (unsigned int)count, &request->bulk) < 0)
        goto fail;

    bool all_low = true, any_low = false;
    for (size_t i = 0; i < count; i++) {
        all_low = all_low && active_low[i];
        any_low = any_low || active_low[i];
    }
    int flags = all_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
    int initial[GPIOD_LINE_BULK_MAX_LINES];
    for (size_t i = 0; i < count; i++) {
        request->invert[i] = any_low && !all_low && active_low[i];
        initial[i] = request->invert[i] ? !values[i] : (values[i] != 0);
    }
    if (gpiod_line_request_bulk_output_flags(&request->bulk, consumer, flags, initial) < 0) goto fail;
    return request;

fail:;
    int saved = errno;
    if (request->chip) gpiod_chip_close(request->chip);
    free(request);
    errno = saved;
    return NULL;
}

int breeze_gpiod_request_set_values(breeze_gpiod_request *request, const int *values, size_t count) {
    if (count != gpiod_line_bulk_num_lines(&request->bulk)) {
        errno = EINVAL;
        return -1;
    }
    int physical[GPIOD_LINE_BULK_MAX_LINES];
    for (size_t i = 0; i < count; i++) physical[i] = request->invert[i] ? !values[i] : (values[i] != 0);
    return gpiod_line_set_value_bulk(&request->bulk, physical);
}

void breeze_gpiod_request_release(breeze_gpiod_request *request) {
    if (!request) return;
    gpiod_line_release_bulk(&request->bulk);
    gpiod_chip_close(request->chip);
    free(request);
}

#endif

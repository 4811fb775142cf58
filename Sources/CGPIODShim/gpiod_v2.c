// The shim on libgpiod v2.x (Debian 13, Raspberry Pi OS Trixie): line settings → line config → request
// config → gpiod_chip_request_lines.
#include <gpiod.h>

#ifndef GPIOD_LINE_BULK_MAX_LINES

#include "breeze_gpiod.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct breeze_gpiod_chip {
    struct gpiod_chip *chip;
    char *name;
    char *label;
    unsigned int line_count;
};

struct breeze_gpiod_request {
    struct gpiod_line_request *request;
    size_t count;
    enum gpiod_line_value *values;
};

int breeze_gpiod_api_major(void) { return 2; }

const char *breeze_gpiod_library_version(void) { return gpiod_api_version(); }

breeze_gpiod_chip *breeze_gpiod_chip_open(const char *path) {
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) return NULL;
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    if (!info) {
        int saved = errno;
        gpiod_chip_close(chip);
        errno = saved;
        return NULL;
    }
    breeze_gpiod_chip *result = calloc(1, sizeof(*result));
    if (result) {
        result->chip = chip;
        result->name = strdup(gpiod_chip_info_get_name(info));
        result->label = strdup(gpiod_chip_info_get_label(info));
        result->line_count = (unsigned int)gpiod_chip_info_get_num_lines(info);
    }
    gpiod_chip_info_free(info);
    if (!result || !result->name || !result->label) {
        breeze_gpiod_chip_close(result);
        if (!result) gpiod_chip_close(chip);
        errno = ENOMEM;
        return NULL;
    }
    return result;
}

void breeze_gpiod_chip_close(breeze_gpiod_chip *chip) {
    if (!chip) return;
    gpiod_chip_close(chip->chip);
    free(chip->name);
    free(chip->label);
    free(chip);
}

const char *breeze_gpiod_chip_name(const breeze_gpiod_chip *chip) { return chip->name; }

const char *breeze_gpiod_chip_label(const breeze_gpiod_chip *chip) { return chip->label; }

unsigned int breeze_gpiod_chip_line_count(const breeze_gpiod_chip *chip) { return chip->line_count; }

static void copy_string(char *buffer, size_t size, const char *text) {
    if (!buffer || size == 0) return;
    if (!text) text = "";
    strncpy(buffer, text, size - 1);
    buffer[size - 1] = '\0';
}

int breeze_gpiod_line_info(breeze_gpiod_chip *chip, unsigned int offset, char *name, size_t name_size,
                           char *consumer, size_t consumer_size, unsigned int *flags) {
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip->chip, offset);
    if (!info) return -1;
    copy_string(name, name_size, gpiod_line_info_get_name(info));
    copy_string(consumer, consumer_size, gpiod_line_info_get_consumer(info));
    unsigned int result = 0;
    if (gpiod_line_info_is_used(info)) result |= BREEZE_GPIOD_LINE_USED;
    if (gpiod_line_info_get_direction(info) == GPIOD_LINE_DIRECTION_OUTPUT) result |= BREEZE_GPIOD_LINE_OUTPUT;
    if (gpiod_line_info_is_active_low(info)) result |= BREEZE_GPIOD_LINE_ACTIVE_LOW;
    gpiod_line_info_free(info);
    if (flags) *flags = result;
    return 0;
}

int breeze_gpiod_find_line(breeze_gpiod_chip *chip, const char *name) {
    errno = 0;
    int offset = gpiod_chip_get_line_offset_from_name(chip->chip, name);
    if (offset < 0 && errno == 0) errno = ENOENT;
    return offset;
}

breeze_gpiod_request *breeze_gpiod_request_outputs(breeze_gpiod_chip *chip, const char *consumer,
                                                   const unsigned int *offsets, const bool *active_low,
                                                   const int *values, size_t count) {
    if (count == 0) {
        errno = EINVAL;
        return NULL;
    }
    breeze_gpiod_request *result = calloc(1, sizeof(*result));
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_line_config *line_config = gpiod_line_config_new();
    struct gpiod_request_config *request_config = gpiod_request_config_new();
    if (result) result->values = calloc(count, sizeof(*result->values));
    if (!result || !result->values || !settings || !line_config || !request_config) {
        errno = ENOMEM;
        goto fail;
    }
    // One settings object per line, added in the caller's order: v2 requests the offsets in the order their
    // settings were added, which is the order breeze_gpiod_request_set_values uses.
    for (size_t i = 0; i < count; i++) {
        gpiod_line_settings_reset(settings);
        if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) < 0) goto fail;
        gpiod_line_settings_set_active_low(settings, active_low[i]);
        enum gpiod_line_value value = values[i] ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
        if (gpiod_line_settings_set_output_value(settings, value) < 0) goto fail;
        if (gpiod_line_config_add_line_settings(line_config, &offsets[i], 1, settings) < 0) goto fail;
    }
    gpiod_request_config_set_consumer(request_config, consumer);
    result->request = gpiod_chip_request_lines(chip->chip, request_config, line_config);
    if (!result->request) goto fail;
    result->count = count;
    gpiod_line_settings_free(settings);
    gpiod_line_config_free(line_config);
    gpiod_request_config_free(request_config);
    return result;

fail:;
    int saved = errno;
    if (result) free(result->values);
    free(result);
    gpiod_line_settings_free(settings);
    gpiod_line_config_free(line_config);
    gpiod_request_config_free(request_config);
    errno = saved;
    return NULL;
}

int breeze_gpiod_request_set_values(breeze_gpiod_request *request, const int *values, size_t count) {
    if (count != request->count) {
        errno = EINVAL;
        return -1;
    }
    for (size_t i = 0; i < count; i++)
        request->values[i] = values[i] ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_values(request->request, request->values);
}

void breeze_gpiod_request_release(breeze_gpiod_request *request) {
    if (!request) return;
    gpiod_line_request_release(request->request);
    free(request->values);
    free(request);
}

#endif

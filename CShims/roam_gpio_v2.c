// roam_gpio.h over the libgpiod 2.x API (Debian 13 / Raspberry Pi OS trixie). Same behaviour as
// roam_gpio_v1.c: one line per request, both-edge events read one at a time with the kernel's
// CLOCK_MONOTONIC timestamp, the bias as asked, -errno on failure.
#include "roam_gpio.h"
#include "roam_gpio_version.h"
#ifdef ROAM_GPIOD_V2
#include <errno.h>
#include <stdlib.h>

struct roam_gpio_line {
    struct gpiod_line_request *request;
    struct gpiod_edge_event_buffer *events;   // inputs only
    unsigned offset;
};

int roam_gpio_line_user(const char *path, unsigned line, char *consumer, size_t cap) {
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) return roam_gpio_error();
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip, line);
    if (!info) { int r = roam_gpio_error(); gpiod_chip_close(chip); return r; }
    int used = gpiod_line_info_is_used(info);
    roam_gpio_copy_text(consumer, cap, gpiod_line_info_get_consumer(info));
    gpiod_line_info_free(info);
    gpiod_chip_close(chip);
    return used ? 1 : 0;
}

static enum gpiod_line_bias bias_setting(int bias) {
    switch (bias) {
    case 1: return GPIOD_LINE_BIAS_PULL_UP;
    case 2: return GPIOD_LINE_BIAS_PULL_DOWN;
    case 3: return GPIOD_LINE_BIAS_DISABLED;
    default: return GPIOD_LINE_BIAS_AS_IS;
    }
}

// Requests one line with `settings` (consumed). The chip is closed again: the request keeps its own fd.
static int request_line(const char *path, unsigned line, struct gpiod_line_settings *settings,
                        const char *consumer, struct gpiod_line_request **out) {
    int r = 0;
    struct gpiod_chip *chip = NULL;
    struct gpiod_line_config *config = gpiod_line_config_new();
    struct gpiod_request_config *request_config = gpiod_request_config_new();
    if (!config || !request_config) { r = -ENOMEM; goto done; }
    if (gpiod_line_config_add_line_settings(config, &line, 1, settings) < 0) { r = roam_gpio_error(); goto done; }
    gpiod_request_config_set_consumer(request_config, consumer);
    if (!(chip = gpiod_chip_open(path))) { r = roam_gpio_error(); goto done; }
    *out = gpiod_chip_request_lines(chip, request_config, config);
    if (!*out) r = roam_gpio_error();
done:
    if (chip) gpiod_chip_close(chip);
    gpiod_request_config_free(request_config);
    gpiod_line_config_free(config);
    gpiod_line_settings_free(settings);
    return r;
}

int roam_gpio_request_input(const char *path, unsigned line, int bias, const char *consumer, roam_gpio_line **out) {
    roam_gpio_line *l = calloc(1, sizeof *l);
    struct gpiod_line_settings *s = gpiod_line_settings_new();
    if (!l || !s) { free(l); gpiod_line_settings_free(s); return -ENOMEM; }
    l->offset = line;
    int r = 0;
    if (gpiod_line_settings_set_direction(s, GPIOD_LINE_DIRECTION_INPUT) < 0
        || gpiod_line_settings_set_edge_detection(s, GPIOD_LINE_EDGE_BOTH) < 0
        || gpiod_line_settings_set_bias(s, bias_setting(bias)) < 0
        || gpiod_line_settings_set_event_clock(s, GPIOD_LINE_CLOCK_MONOTONIC) < 0) {
        r = roam_gpio_error();
        gpiod_line_settings_free(s);
    } else {
        r = request_line(path, line, s, consumer, &l->request);
    }
    if (r == 0 && !(l->events = gpiod_edge_event_buffer_new(1))) r = -ENOMEM;
    if (r < 0) { roam_gpio_release(l); return r; }
    *out = l;
    return 0;
}

int roam_gpio_request_output(const char *path, unsigned line, int initial, int bias, const char *consumer, roam_gpio_line **out) {
    roam_gpio_line *l = calloc(1, sizeof *l);
    struct gpiod_line_settings *s = gpiod_line_settings_new();
    if (!l || !s) { free(l); gpiod_line_settings_free(s); return -ENOMEM; }
    l->offset = line;
    int r = 0;
    if (gpiod_line_settings_set_direction(s, GPIOD_LINE_DIRECTION_OUTPUT) < 0
        || gpiod_line_settings_set_output_value(s, initial ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE) < 0
        || gpiod_line_settings_set_bias(s, bias_setting(bias)) < 0) {
        r = roam_gpio_error();
        gpiod_line_settings_free(s);
    } else {
        r = request_line(path, line, s, consumer, &l->request);
    }
    if (r < 0) { roam_gpio_release(l); return r; }
    *out = l;
    return 0;
}

// An output line has no event buffer: no edges to wait for (-EINVAL, where 1.6 refuses with EPERM).
int roam_gpio_read_event(roam_gpio_line *l, int timeout_ms, uint64_t *timestamp_ns, int *rising) {
    if (!l->events) return -EINVAL;
    int r = gpiod_line_request_wait_edge_events(l->request, (int64_t)timeout_ms * 1000000LL);
    if (r < 0) return roam_gpio_error();
    if (r == 0) return 0;
    // One event per call, as with 1.6: the kernel keeps the rest queued for the next call.
    if (gpiod_line_request_read_edge_events(l->request, l->events, 1) < 1) return roam_gpio_error();
    struct gpiod_edge_event *ev = gpiod_edge_event_buffer_get_event(l->events, 0);
    if (!ev) return -EIO;
    *timestamp_ns = gpiod_edge_event_get_timestamp_ns(ev);
    *rising = gpiod_edge_event_get_event_type(ev) == GPIOD_EDGE_EVENT_RISING_EDGE;
    return 1;
}

int roam_gpio_event_fd(roam_gpio_line *l) {
    if (!l->events) return -EINVAL;
    int fd = gpiod_line_request_get_fd(l->request);
    return fd < 0 ? roam_gpio_error() : fd;
}

int roam_gpio_get(roam_gpio_line *l) {
    enum gpiod_line_value v = gpiod_line_request_get_value(l->request, l->offset);
    if (v == GPIOD_LINE_VALUE_ERROR) return roam_gpio_error();
    return v == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
}

int roam_gpio_set(roam_gpio_line *l, int value) {
    enum gpiod_line_value v = value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_value(l->request, l->offset, v) < 0 ? roam_gpio_error() : 0;
}

void roam_gpio_release(roam_gpio_line *l) {
    if (!l) return;
    if (l->events) gpiod_edge_event_buffer_free(l->events);
    if (l->request) gpiod_line_request_release(l->request);
    free(l);
}
#endif

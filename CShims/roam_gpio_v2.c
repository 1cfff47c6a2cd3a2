// roam_gpio.h over the libgpiod 2.x API (Debian 13 / Raspberry Pi OS trixie). Same behaviour as
// roam_gpio_v1.c: one line per request, both-edge events read one at a time with the kernel's
// CLOCK_MONOTONIC timestamp, the bias as asked, -errno on failure.
#include "roam_gpio.h"
#include "roam_gpio_version.h"
#ifdef ROAM_GPIOD_V2
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

struct roam_gpio_line {
    struct gpiod_line_request *request;
    struct gpiod_edge_event_buffer *events;   // inputs only
    unsigned offset;
};

static int fail_errno(int fallback) { return errno ? -errno : -fallback; }

// libgpiod 2 judges the path through sysfs before opening it (ENOENT or ENODEV for /dev/null, ENOTTY
// for a folder), where 1.6 opened it and asked the kernel. Asking the kernel first keeps both
// versions' errors alike: EISDIR, ENOENT, EACCES from open, ENOTTY for "not a GPIO chip".
static int open_chip(const char *path, struct gpiod_chip **out) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return -errno;
    struct gpiochip_info info;
    int r = ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, &info) < 0 ? -errno : 0;
    close(fd);
    if (r < 0) return r;
    errno = 0;
    *out = gpiod_chip_open(path);
    return *out ? 0 : fail_errno(ENODEV);
}

int roam_gpio_chip_info(const char *path, char *label, size_t cap, unsigned *lines) {
    struct gpiod_chip *chip;
    int opened = open_chip(path, &chip);
    if (opened < 0) return opened;
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    if (!info) { int r = fail_errno(EIO); gpiod_chip_close(chip); return r; }
    roam_gpio_copy_text(label, cap, gpiod_chip_info_get_label(info));
    *lines = (unsigned)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
    gpiod_chip_close(chip);
    return 0;
}

int roam_gpio_line_user(const char *path, unsigned line, char *consumer, size_t cap) {
    struct gpiod_chip *chip;
    int opened = open_chip(path, &chip);
    if (opened < 0) return opened;
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip, line);
    if (!info) { int r = fail_errno(EINVAL); gpiod_chip_close(chip); return r; }
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
    if (gpiod_line_config_add_line_settings(config, &line, 1, settings) < 0) { r = fail_errno(EINVAL); goto done; }
    gpiod_request_config_set_consumer(request_config, consumer);
    if ((r = open_chip(path, &chip)) < 0) { chip = NULL; goto done; }
    errno = 0;
    *out = gpiod_chip_request_lines(chip, request_config, config);
    if (!*out) r = fail_errno(EIO);
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
        r = fail_errno(EINVAL);
        gpiod_line_settings_free(s);
    } else {
        r = request_line(path, line, s, consumer, &l->request);
    }
    if (r == 0 && !(l->events = gpiod_edge_event_buffer_new(1))) r = -ENOMEM;
    if (r < 0) { roam_gpio_release(l); return r; }
    *out = l;
    return 0;
}

int roam_gpio_request_output(const char *path, unsigned line, int initial, const char *consumer, roam_gpio_line **out) {
    roam_gpio_line *l = calloc(1, sizeof *l);
    struct gpiod_line_settings *s = gpiod_line_settings_new();
    if (!l || !s) { free(l); gpiod_line_settings_free(s); return -ENOMEM; }
    l->offset = line;
    int r = 0;
    if (gpiod_line_settings_set_direction(s, GPIOD_LINE_DIRECTION_OUTPUT) < 0
        || gpiod_line_settings_set_output_value(s, initial ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE) < 0) {
        r = fail_errno(EINVAL);
        gpiod_line_settings_free(s);
    } else {
        r = request_line(path, line, s, consumer, &l->request);
    }
    if (r < 0) { roam_gpio_release(l); return r; }
    *out = l;
    return 0;
}

int roam_gpio_read_event(roam_gpio_line *l, int timeout_ms, uint64_t *timestamp_ns, int *rising) {
    if (!l->events) return -EINVAL;
    int r = gpiod_line_request_wait_edge_events(l->request, (int64_t)timeout_ms * 1000000LL);
    if (r < 0) return fail_errno(EIO);
    if (r == 0) return 0;
    // One event per call, as with 1.6: the kernel keeps the rest queued for the next call.
    if (gpiod_line_request_read_edge_events(l->request, l->events, 1) < 1) return fail_errno(EIO);
    struct gpiod_edge_event *ev = gpiod_edge_event_buffer_get_event(l->events, 0);
    if (!ev) return -EIO;
    *timestamp_ns = gpiod_edge_event_get_timestamp_ns(ev);
    *rising = gpiod_edge_event_get_event_type(ev) == GPIOD_EDGE_EVENT_RISING_EDGE;
    return 1;
}

int roam_gpio_event_fd(roam_gpio_line *l) {
    if (!l->events) return -EINVAL;
    int fd = gpiod_line_request_get_fd(l->request);
    return fd < 0 ? fail_errno(EBADF) : fd;
}

int roam_gpio_get(roam_gpio_line *l) {
    enum gpiod_line_value v = gpiod_line_request_get_value(l->request, l->offset);
    if (v == GPIOD_LINE_VALUE_ERROR) return fail_errno(EIO);
    return v == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
}

int roam_gpio_set(roam_gpio_line *l, int value) {
    enum gpiod_line_value v = value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_value(l->request, l->offset, v) < 0 ? fail_errno(EIO) : 0;
}

void roam_gpio_release(roam_gpio_line *l) {
    if (!l) return;
    if (l->events) gpiod_edge_event_buffer_free(l->events);
    if (l->request) gpiod_line_request_release(l->request);
    free(l);
}
#endif

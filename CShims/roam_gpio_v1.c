// roam_gpio.h over the libgpiod 1.6 API (Debian 12 / Raspberry Pi OS bookworm).
#include "roam_gpio.h"
#include "roam_gpio_version.h"
#ifdef ROAM_GPIOD_V1
#include <errno.h>
#include <stdlib.h>
#include <time.h>

struct roam_gpio_line {
    struct gpiod_chip *chip;
    struct gpiod_line *line;
};

int roam_gpio_line_user(const char *path, unsigned line, char *consumer, size_t cap) {
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) return roam_gpio_error();
    struct gpiod_line *l = gpiod_chip_get_line(chip, line);
    if (!l) { int e = roam_gpio_error(); gpiod_chip_close(chip); return e; }
    int used = gpiod_line_is_used(l);
    roam_gpio_copy_text(consumer, cap, gpiod_line_consumer(l));
    gpiod_chip_close(chip);
    return used ? 1 : 0;
}

static int open_line(const char *path, unsigned line, roam_gpio_line **out) {
    roam_gpio_line *l = calloc(1, sizeof *l);
    if (!l) return -ENOMEM;
    l->chip = gpiod_chip_open(path);
    if (!l->chip) { int e = roam_gpio_error(); free(l); return e; }
    l->line = gpiod_chip_get_line(l->chip, line);
    if (!l->line) { int e = roam_gpio_error(); gpiod_chip_close(l->chip); free(l); return e; }
    *out = l;
    return 0;
}

static int bias_flags(int bias) {
    switch (bias) {
    case 1: return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
    case 2: return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN;
    case 3: return GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
    default: return 0;
    }
}

int roam_gpio_request_input(const char *path, unsigned line, int bias, const char *consumer, roam_gpio_line **out) {
    roam_gpio_line *l;
    int r = open_line(path, line, &l);
    if (r < 0) return r;
    if (gpiod_line_request_both_edges_events_flags(l->line, consumer, bias_flags(bias)) < 0) {
        int e = roam_gpio_error(); roam_gpio_release(l); return e;
    }
    *out = l;
    return 0;
}

int roam_gpio_request_output(const char *path, unsigned line, int initial, int bias, const char *consumer, roam_gpio_line **out) {
    roam_gpio_line *l;
    int r = open_line(path, line, &l);
    if (r < 0) return r;
    if (gpiod_line_request_output_flags(l->line, consumer, bias_flags(bias), initial) < 0) {
        int e = roam_gpio_error(); roam_gpio_release(l); return e;
    }
    *out = l;
    return 0;
}

int roam_gpio_read_event(roam_gpio_line *l, int timeout_ms, uint64_t *timestamp_ns, int *rising) {
    /* libgpiod v1 waits without limit on a NULL timeout; a negative timespec would fail with EINVAL. */
    struct timespec ts = { timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L };
    int r = gpiod_line_event_wait(l->line, timeout_ms < 0 ? NULL : &ts);
    if (r < 0) return roam_gpio_error();
    if (r == 0) return 0;
    struct gpiod_line_event ev;
    if (gpiod_line_event_read(l->line, &ev) < 0) return roam_gpio_error();
    *timestamp_ns = (uint64_t)ev.ts.tv_sec * 1000000000ULL + (uint64_t)ev.ts.tv_nsec;
    *rising = ev.event_type == GPIOD_LINE_EVENT_RISING_EDGE;
    return 1;
}

int roam_gpio_event_fd(roam_gpio_line *l) {
    int fd = gpiod_line_event_get_fd(l->line);
    return fd < 0 ? roam_gpio_error() : fd;
}

int roam_gpio_get(roam_gpio_line *l) {
    int v = gpiod_line_get_value(l->line);
    return v < 0 ? roam_gpio_error() : v;
}

int roam_gpio_set(roam_gpio_line *l, int value) {
    return gpiod_line_set_value(l->line, value) < 0 ? roam_gpio_error() : 0;
}

void roam_gpio_release(roam_gpio_line *l) {
    if (!l) return;
    if (l->line) gpiod_line_release(l->line);
    if (l->chip) gpiod_chip_close(l->chip);
    free(l);
}
#endif

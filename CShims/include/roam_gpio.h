#ifndef ROAM_GPIO_H
#define ROAM_GPIO_H
#include <stdint.h>

// The libgpiod 1.6 API stays inside roam_gpio.c: a libgpiod 2 port touches that file only.
typedef struct roam_gpio_line roam_gpio_line;

/// Request `line` on `chip` (name like "gpiochip0" or a path) as an input with both-edge events.
/// bias: 0 as-is, 1 pull-up, 2 pull-down, 3 disabled. Returns 0 and *out, or -errno.
int roam_gpio_request_input(const char *chip, unsigned line, int bias, const char *consumer, roam_gpio_line **out);
/// Request `line` as an output driven to `initial`. Returns 0 and *out, or -errno.
int roam_gpio_request_output(const char *chip, unsigned line, int initial, const char *consumer, roam_gpio_line **out);
/// Wait up to timeout_ms for an edge. Returns 1 with the kernel timestamp and edge, 0 on timeout, or -errno.
int roam_gpio_read_event(roam_gpio_line *l, int timeout_ms, uint64_t *timestamp_ns, int *rising);
/// Current level of an input line: 0, 1, or -errno.
int roam_gpio_get(roam_gpio_line *l);
/// Drive an output line. Returns 0 or -errno.
int roam_gpio_set(roam_gpio_line *l, int value);
/// Release the line and close its chip.
void roam_gpio_release(roam_gpio_line *l);
#endif

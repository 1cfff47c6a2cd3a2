#ifndef ROAM_GPIO_H
#define ROAM_GPIO_H
#include <stddef.h>
#include <stdint.h>

// libgpiod stays behind this header: roam_gpio_v1.c speaks its 1.6 API, roam_gpio_v2.c its 2.x API,
// chosen at build time by the installed gpiod.h (roam_gpio_version.h), with the same behaviour.
// Chips are named by their device path ("/dev/gpiochip0"): no lookup by label or number, which
// would open every chip on the system (and fail under a unit that allows only one). A chip's own
// info is the kernel's (roam_gpiochip.h), asked before a line is requested (GPIOLine.swift).
typedef struct roam_gpio_line roam_gpio_line;

/// Who holds `line`: 1 with its consumer name copied into `consumer` (may be empty), 0 if free, or -errno.
int roam_gpio_line_user(const char *path, unsigned line, char *consumer, size_t cap);
/// Request `line` as an input with both-edge events (kernel-timestamped).
/// bias: 0 as-is, 1 pull-up, 2 pull-down, 3 disabled. Returns 0 and *out, or -errno.
int roam_gpio_request_input(const char *path, unsigned line, int bias, const char *consumer, roam_gpio_line **out);
/// Request `line` as an output driven to `initial`, with `bias` as for an input. Returns 0 and *out, or -errno.
int roam_gpio_request_output(const char *path, unsigned line, int initial, int bias, const char *consumer, roam_gpio_line **out);
/// Wait up to timeout_ms (negative: no limit) for an edge. Returns 1 with the kernel timestamp (CLOCK_MONOTONIC on
/// Linux >= 5.7) and the edge, 0 on timeout, or -errno.
int roam_gpio_read_event(roam_gpio_line *l, int timeout_ms, uint64_t *timestamp_ns, int *rising);
/// The descriptor that becomes readable when an edge event is queued (for poll()), or -errno.
int roam_gpio_event_fd(roam_gpio_line *l);
/// Current level of a requested line: 0, 1, or -errno.
int roam_gpio_get(roam_gpio_line *l);
/// Drive an output line. Returns 0 or -errno.
int roam_gpio_set(roam_gpio_line *l, int value);
/// Release the line and close its chip. NULL is ignored.
void roam_gpio_release(roam_gpio_line *l);
#endif

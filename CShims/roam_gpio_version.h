#ifndef ROAM_GPIO_VERSION_H
#define ROAM_GPIO_VERSION_H
// Which libgpiod API the build sees, from its own header: 1.6 (Debian 12) has the line-bulk API
// and its GPIOD_LINE_BULK_MAX_LINES; 2.x (Debian 13, Raspberry Pi OS trixie) removed it and has
// line requests instead. One of roam_gpio_v1.c / roam_gpio_v2.c compiles; the other is empty.
// Both implement roam_gpio.h with the same behaviour.
#include <errno.h>
#include <gpiod.h>
#include <stddef.h>
#include <string.h>

#if defined(GPIOD_LINE_BULK_MAX_LINES)
#define ROAM_GPIOD_V1 1
#else
#define ROAM_GPIOD_V2 1
#endif

// libgpiod sets errno on every failure it reports; should one come without, -EIO keeps it a failure (0 reads as success).
static inline int roam_gpio_error(void) { return errno ? -errno : -EIO; }

static inline void roam_gpio_copy_text(char *dst, size_t cap, const char *src) {
    if (cap == 0) return;
    strncpy(dst, src ? src : "", cap - 1);
    dst[cap - 1] = '\0';
}
#endif

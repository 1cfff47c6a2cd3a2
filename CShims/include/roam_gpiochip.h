#ifndef ROAM_GPIOCHIP_H
#define ROAM_GPIOCHIP_H
#include <stddef.h>

// The kernel's GPIO character device asked directly (linux/gpio.h), not through libgpiod: the
// same calls and the same errors whether libgpiod 1.6 or 2.x requests the lines (roam_gpio.h).

/// open(O_RDWR|O_CLOEXEC), as libgpiod opens a chip. Returns fd or -errno.
int roam_gpiochip_open(const char *path);
/// ioctl(GPIO_GET_CHIPINFO_IOCTL): the chip's label (as the kernel gives it, maybe empty) and its
/// line count. Returns 0, or -errno (-ENOTTY: not a GPIO chip).
int roam_gpiochip_info(int fd, char *label, size_t cap, unsigned *lines);
#endif

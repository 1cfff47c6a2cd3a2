#include "roam_gpiochip.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <string.h>
#include <sys/ioctl.h>

int roam_gpiochip_open(const char *path) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int roam_gpiochip_info(int fd, char *label, size_t cap, unsigned *lines) {
    struct gpiochip_info info;
    if (ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, &info) < 0) return -errno;
    if (cap > 0) {
        strncpy(label, info.label, cap - 1);
        label[cap - 1] = '\0';
    }
    *lines = info.lines;
    return 0;
}

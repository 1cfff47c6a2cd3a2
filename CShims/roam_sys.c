#include "roam_sys.h"
#include <errno.h>
#include <poll.h>
#include <unistd.h>

int roam_fd_poll(int fd, short events, int timeout_ms) {
    struct pollfd p = { .fd = fd, .events = events };
    int r = poll(&p, 1, timeout_ms);
    if (r < 0) return -errno;
    return r == 0 ? 0 : p.revents;
}

int roam_fd_read(int fd, uint8_t *buf, size_t cap) {
    ssize_t n = read(fd, buf, cap);
    return n < 0 ? -errno : (int)n;
}

int roam_fd_write(int fd, const uint8_t *buf, size_t len) {
    ssize_t n = write(fd, buf, len);
    return n < 0 ? -errno : (int)n;
}

int roam_fd_close(int fd) {
    return close(fd) != 0 ? -errno : 0;
}

#include "roam_sys.h"
#include <errno.h>
#include <time.h>
#include <unistd.h>

uint64_t roam_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int64_t roam_realtime_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int roam_fd_write(int fd, const uint8_t *buf, size_t len) {
    ssize_t n = write(fd, buf, len);
    return n < 0 ? -errno : (int)n;
}

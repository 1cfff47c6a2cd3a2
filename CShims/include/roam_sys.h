#ifndef ROAM_SYS_H
#define ROAM_SYS_H
#include <stddef.h>
#include <stdint.h>

/// clock_gettime(CLOCK_MONOTONIC) in nanoseconds.
uint64_t roam_monotonic_ns(void);
/// clock_gettime(CLOCK_REALTIME) in milliseconds since 1970 (used only to stamp events, never fixes).
int64_t roam_realtime_ms(void);
/// Write all of buf to fd (one write() call; the caller loops). Returns bytes written or -errno.
int roam_fd_write(int fd, const uint8_t *buf, size_t len);
#endif

#ifndef ROAM_SYS_H
#define ROAM_SYS_H
#include <stddef.h>
#include <stdint.h>

/// Write all of buf to fd (one write() call; the caller loops). Returns bytes written or -errno.
int roam_fd_write(int fd, const uint8_t *buf, size_t len);
#endif

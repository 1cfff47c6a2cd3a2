#ifndef ROAM_SYS_H
#define ROAM_SYS_H
#include <stddef.h>
#include <stdint.h>

/// One write() of buf to fd: the bytes it took (maybe fewer than len; the caller loops) or -errno.
int roam_fd_write(int fd, const uint8_t *buf, size_t len);
#endif

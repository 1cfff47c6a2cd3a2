#ifndef ROAM_SYS_H
#define ROAM_SYS_H
#include <stddef.h>
#include <stdint.h>

// Any descriptor: one call each, the kernel's answer as it is (what it means is the caller's to say).

/// One poll() of fd for `events`, up to timeout_ms (negative: no limit): the revents it reported
/// (> 0; POLLNVAL for a descriptor that is not open), 0 on timeout, or -errno.
int roam_fd_poll(int fd, short events, int timeout_ms);
/// One read() into buf: the bytes it gave, 0 at the end of the file, or -errno (-EAGAIN: nothing
/// waiting on an O_NONBLOCK descriptor).
int roam_fd_read(int fd, uint8_t *buf, size_t cap);
/// One write() of buf to fd: the bytes it took (maybe fewer than len; the caller loops) or -errno.
int roam_fd_write(int fd, const uint8_t *buf, size_t len);
/// close(). Returns 0 or -errno.
int roam_fd_close(int fd);
#endif

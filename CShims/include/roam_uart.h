#ifndef ROAM_UART_H
#define ROAM_UART_H
#include <stddef.h>
#include <stdint.h>

/// open(O_RDWR|O_NOCTTY|O_NONBLOCK|O_CLOEXEC). Returns fd or -errno.
int roam_uart_open(const char *path);
/// Raw 8N1, no flow control, receiver on, at `baud`. Returns 0, -EINVAL for an unsupported baud, or -errno.
int roam_uart_configure(int fd, unsigned baud);
/// poll() for up to timeout_ms, then read(). Returns bytes read (> 0), 0 on timeout,
/// -EIO when the device hung up or vanished, or -errno.
int roam_uart_read(int fd, uint8_t *buf, size_t cap, int timeout_ms);
/// write(). Returns bytes written or -errno.
int roam_uart_write(int fd, const uint8_t *buf, size_t len);
/// close(). Returns 0 or -errno.
int roam_fd_close(int fd);
#endif

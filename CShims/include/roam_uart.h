#ifndef ROAM_UART_H
#define ROAM_UART_H
#include <stddef.h>
#include <stdint.h>

/// open(O_RDWR|O_NOCTTY|O_NONBLOCK|O_CLOEXEC). Returns fd or -errno.
int roam_uart_open(const char *path);
/// Raw 8N1, no flow control, receiver on, at `baud`; VMIN 1, VTIME 0, so that on the O_NONBLOCK
/// descriptor a read with nothing waiting is EAGAIN, not 0. Returns 0, -EINVAL for an unsupported baud, or -errno.
int roam_uart_configure(int fd, unsigned baud);
/// Changes the speed only (in and out), after pending output is sent (TCSADRAIN). 0, -EINVAL, or -errno.
int roam_uart_set_baud(int fd, unsigned baud);
/// ioctl(TIOCEXCL): further open()s of the tty fail with EBUSY (except for root). 0 or -errno.
int roam_uart_exclusive(int fd);
/// tcdrain(): waits until everything written has been transmitted. 0 or -errno.
int roam_uart_drain(int fd);
/// The output speed tcgetattr() reports, in baud (0 for an unlisted speed), or -errno. On a pty's
/// primary side Linux reports the secondary's settings: the bench receiver sees the host's baud.
int roam_tty_baud(int fd);
/// poll() for up to timeout_ms, then read(). Returns bytes read (> 0), 0 on timeout,
/// -EIO when the device hung up or vanished, or -errno.
int roam_uart_read(int fd, uint8_t *buf, size_t cap, int timeout_ms);
/// read() without waiting, on a descriptor roam_uart_open and roam_uart_configure set up (O_NONBLOCK,
/// VMIN 1). Returns bytes read (> 0), 0 when nothing is waiting (EAGAIN), -EIO when the device hung
/// up (read returned 0), or -errno.
int roam_uart_read_now(int fd, uint8_t *buf, size_t cap);
/// write(). Returns bytes written or -errno.
int roam_uart_write(int fd, const uint8_t *buf, size_t len);
/// close(). Returns 0 or -errno.
int roam_fd_close(int fd);
#endif

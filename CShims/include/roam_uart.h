#ifndef ROAM_UART_H
#define ROAM_UART_H
#include <stddef.h>
#include <stdint.h>

// Reads, writes and close are the roam_fd_* calls of roam_sys.h; what a read's 0 bytes or EAGAIN
// means for a receiver is said in Swift (TerminalRead).

/// open(O_RDWR|O_NOCTTY|O_NONBLOCK|O_CLOEXEC). Returns fd or -errno.
int roam_uart_open(const char *path);
/// Raw 8N1, no flow control, receiver on, at the termios speed code `speed` (B115200 …: which
/// bauds are used is TerminalSpeed.swift's); VMIN 1, VTIME 0, so that on the O_NONBLOCK descriptor
/// a read with nothing waiting is EAGAIN, not 0. Returns 0 or -errno.
int roam_uart_configure(int fd, unsigned speed);
/// Changes the speed code only (in and out), after pending output is sent (TCSADRAIN). 0 or -errno.
int roam_uart_set_speed(int fd, unsigned speed);
/// ioctl(TIOCEXCL): further open()s of the tty fail with EBUSY (except for root). 0 or -errno.
int roam_uart_exclusive(int fd);
/// tcdrain(): waits until everything written has been transmitted. 0 or -errno.
int roam_uart_drain(int fd);
/// The output speed code tcgetattr() reports (cfgetospeed: B115200 …), or -errno. On a pty's
/// primary side Linux reports the secondary's settings: the bench receiver sees the host's baud.
int roam_tty_speed(int fd);
#endif

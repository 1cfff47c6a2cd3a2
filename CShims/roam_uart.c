#include "roam_uart.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int roam_uart_open(const char *path) {
    int fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int roam_uart_configure(int fd, unsigned speed) {
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return -errno;
    cfmakeraw(&t);
    t.c_cflag &= ~(CSTOPB | PARENB | CRTSCTS | CSIZE);
    t.c_cflag |= CS8 | CLOCAL | CREAD;
    // VMIN 1 on the O_NONBLOCK descriptor: a read with nothing waiting fails with EAGAIN, so a read
    // of 0 bytes can only be the end (a hang-up). With VMIN 0 both read 0 (n_tty_read) and only a
    // poll() could tell them apart. VTIME 0: no inter-byte timer.
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (cfsetispeed(&t, speed) != 0 || cfsetospeed(&t, speed) != 0) return -errno;
    if (tcsetattr(fd, TCSANOW, &t) != 0) return -errno;
    return 0;
}

int roam_uart_set_speed(int fd, unsigned speed) {
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return -errno;
    if (cfsetispeed(&t, speed) != 0 || cfsetospeed(&t, speed) != 0) return -errno;
    return tcsetattr(fd, TCSADRAIN, &t) != 0 ? -errno : 0;
}

int roam_uart_exclusive(int fd) {
    return ioctl(fd, TIOCEXCL) != 0 ? -errno : 0;
}

int roam_uart_drain(int fd) {
    return tcdrain(fd) != 0 ? -errno : 0;
}

int roam_tty_speed(int fd) {
    struct termios t;
    return tcgetattr(fd, &t) != 0 ? -errno : (int)cfgetospeed(&t);
}

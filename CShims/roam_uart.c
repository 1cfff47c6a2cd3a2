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

static speed_t speed_for(unsigned baud) {
    switch (baud) {
    case 4800: return B4800;
    case 9600: return B9600;
    case 19200: return B19200;
    case 38400: return B38400;
    case 57600: return B57600;
    case 115200: return B115200;
    case 230400: return B230400;
    case 460800: return B460800;
    case 921600: return B921600;
    default: return 0;
    }
}

int roam_uart_configure(int fd, unsigned baud) {
    speed_t speed = speed_for(baud);
    if (speed == 0) return -EINVAL;
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

int roam_uart_set_baud(int fd, unsigned baud) {
    speed_t speed = speed_for(baud);
    if (speed == 0) return -EINVAL;
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

int roam_tty_baud(int fd) {
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return -errno;
    switch (cfgetospeed(&t)) {
    case B4800: return 4800;
    case B9600: return 9600;
    case B19200: return 19200;
    case B38400: return 38400;
    case B57600: return 57600;
    case B115200: return 115200;
    case B230400: return 230400;
    case B460800: return 460800;
    case B921600: return 921600;
    default: return 0;
    }
}

#include "roam_pty.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>

int roam_pty_open(char *name, size_t cap) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return -errno;
    struct termios t;
    int err = 0;
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) err = errno;
    else if (grantpt(fd) != 0 || unlockpt(fd) != 0) err = errno;
    else if ((err = ptsname_r(fd, name, cap)) != 0) {}
    else if (tcgetattr(fd, &t) != 0) err = errno;
    else {
        cfmakeraw(&t);
        if (tcsetattr(fd, TCSANOW, &t) != 0) err = errno;
    }
    if (err != 0) { close(fd); return -err; }
    return fd;
}

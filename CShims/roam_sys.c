#include "roam_sys.h"
#include <errno.h>
#include <unistd.h>

int roam_fd_write(int fd, const uint8_t *buf, size_t len) {
    ssize_t n = write(fd, buf, len);
    return n < 0 ? -errno : (int)n;
}

#include "roam_inotify.h"
#include <errno.h>

int roam_inotify_open(void) {
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int roam_inotify_watch(int fd, const char *path, uint32_t mask) {
    int wd = inotify_add_watch(fd, path, mask);
    return wd < 0 ? -errno : wd;
}

int roam_inotify_unwatch(int fd, int wd) {
    return inotify_rm_watch(fd, wd) < 0 ? -errno : 0;
}

#ifndef ROAM_INOTIFY_H
#define ROAM_INOTIFY_H
#include <stdint.h>
#include <sys/inotify.h>

// inotify, one call each: which changes matter and what a failure means is said in Swift.

/// inotify_init1(IN_NONBLOCK | IN_CLOEXEC): the new descriptor, or -errno (-EMFILE: the user's
/// limit on inotify instances).
int roam_inotify_open(void);
/// inotify_add_watch(fd, path, mask): the watch descriptor, or -errno (-ENOSPC: the user's limit
/// on watches; -ENOENT: no such folder).
int roam_inotify_watch(int fd, const char *path, uint32_t mask);
/// inotify_rm_watch(fd, wd): 0, or -errno (-EINVAL: no such watch, the kernel removed it already).
int roam_inotify_unwatch(int fd, int wd);
#endif

#ifndef ROAM_PTY_H
#define ROAM_PTY_H
#include <stddef.h>

/// posix_openpt + O_NONBLOCK + grantpt + unlockpt + ptsname_r; the primary side is put in raw mode.
/// Writes the secondary's path into name. Returns the primary fd or -errno.
int roam_pty_open(char *name, size_t cap);
#endif

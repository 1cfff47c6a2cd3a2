#include "roam_fs.h"
#include <errno.h>
#include <sys/vfs.h>

int roam_fs_type(const char *path, uint32_t *type) {
    struct statfs s;
    if (statfs(path, &s) != 0) return -errno;
    *type = (uint32_t)s.f_type;
    return 0;
}

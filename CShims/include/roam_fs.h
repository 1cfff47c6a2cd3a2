#ifndef ROAM_FS_H
#define ROAM_FS_H
#include <stdint.h>

// The file system under a path. Swift's Glibc module has statvfs but not statfs, and only statfs
// says which file system it is (f_type: tmpfs, ramfs, an overlay). What a type means is said in Swift.

/// One statfs() of path: its f_type, the file system's magic number as linux/magic.h lists them
/// (all fit 32 bits; f_type's own width differs by ABI), in *type. Returns 0 or -errno.
int roam_fs_type(const char *path, uint32_t *type);
#endif

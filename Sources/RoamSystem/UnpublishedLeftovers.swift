import Glibc

/// The hidden files (`.roam-` and eight letters or digits) an `UnpublishedFile` left behind when
/// its process was killed or the power cut: between the link under a hidden name and the rename
/// over the old file (`publish(replacing: true)`: `dump --force`, the drive keeper's `.served`
/// record), or while one was written where the file system has no O_TMPFILE (vfat). Nothing else
/// removes them, and each holds a whole file's room on the card for good.
///
/// One is a leftover when it is a plain file with a single link, no process holds its flock (every
/// writer locks its file from the moment it is made: a kill lets go), and it was last changed
/// before the current write began. A hidden name with two links was linked to its final name
/// already and costs no room; it is left alone.
enum UnpublishedLeftovers {
    static let prefix = ".roam-"
    static let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// Whether `name` is one `UnpublishedFile` makes: the prefix and eight of `letters`.
    static func isHiddenName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == prefix.utf8.count + 8, name.hasPrefix(prefix) else { return false }
        return bytes[prefix.utf8.count...].allSatisfy { letters.contains($0) }
    }

    /// Removes the leftovers in `folder`. Housekeeping for the write under way: a folder that cannot
    /// be listed or a name that cannot be removed fails nothing (that write says its own failures),
    /// and the next write into the folder tries again.
    static func remove(in folder: String, changedBefore began: timespec) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        let dfd = dirfd(dir)
        while let entry = readdir(dir) {
            let name = entry.pointee.name
            guard isHiddenName(name) else { continue }
            // Not following a link, nor waiting on a FIFO someone put there.
            let fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var st = stat()
            guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_nlink == 1, isBefore(st.st_mtim, began),
                  flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            unlinkat(dfd, name, 0)
        }
    }

    /// The wall clock now, on the coarse clock the kernel stamps file times with: a file changed
    /// after this moment never has an earlier time (the precise clock runs up to a tick ahead of it).
    static func now() -> timespec {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &ts)
        return ts
    }

    static func isBefore(_ a: timespec, _ b: timespec) -> Bool {
        a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec)
    }
}

import Glibc

/// Files that must survive a power cut whole or not at all: written beside their final name,
/// fsynced, renamed over it, and the folder fsynced so the rename itself is on the card.
public enum DurableFile {
    /// Replaces `path` with `bytes`: after a cut at any moment, `path` holds the old bytes or the new.
    /// Failures name `path`, never the temporary file beside it.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(SystemError) {
        let temporary = path + ".partial"
        let fd: CInt
        do { fd = try retryingInterrupted { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) } } catch { throw SystemError("create", path, error) }
        var failure: SystemError?
        do { try FolderOwner.give(temporary) } catch { failure = SystemError(error.action, path, error.errno, access: error.access) }
        if failure == nil { do { try Descriptor.writeAll(fd, bytes) } catch { failure = SystemError("write", path, error) } }
        if failure == nil && fsync(fd) != 0 { failure = SystemError("fsync", path, .current) }
        close(fd)
        if failure == nil && Glibc.rename(temporary, path) != 0 { failure = SystemError("write", path, .current) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        try syncFolder(containing: path)
    }

    /// Moves `source` over `target` and makes the move durable.
    public static func rename(_ source: String, to target: String) throws(SystemError) {
        guard Glibc.rename(source, target) == 0 else {
            let e = Errno.current
            unlink(source)
            throw SystemError("rename \(source) to", target, e)
        }
        try syncFolder(containing: target)
    }

    /// fsyncs the folder that holds `path`: a new name or a rename in it is durable only then.
    public static func syncFolder(containing path: String) throws(SystemError) {
        let folder = FilePath.parent(path)
        let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { throw SystemError("open folder", folder, .current) }
        defer { close(dfd) }
        guard fsync(dfd) == 0 else { throw SystemError("fsync folder", folder, .current) }
    }
}

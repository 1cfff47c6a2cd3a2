import Glibc

/// Files that must survive a power cut whole or not at all: written with no name in their folder
/// (`UnpublishedFile`), fsynced, given their name over the old file, and the folder fsynced so the
/// new name itself is on the card.
public enum DurableFile {
    /// Replaces `path` with `bytes`: after a cut at any moment, `path` holds the old bytes or the new.
    /// Failures name `path`, never a temporary name.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(SystemError) {
        let file = try UnpublishedFile(for: path, mode: mode)
        do throws(Errno) { try Descriptor.writeAll(file.fd, bytes) } catch {
            file.abandon()
            throw SystemError("write", path, error)
        }
        try file.publish(replacing: true)
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

import Glibc

extension DurableFile {
    /// fsyncs a file another program wrote (mkfs.vfat, mcopy), before it is described or renamed
    /// into its role with `rename(_:to:)`: the same sequence as `replace`, for bytes not ours to write.
    public static func sync(_ path: String) throws(SystemError) {
        let fd: CInt
        do { fd = try retryingInterrupted { open(path, O_RDONLY | O_CLOEXEC) } } catch { throw SystemError("open", path, error) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw SystemError("fsync", path, .current) }
    }
}

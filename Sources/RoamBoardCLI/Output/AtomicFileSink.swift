import Glibc
import RoamExport

/// Writes an export to `<path>.partial`, fsyncs it, moves it to `path` and fsyncs the folder,
/// so a power cut during a dump leaves either nothing (or the old file) or the whole new one.
/// Without `overwrite` the move is a hard link, which fails atomically if `path` appeared meanwhile.
struct AtomicFileSink: PatchableSink {
    let path: String
    let overwrite: Bool
    private let temporaryPath: String
    private var file: BufferedFile

    init(path: String, overwrite: Bool) throws {
        if !overwrite && access(path, F_OK) == 0 { throw Self.exists(path) }
        self.path = path
        self.overwrite = overwrite
        temporaryPath = path + ".partial"
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError.system("cannot create", temporaryPath, errno) }
        file = BufferedFile(fd: fd, path: temporaryPath)
    }

    var bytesWritten: Int { file.count }
    mutating func write(bytes: [UInt8]) throws { try file.append(bytes) }
    mutating func write(_ text: String) throws { try file.append(text) }
    mutating func overwrite(at offset: Int, bytes: [UInt8]) throws { try file.overwrite(at: offset, bytes: bytes) }

    /// Makes the file durable and visible under its final name. On failure the partial file is removed.
    mutating func commit() throws {
        do {
            try file.sync()
            file.close()
            try move()
        } catch {
            abandon()
            throw error
        }
        let dir = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let dfd = open(dir.isEmpty ? "/" : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { throw OutputError.system("cannot open folder", dir, errno) }
        defer { close(dfd) }
        // The rename is durable only once the folder is synced.
        guard fsync(dfd) == 0 else { throw OutputError.system("cannot fsync folder", dir, errno) }
    }

    /// Removes the partial file after a failure.
    mutating func abandon() {
        file.close()
        unlink(temporaryPath)
    }

    private func move() throws {
        if overwrite {
            guard rename(temporaryPath, path) == 0 else { throw OutputError.system("cannot rename \(temporaryPath) to", path, errno) }
            return
        }
        if link(temporaryPath, path) == 0 {
            unlink(temporaryPath)
            return
        }
        let e = errno
        if e == EEXIST { throw Self.exists(path) }
        // File systems without hard links (FAT on a USB stick): check, then rename.
        guard e == EPERM || e == EOPNOTSUPP || e == ENOSYS else { throw OutputError.system("cannot link \(temporaryPath) to", path, e) }
        if access(path, F_OK) == 0 { throw Self.exists(path) }
        guard rename(temporaryPath, path) == 0 else { throw OutputError.system("cannot rename \(temporaryPath) to", path, errno) }
    }

    static func exists(_ path: String) -> CLIError {
        CLIError(description: "\(path) exists; pass --force to overwrite it", status: ExitStatus.failure)
    }
}

import Glibc
import RoamExport
import RoamSystem

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
        let temporary = path + ".partial"
        temporaryPath = temporary
        let fd: CInt
        do { fd = try retryingInterrupted { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) } } catch {
            throw OutputError.creating(SystemError("create", path, error))
        }
        // Failures name the file asked for: the rider never asked for a .partial file.
        file = BufferedFile(fd: fd, path: path)
        do { try FolderOwner.give(temporary) } catch {
            abandon()
            throw OutputError.creating(SystemError(error.action, path, error.errno))
        }
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
        // The rename is durable only once the folder is synced.
        do { try DurableFile.syncFolder(containing: path) } catch { throw OutputError.system(error) }
    }

    /// Removes the partial file after a failure.
    mutating func abandon() {
        file.close()
        unlink(temporaryPath)
    }

    private func move() throws {
        if overwrite {
            guard rename(temporaryPath, path) == 0 else { throw OutputError.system(SystemError("write", path, .current)) }
            return
        }
        if link(temporaryPath, path) == 0 {
            unlink(temporaryPath)
            return
        }
        let e = errno
        if e == EEXIST { throw Self.exists(path) }
        // File systems without hard links (FAT on a USB stick): check, then rename.
        guard e == EPERM || e == EOPNOTSUPP || e == ENOSYS else { throw OutputError.system(SystemError("write", path, Errno(rawValue: e))) }
        if access(path, F_OK) == 0 { throw Self.exists(path) }
        guard rename(temporaryPath, path) == 0 else { throw OutputError.system(SystemError("write", path, .current)) }
    }

    static func exists(_ path: String) -> CLIError {
        CLIError(description: "\(path) exists; pass --force to overwrite it", status: ExitStatus.failure)
    }
}

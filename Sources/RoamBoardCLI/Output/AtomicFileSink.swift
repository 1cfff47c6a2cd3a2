import Glibc
import RoamExport
import RoamSystem

/// Writes an export to a file with no name yet in the target's folder (`UnpublishedFile`), fsyncs
/// it, gives it its name and fsyncs the folder, so a power cut or a kill during a dump leaves either
/// nothing (or the old file) or the whole new one, and no unfinished file beside it.
/// Without `overwrite` the name is a hard link, which fails atomically if `path` appeared meanwhile.
struct AtomicFileSink: PatchableSink {
    let path: String
    let overwrite: Bool
    /// The mode of the read-only file `overwrite` replaces (said by the caller once it is replaced); nil for any other.
    let replacedReadOnly: mode_t?
    private let unpublished: UnpublishedFile
    private var file: BufferedFile

    init(path: String, overwrite: Bool) throws {
        try OutputTarget.refuseNonFile(path)
        if !overwrite && access(path, F_OK) == 0 { throw Self.exists(path) }
        self.path = path
        self.overwrite = overwrite
        replacedReadOnly = overwrite ? OutputTarget.readOnlyMode(path) : nil
        do { unpublished = try UnpublishedFile(for: path) } catch { throw OutputError.creating(error) }
        file = BufferedFile(fd: unpublished.fd, path: path)
    }

    var bytesWritten: Int { file.count }
    mutating func write(bytes: [UInt8]) throws { try file.append(bytes) }
    mutating func write(_ text: String) throws { try file.append(text) }
    mutating func overwrite(at offset: Int, bytes: [UInt8]) throws { try file.overwrite(at: offset, bytes: bytes) }

    /// Makes the file durable and visible under its final name. On failure nothing of it is left.
    mutating func commit() throws {
        do { try file.flush() } catch {
            abandon()
            throw error
        }
        do { try unpublished.publish(replacing: overwrite) } catch {
            if error.errno.rawValue == EEXIST && !overwrite { throw Self.exists(path) }
            throw OutputError.system(error)
        }
    }

    /// Removes what was written after a failure.
    mutating func abandon() {
        unpublished.abandon()
    }

    static func exists(_ path: String) -> CLIError {
        CLIError(description: "\(FilePath.shown(path)) exists; pass --force to overwrite it", status: ExitStatus.failure)
    }
}

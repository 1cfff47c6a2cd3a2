import Glibc
import RoamExport
import RoamSystem

/// Writes an export to a file with no name yet in the target's folder (`UnpublishedFile`), fsyncs
/// it, gives it its name and fsyncs the folder, so a power cut or a kill during a dump leaves either
/// nothing (or the old file) or the whole new one, and no unfinished file beside it.
/// Without `overwrite` the name is a hard link, which fails atomically if `path` appeared meanwhile.
public struct AtomicFileSink: PatchableSink {
    public let path: String
    public let overwrite: Bool
    /// False for scratch files nothing reads after a crash: no fsync of the file or its folder.
    public let durable: Bool
    /// The mode of the read-only file `overwrite` replaces (said by the caller once it is replaced); nil for any other.
    public let replacedReadOnly: mode_t?
    private let unpublished: UnpublishedFile
    private var file: BufferedFile

    public init(path: String, overwrite: Bool, durable: Bool = true) throws {
        try OutputFile.refuseNonFile(path)
        if !overwrite && access(path, F_OK) == 0 { throw Self.exists(path) }
        self.path = path
        self.overwrite = overwrite
        self.durable = durable
        replacedReadOnly = overwrite ? OutputFile.readOnlyMode(path) : nil
        do { unpublished = try UnpublishedFile(for: path) } catch { throw OutputFailure.creating(error) }
        file = BufferedFile(fd: unpublished.fd, path: path)
    }

    public var bytesWritten: Int { file.count }
    public mutating func write(bytes: [UInt8]) throws { try file.append(bytes) }
    public mutating func write(_ text: String) throws { try file.append(text) }
    public mutating func overwrite(at offset: Int, bytes: [UInt8]) throws { try file.overwrite(at: offset, bytes: bytes) }

    /// Makes the file durable and visible under its final name. On failure nothing of it is left.
    public mutating func commit() throws {
        do { try file.flush() } catch {
            abandon()
            throw error
        }
        do { try unpublished.publish(replacing: overwrite, durable: durable) } catch {
            if error.errno.rawValue == EEXIST && !overwrite { throw Self.exists(path) }
            throw OutputFailure.system(error)
        }
    }

    /// Removes what was written after a failure.
    public mutating func abandon() {
        unpublished.abandon()
    }

    static func exists(_ path: String) -> OutputFailure {
        OutputFailure("\(FilePath.shown(path)) exists; pass --force to overwrite it", cause: .exists)
    }
}

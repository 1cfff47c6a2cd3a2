import Glibc
import RoamExport
import RoamSystem

/// Tells whether a file already holds exactly what an export writes, reading the file as the
/// export's bytes arrive: one 64 KiB chunk of the file in memory, whatever the ride's length.
/// Holding both whole (the export in memory and the file read in full) took 430 MB for the raw
/// GPX of a 10 h ride at 10 Hz, on a board with 512 MB (docs/BENCHMARKS.md, "After a long ride").
///
/// The first `heldCount` bytes are held back and compared last, since an exporter may patch them
/// (the FIT header's data size). A patch beyond them cannot be taken back from bytes already
/// compared, so it counts as a difference: a file is never called the same when it may not be.
struct FileComparingSink: PatchableSink {
    /// Thrown by `write` at the first byte that differs: the rest of the export need not be made.
    struct Differs: Error {}

    static let heldCount = 64
    private let file: ComparedFile
    private var head: [UInt8] = []
    private(set) var bytesWritten = 0

    /// nil when the file cannot be opened for reading: it is not known to hold the ride.
    init?(path: String) {
        guard let file = ComparedFile(path: path, from: Self.heldCount) else { return nil }
        self.file = file
    }

    mutating func write(bytes: [UInt8]) throws {
        let held = min(Self.heldCount - head.count, bytes.count)
        if held > 0 { head += bytes[..<held] }
        bytesWritten += bytes.count
        guard held < bytes.count else { return }
        guard file.readNext(matching: bytes[held...]) else { throw Differs() }
    }

    mutating func overwrite(at offset: Int, bytes patch: [UInt8]) throws {
        guard offset >= 0, offset + patch.count <= head.count else { throw Differs() }
        head.replaceSubrange(offset..<(offset + patch.count), with: patch)
    }

    /// After the export's last byte: the file has no more bytes than it, and begins with its held head.
    var matches: Bool { file.size == bytesWritten && file.begins(with: head) }
}

/// The file under comparison, read forward in chunks from `from` (its head is read apart).
/// A read that fails is a difference: the file is not known to hold the bytes.
private final class ComparedFile {
    private let fd: CInt
    let size: Int
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    /// The file's offset of `chunk[0]`, the bytes of the chunk read, and the next offset to compare.
    private var chunkStart: Int, chunkCount = 0, next: Int

    init?(path: String, from offset: Int) {
        // O_NONBLOCK: a named pipe put there after the plan's look opens at once (and is no file) instead of waiting for a writer.
        guard let fd = try? retryingInterrupted({ open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }) else { return nil }  // no comparison: the file is written anew, whose errors are said
        var s = stat()
        guard fstat(fd, &s) == 0, s.st_mode & S_IFMT == S_IFREG else { close(fd); return nil }
        self.fd = fd
        size = Int(s.st_size)
        chunkStart = offset; next = offset
    }

    deinit { close(fd) }

    /// Whether the file's next bytes are `bytes`; moves past them.
    func readNext(matching bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            if next >= chunkStart + chunkCount {
                chunkStart = next
                chunkCount = read(into: &chunk, at: next)
                guard chunkCount > 0 else { return false }
            }
            let from = next - chunkStart, n = min(rest.count, chunkCount - from)
            guard chunk[from..<(from + n)].elementsEqual(rest.prefix(n)) else { return false }
            rest = rest.dropFirst(n)
            next += n
        }
        return true
    }

    func begins(with head: [UInt8]) -> Bool {
        var bytes = [UInt8](repeating: 0, count: head.count)
        return read(into: &bytes, at: 0) == head.count && bytes == head
    }

    /// Bytes read at `offset` (up to the buffer's size; fewer only at the file's end); 0 at the end or on a failure.
    private func read(into buffer: inout [UInt8], at offset: Int) -> Int {
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeMutableBytes { raw in
                (try? retryingInterrupted { pread(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done)) }) ?? -1  // a failed read is a difference: written anew
            }
            if n < 0 { return 0 }
            if n == 0 { break }
            done += n
        }
        return done
    }
}

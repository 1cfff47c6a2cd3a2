import RoamSystem
import Glibc

/// An NMEA capture read in chunks from a file or from standard input (`-`), so a replay of any
/// length holds one chunk in memory: the 24-hour 10 Hz memory benchmark streams ~280 MB of NMEA
/// through the recorder without the replay itself growing the recorder's RSS.
/// `@unchecked Sendable`: handed whole to the one thread that replays it; the descriptor is read
/// only there and closed when the reader goes.
public final class CaptureReader: @unchecked Sendable {
    public let path: String
    private var fd: CInt
    private let ownsDescriptor: Bool
    /// Bytes already taken from the descriptor (standard input, checked before a ride begins),
    /// served before the descriptor's next.
    private var head: [UInt8] = []

    /// Opens the capture now, so a wrong path is reported before anything is recorded.
    public init(path: String) throws(CaptureError) {
        self.path = path
        if path == "-" {
            fd = STDIN_FILENO; ownsDescriptor = false
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            ownsDescriptor = true
            guard fd >= 0 else { throw .errno("opening the capture", path) }
        }
    }

    /// Up to `capacity` bytes; empty at the end of the capture.
    public func next(capacity: Int = 64 * 1024) throws(CaptureError) -> [UInt8] {
        if !head.isEmpty {
            let served = Array(head.prefix(capacity))
            head.removeFirst(served.count)
            return served
        }
        var chunk = [UInt8](repeating: 0, count: capacity)
        let n: Int
        do {
            n = try chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try retryingInterrupted { read(fd, raw.baseAddress!, capacity) } } }.get()
        } catch {
            throw .errno("reading the capture", path, error)
        }
        chunk.removeSubrange(n...)
        return chunk
    }

    /// Serves `bytes` first: what a check read from a stream that cannot be read again.
    public func serveFirst(_ bytes: [UInt8]) { head = bytes + head }

    deinit { if ownsDescriptor && fd >= 0 { close(fd) } }
}

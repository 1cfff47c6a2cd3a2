import Glibc
import RoamCore
import RoamSystem

/// Whether a file `record --replay` would stream as NMEA holds at least one sentence the
/// recorder would take (framed, checksum present and right), read through the same framer.
enum CaptureSniffer {
    /// A capture's first sentence comes within its first kilobytes; junk is not read to its end.
    static let limitBytes = 16 << 20

    static func holdsASentence(_ path: String) throws(ReplaySourceError) -> Bool {
        guard let fd = try? retryingInterrupted({ open(path, O_RDONLY | O_CLOEXEC) }) else {
            throw ReplaySourceError(.unreadable, "cannot read capture \(path): check the path and its permissions")
        }
        defer { close(fd) }
        var framer = NMEALineFramer()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var total = 0
        while total < limitBytes {
            // A read error ends the search as the end of the file does: no sentence found.
            let n = chunk.withUnsafeMutableBytes { raw in try? retryingInterrupted { read(fd, raw.baseAddress, raw.count) } }
            guard let n, n > 0 else { return false }
            total += n
            let found = chunk.withUnsafeBufferPointer { buffer -> Bool in
                let input = UnsafeBufferPointer(rebasing: buffer[0..<n])
                var index = 0
                while let event = framer.next(input, &index) { if event == .sentence { return true } }
                return false
            }
            if found { return true }
        }
        return false
    }
}

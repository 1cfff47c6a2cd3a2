import Glibc
import RoamCore
import RoamSimulator
import RoamSystem

/// Whether a file `record --replay` would stream as NMEA holds at least one sentence the
/// recorder would take (framed, checksum present and right), read through the same framer.
enum CaptureSniffer {
    /// A capture's first sentence comes within its first kilobytes; junk is not read to its end.
    static let limitBytes = 16 << 20

    static func holdsASentence(_ path: String) throws(ReplaySourceError) -> Bool {
        let fd = try ReplayFile.open(path)
        defer { close(fd) }
        var framer = NMEALineFramer()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var total = 0
        while total < limitBytes {
            // A read error is said (ReplayFile), never taken for the end of a file without a sentence.
            let n = try chunk.withUnsafeMutableBytes { raw in Result { () throws(ReplaySourceError) in try ReplayFile.read(fd, into: raw, path: path) } }.get()
            guard n > 0 else { return false }
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

    /// How much of standard input is read for its first sentence: a receiver's stream has one
    /// within its first second, and junk is not read to its end.
    static let standardInputLimitBytes = 1 << 20

    /// What `--replay -` streams, from the first checksummed sentence on (nil: none in the input,
    /// `read` says how many bytes came). Read as it comes, never to the end: a FIFO fed at a
    /// receiver's pace is replayed as it arrives. `head`: the first bytes read, for what else the input may be.
    static func firstSentenceOn(_ reader: CaptureReader) throws(ReplaySourceError) -> (fromSentence: [UInt8]?, read: Int, head: [UInt8]) {
        var framer = NMEALineFramer()
        var taken: [UInt8] = []
        while taken.count < standardInputLimitBytes {
            let chunk: [UInt8]
            do { chunk = try reader.next(capacity: 64 << 10) } catch {
                // The errno in words: a closed descriptor (`<&-`) is the one met in practice.
                throw ReplaySourceError(.unreadable, "cannot read standard input (--replay -): it is closed or cannot be read; "
                                        + "give it a capture, for example --replay - < capture.nmea")
            }
            if chunk.isEmpty { break }
            let offset = taken.count
            taken += chunk
            let end = chunk.withUnsafeBufferPointer { buffer -> Int? in
                var index = 0
                while let event = framer.next(buffer, &index) { if event == .sentence { return index } }
                return nil
            }
            if let end {
                // The sentence begins at its `$` (or `!`), which no sentence holds inside.
                let start = taken[..<(offset + end)].lastIndex { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "!") } ?? 0
                return (Array(taken[start...]), taken.count, Array(taken.prefix(512)))
            }
        }
        return (nil, taken.count, Array(taken.prefix(512)))
    }
}

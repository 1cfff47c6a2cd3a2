import Glibc
import RoamCore
import RoamSimulator
import RoamSystem

/// What a file `record --replay` would stream as NMEA holds, read through the recorder's own
/// framing and epoch assembly before a ride begins: a capture that would record no position is refused.
enum CaptureSniffer {
    /// A capture's first sentence, and its first position sentence, come within its first
    /// megabytes; junk is not read to its end. A fix is looked for to the end of the file.
    static let limitBytes = 16 << 20

    /// What a capture holds, as far as a replay that starts a ride must know.
    enum Holding {
        /// No checksummed sentence in the first `limitBytes` (or the whole file).
        case noSentence
        /// Checksummed sentences, none of them a position; `readWhole`: the file was read to its end.
        case noPosition(SentenceTally, readWhole: Bool)
        /// Position sentences, each saying the receiver had no fix (RMC status V, GGA quality 0, mode N).
        case neverFixed(positions: Int)
        /// At least one epoch with a position the recorder would store.
        case aFix
    }

    static func holding(_ path: String) throws(ReplaySourceError) -> Holding {
        let fd = try ReplayFile.open(path)
        defer { close(fd) }
        var tally = SentenceTally()
        // The recorder's own stream judges a fix: GGA quality 0 or RMC status V wins over a GSA's 3D.
        var stream = NMEAStream()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var total = 0
        var readWhole = false
        while true {
            if total >= limitBytes && tally.positions == 0 { break }
            // A read error is said (ReplayFile), never taken for the end of a file without a sentence.
            let n = try chunk.withUnsafeMutableBytes { raw in Result { () throws(ReplaySourceError) in try ReplayFile.read(fd, into: raw, path: path) } }.get()
            guard n > 0 else { readWhole = true; break }
            total += n
            let epochs = chunk.withUnsafeBufferPointer { buffer -> [Epoch] in
                let input = UnsafeBufferPointer(rebasing: buffer[0..<n])
                tally.feed(input)
                return stream.feed(input)
            }
            if epochs.contains(where: \.hasPosition) { return .aFix }
        }
        if readWhole && stream.finish().contains(where: \.hasPosition) { return .aFix }
        if tally.sentences == 0 { return .noSentence }
        if tally.positions == 0 { return .noPosition(tally, readWhole: readWhole) }
        return .neverFixed(positions: tally.positions)
    }

    /// How much of standard input is read for its first sentence: a receiver's stream has one
    /// within its first second, and junk is not read to its end.
    static let standardInputLimitBytes = 1 << 20

    /// What `--replay -` read before its ride begins. `fromSentence`: what it streams, from the
    /// first checksummed sentence on (nil: none in the input); `read`: how many bytes came;
    /// `head`: the first bytes read, for what else the input may be; `tally`: the sentences in
    /// `fromSentence`; `ended`: the input ended within what was read.
    struct StandardInputStart {
        var fromSentence: [UInt8]?
        var read: Int
        var head: [UInt8]
        var tally: SentenceTally
        var ended: Bool
    }

    /// Reads standard input as it comes, never to the end: a FIFO fed at a receiver's pace is
    /// replayed as it arrives. Up to the first checksummed sentence, and with `untilPosition` on
    /// to the first position sentence, fix or not: whether a fix follows cannot be known without
    /// waiting for it, and a live receiver before its first fix is a ride about to begin.
    static func startOf(_ reader: CaptureReader, untilPosition: Bool) throws(ReplaySourceError) -> StandardInputStart {
        var framer = NMEALineFramer()
        var taken: [UInt8] = []
        var start: Int?
        var tally = SentenceTally()
        var ended = false
        while taken.count < standardInputLimitBytes && (start == nil || (untilPosition && tally.positions == 0)) {
            let chunk: [UInt8]
            do { chunk = try reader.next(capacity: 64 << 10) } catch {
                // The errno in words: a closed descriptor (`<&-`) is the one met in practice.
                throw ReplaySourceError(.unreadable, "cannot read standard input (--replay -): it is closed or cannot be read; "
                                        + "give it a capture, for example --replay - < capture.nmea")
            }
            if chunk.isEmpty { ended = true; break }
            let offset = taken.count
            taken += chunk
            if start != nil {
                chunk.withUnsafeBufferPointer { tally.feed($0) }
                continue
            }
            let end = chunk.withUnsafeBufferPointer { buffer -> Int? in
                var index = 0
                while let event = framer.next(buffer, &index) { if event == .sentence { return index } }
                return nil
            }
            if let end {
                // The sentence begins at its `$` (or `!`), which no sentence holds inside.
                let first = taken[..<(offset + end)].lastIndex { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "!") } ?? 0
                start = first
                taken[first...].withUnsafeBufferPointer { tally.feed($0) }
            }
        }
        return StandardInputStart(fromSentence: start.map { Array(taken[$0...]) }, read: taken.count,
                                  head: Array(taken.prefix(512)), tally: tally, ended: ended)
    }
}

import RoamCore

/// The one framing of the bytes a configuration run reads. Each checksummed sentence goes to the
/// listen under way (`ReceiverObservation`: the proof of a baud, the family, the acknowledgements)
/// and, when it is data, into what is handed back to the recorder with the port. One framer over
/// the whole run, so a sentence cut by the end of one listen is framed whole in the next.
struct ReceiverHandBack {
    private var framer = NMEALineFramer()
    private var kept: [UInt8] = []
    /// The last chunk framed brought no data sentence, whole or begun: the module's stream had moved on
    /// past the data kept (to an answer, a banner, junk), so the last epoch in it was whole. A module
    /// sends each burst in one go and answers a command after what it had queued before.
    private(set) var endsPastData = false
    /// The data sentences kept so far (`bytes`, the sentence still arriving left out).
    private(set) var dataSentences = 0

    /// Frames `chunk` (the framer keeps a sentence split across chunks) and returns its
    /// checksummed sentences as text, without line ending.
    mutating func frame(_ chunk: [UInt8]) -> [String] {
        var lines: [String] = []
        let keptBefore = kept.count
        defer { if !chunk.isEmpty { endsPastData = kept.count == keptBefore && !dataBegun } }
        chunk.withUnsafeBufferPointer { input in
            var index = 0
            while let event = framer.next(input, &index) {
                guard case .sentence = event else { continue }
                let text = framer.withSentence { $0.text }
                lines.append(text)
                if !Self.isModuleTalk(text.utf8) { kept += Array(text.utf8) + [0x0D, 0x0A]; dataSentences += 1 }
            }
        }
        return lines
    }

    /// What configuration read, kept for the recorder: the checksummed data sentences only, not the
    /// module's banners, acknowledgements or the junk of wrong bauds (they are no part of the ride).
    /// A sentence still arriving when configuration hands the port back is kept as far as it came:
    /// the next reads bring its end. Dropped, its tail reached the recorder as junk and the epoch
    /// after every reconfiguration lost that sentence (often its RMC). A banner or an answer cut
    /// within its first six bytes cannot be told from data yet and is passed on too; the recorder
    /// then stores it as it stores the banners a module sends while riding. A `$` that no address
    /// follows is junk, not a sentence begun (`dataBegun`).
    var bytes: [UInt8] {
        guard dataBegun, let begun = framer.unfinishedSentence else { return kept }
        return kept + begun
    }

    /// A sentence begun and not ended that may be data: not a banner or an answer, and an address
    /// (`$GPRMC,`) as far as it came. A `$` inside a UBX frame (the id of CFG-NAV5 is 0x24, so every
    /// acknowledgement of it holds one) begins no sentence: handed back, its bytes were a sentence
    /// begun that no data ends.
    private var dataBegun: Bool {
        guard let begun = framer.unfinishedSentence, !Self.isModuleTalk(begun) else { return false }
        for (i, byte) in begun.prefix(7).enumerated().dropFirst() {
            let letterOrDigit = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if i == 6 ? byte != UInt8(ascii: ",") : !letterOrDigit { return false }
        }
        return true
    }

    /// The hand-back of `bytes` read in one go.
    static func dataSentences(_ bytes: [UInt8]) -> [UInt8] {
        var handBack = ReceiverHandBack()
        _ = handBack.frame(bytes)
        return handBack.bytes
    }

    /// A proprietary sentence (`$P…`: acknowledgements, answers) or a `TXT` banner.
    private static func isModuleTalk<C: Collection<UInt8>>(_ text: C) -> Bool {
        let bytes = Array(text.prefix(6))
        return (bytes.count >= 2 && bytes[1] == UInt8(ascii: "P")) || (bytes.count >= 6 && bytes[3...5].elementsEqual("TXT".utf8))
    }
}

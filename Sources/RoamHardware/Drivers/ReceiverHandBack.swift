import RoamCore

/// The one framing of the bytes a configuration run reads. Each checksummed sentence goes to the
/// listen under way (`ReceiverObservation`: the proof of a baud, the family, the acknowledgements)
/// and, when it is data, into what is handed back to the recorder with the port. One framer over
/// the whole run, so a sentence cut by the end of one listen is framed whole in the next.
struct ReceiverHandBack {
    private var framer = NMEALineFramer()
    private var kept: [UInt8] = []

    /// Frames `chunk` (the framer keeps a sentence split across chunks) and returns its
    /// checksummed sentences as text, without line ending.
    mutating func frame(_ chunk: [UInt8]) -> [String] {
        var lines: [String] = []
        chunk.withUnsafeBufferPointer { input in
            var index = 0
            while let event = framer.next(input, &index) {
                guard case .sentence = event else { continue }
                let text = framer.withSentence { $0.text }
                lines.append(text)
                if !Self.isModuleTalk(text.utf8) { kept += Array(text.utf8) + [0x0D, 0x0A] }
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
    /// then stores it as it stores the banners a module sends while riding.
    var bytes: [UInt8] {
        guard let begun = framer.unfinishedSentence, !Self.isModuleTalk(begun) else { return kept }
        return kept + begun
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

import RoamCore

/// The checksummed sentences of a capture counted by kind, one sentence at a time (an epoch is
/// whole only when the next begins, which a silent stream never sends): what a refused replay
/// says the file holds, and whether a receiver's position sentence is among them.
struct SentenceTally {
    /// The kinds a position comes in; any other (GSV, GSA, TXT, VTG, ZDA, ...) has none.
    static let positionKinds: Set<String> = ["RMC", "GGA", "GLL", "GNS"]

    private var framer = NMEALineFramer()
    private(set) var sentences = 0
    private(set) var positions = 0
    private(set) var kinds: Set<String> = []

    /// Counts the sentences these bytes complete (a sentence may span calls).
    mutating func feed(_ input: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while let event = framer.next(input, &index) {
            guard event == .sentence else { continue }
            sentences += 1
            let kind = framer.withSentence { Self.kind(of: $0.body) }
            if Self.positionKinds.contains(kind) { positions += 1 }
            // A handful of names says what the file is; junk that passes a checksum must not make a list of it.
            if kinds.count < 8 { kinds.insert(kind) }
        }
    }

    /// "GSA, GSV, TXT": the kinds seen, for words.
    var kindsSaid: String { kinds.sorted().joined(separator: ", ") }

    /// The sentence's type without its talker ("$GPGSV" → "GSV"); a proprietary one whole ("$PUBX").
    private static func kind(of body: UnsafeBufferPointer<UInt8>) -> String {
        let tag = body.dropFirst().prefix { $0 != UInt8(ascii: ",") }
        let proprietary = tag.first == UInt8(ascii: "P")
        return String(decoding: proprietary ? tag : tag.dropFirst(2), as: UTF8.self)
    }
}

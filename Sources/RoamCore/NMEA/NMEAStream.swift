/// The receiver's byte stream in, epochs out: framer, decoder and epoch assembler in one value.
/// The recorder's sensor thread owns one and feeds it every UART read as it comes.
///
/// Nothing in the input can make it throw or trap; every line that is not used is counted in
/// `counters` by reason. It allocates per sentence only for the raw text an epoch keeps.
public struct NMEAStream: Sendable {
    public private(set) var counters = NMEAStreamCounters()
    /// Checksummed sentences framed so far, whatever the decoder made of them: what a receiver's
    /// junk watch is told (`FramingFeedback`) instead of framing the same bytes again.
    public private(set) var sentencesFramed = 0
    private var framer = NMEALineFramer()
    private var assembler: EpochAssembler

    /// `presetDate` dates the epochs before the receiver's first RMC/ZDA date (a replayed
    /// capture's `# Date:` header); live receivers need none.
    public init(presetDate: UTCDate? = nil) {
        assembler = EpochAssembler(presetDate: presetDate)
    }

    /// Feeds the next bytes (any chunking; a sentence may span calls). Returns the epochs that
    /// these bytes completed, oldest first.
    public mutating func feed<C: Collection>(_ bytes: C) -> [Epoch] where C.Element == UInt8 {
        var epochs: [Epoch] = []
        let done: Void? = bytes.withContiguousStorageIfAvailable { feed(buffer: $0, into: &epochs) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { feed(buffer: $0, into: &epochs) } }
        return epochs
    }

    /// Ends the input: counts an unterminated last sentence and returns the last epoch.
    public mutating func finish() -> [Epoch] {
        if let event = framer.finish() { count(event) }
        return assembler.finish().map { [$0] } ?? []
    }

    /// What the bytes in so far of a sentence begun but not ended say of the epoch in progress.
    public enum UnfinishedSentence: Sendable, Equatable {
        /// No sentence begun (between sentences).
        case none
        /// A timed type from a talker the epoch in progress already holds: whole, it closes that
        /// epoch whatever its fields say (`EpochAssembler`), so it is the next epoch's first sentence.
        case closesEpoch
        /// Any other, its tag read: it may join the epoch in progress.
        case other
        /// One whose tag (`$GPRMC,`) is not all in yet: it may close the epoch in progress or join it.
        case untagged

        /// Half a sentence that may still join the epoch in progress: only the late settle completes it.
        public var mayJoinEpoch: Bool { self == .other || self == .untagged }
    }

    /// The sentence begun but not ended, judged by its tag: what the recorder's sensor thread asks
    /// when a press comes mid-sentence (was the epoch in progress complete before the press?).
    public var unfinishedSentence: UnfinishedSentence {
        guard let bytes = framer.unfinishedSentence else { return .none }
        // `$`, the talker's two letters, the type's three, then a comma.
        guard bytes.count > 6 else { return .untagged }
        guard bytes[6] == UInt8(ascii: ",") else { return .other }
        let talker = NMEATalker(bytes[1], bytes[2])
        return assembler.closesEpoch(talker: talker, type: bytes[3], bytes[4], bytes[5]) ? .closesEpoch : .other
    }

    /// Sentences the epoch in progress holds so far (0: none open). The epoch the next bytes close holds
    /// as many when none of them joined it first: it was over before they came.
    public var sentencesInEpoch: Int { assembler.sentencesInProgress }

    /// Closes the epoch in progress and returns it, as the sentence begun will once whole
    /// (`unfinishedSentence == .closesEpoch`); that sentence stays to be framed with its rest.
    public mutating func closeEpoch() -> [Epoch] {
        assembler.finish().map { [$0] } ?? []
    }

    private mutating func feed(buffer: UnsafeBufferPointer<UInt8>, into epochs: inout [Epoch]) {
        var index = 0
        while let event = framer.next(buffer, &index) {
            guard event == .sentence else { count(event); continue }
            sentencesFramed += 1
            // The text is set beside the result, not returned with it in a tuple: one copy of the
            // decoded value fewer per sentence.
            var raw: String?
            let result = framer.withSentence { frame -> NMEAResult in
                let result = NMEADecoder.decode(frame)
                if case .rejected = result {} else { raw = frame.text }
                return result
            }
            switch result {
            case .sentence(let sentence):
                counters.sentencesDecoded += 1
                if let epoch = assembler.add(sentence, raw: raw ?? "") { epochs.append(epoch) }
            case .ignored:
                counters.sentencesIgnored += 1
                assembler.addRaw(raw ?? "")
            case .rejected(let rejection):
                counters.reject(rejection.reason)
            }
        }
    }

    private mutating func count(_ event: NMEALineFramer.Event) {
        switch event {
        case .comment: counters.comments += 1
        case .rejected(let rejection): counters.reject(rejection.reason)
        case .sentence: break
        }
    }
}

/// What an `NMEAStream` has seen so far; stored with the ride's stats.
public struct NMEAStreamCounters: Sendable, Equatable, Codable {
    /// Sentences decoded into a type the logger uses (RMC, GGA, GSA...).
    public var sentencesDecoded = 0
    /// Well-formed sentences of no use to the logger (proprietary, TXT...): not rejections.
    public var sentencesIgnored = 0
    /// `#` comment lines (capture headers in replays).
    public var comments = 0
    /// Lines and sentences dropped, by reason.
    public var rejected: [NMEARejectionReason: Int] = [:]

    public init() {}

    /// Sentences that passed framing and checksum and were decoded or ignored.
    public var sentencesAccepted: Int { sentencesDecoded + sentencesIgnored }
    public var rejectedTotal: Int { rejected.values.reduce(0, +) }

    mutating func reject(_ reason: NMEARejectionReason) { rejected[reason, default: 0] += 1 }
}

import RoamCore

/// Finds where epochs begin in a capture's bytes, so the bench can pause its replay between two
/// epochs and never inside one.
///
/// A replay faster than real time waits whenever the recorder's queue is long. Paused inside an
/// epoch, the recorder heard nothing for longer than its epoch quiet time, closed the epoch half
/// read, and stored the rest as a second epoch of the same time (seen at a 2 s cadence, where
/// the queue held 2000 epochs while the commit thread wrote them). A receiver never pauses
/// there: it sends each epoch as one burst. Nothing is held back: every byte fed is handed out
/// in the same call, so a live feed (standard input at a receiver's pace) reaches the recorder as
/// it comes.
public struct CaptureEpochCutter: Sendable {
    /// A piece of the bytes fed; `startsEpoch`: it begins with an epoch's first sentence, a place
    /// where the replay may wait.
    public struct Piece: Sendable, Equatable {
        public var bytes: [UInt8]
        public var startsEpoch: Bool
        /// The UTC time of day of the sentence that begins the epoch, when it has one: what a
        /// replay in real time paces by.
        public var timeOfDayMs: Int?

        public init(bytes: [UInt8], startsEpoch: Bool, timeOfDayMs: Int? = nil) {
            self.bytes = bytes; self.startsEpoch = startsEpoch; self.timeOfDayMs = timeOfDayMs
        }
    }

    /// An epoch is known to begin where its first sentence closes the one before in this stream.
    private var stream = NMEAStream()
    private var line: [UInt8] = []
    /// The current line began in an earlier call (its start is already handed out).
    private var lineBeganEarlier = false
    private var epochsClosed = 0
    /// The times of day of the epochs closed since `takeClosedTimes` (nil: an epoch without one).
    private var closedTimes: [Int?] = []

    public init() {}

    /// `bytes` in order, cut before each line that begins an epoch and began in these bytes.
    public mutating func feed(_ bytes: [UInt8]) -> [Piece] {
        var pieces: [Piece] = []
        var pieceStart = 0, pieceStartsEpoch = false, pieceTime: Int? = nil, lineStart = 0
        for (i, byte) in bytes.enumerated() {
            line.append(byte)
            // CR and LF each end a line here: a CR LF pair is a line and an empty one.
            guard byte == 0x0A || byte == 0x0D else { continue }
            let epochs = stream.feed(line), closed = epochs.count
            epochsClosed += closed
            for epoch in epochs { closedTimes.append(epoch.timeOfDayMs) }
            if closed > 0 && !lineBeganEarlier {
                if lineStart > pieceStart {
                    pieces.append(Piece(bytes: Array(bytes[pieceStart..<lineStart]), startsEpoch: pieceStartsEpoch, timeOfDayMs: pieceTime))
                    pieceStart = lineStart
                }
                pieceStartsEpoch = true
                pieceTime = Self.timeOfDayMs(line)
            }
            line.removeAll(keepingCapacity: true)
            lineBeganEarlier = false
            lineStart = i + 1
        }
        if pieceStart < bytes.count {
            pieces.append(Piece(bytes: Array(bytes[pieceStart...]), startsEpoch: pieceStartsEpoch, timeOfDayMs: pieceTime))
        }
        lineBeganEarlier = !line.isEmpty
        return pieces
    }

    /// Every epoch in the bytes fed so far, the last one (closed by no next epoch) included, as the
    /// recorder's stream assembles them from the same bytes: what a replay waits for before its stop.
    public func epochsFed() -> Int {
        var rest = stream
        return epochsClosed + rest.finish().count
    }

    /// The times of the epochs closed by the bytes fed since the last call, as the recorder's stream
    /// assembles them from the same bytes (a replay counts the recorder's hand-overs by them).
    public mutating func takeClosedTimes() -> [Int?] {
        defer { closedTimes.removeAll(keepingCapacity: true) }
        return closedTimes
    }

    /// The time of the epoch still open (closed by no next epoch), if any: the last a replay waits for.
    public func unclosedTimes() -> [Int?] {
        var rest = stream
        return rest.finish().map(\.timeOfDayMs)
    }

    private static func timeOfDayMs(_ line: [UInt8]) -> Int? {
        let text = String(decoding: line.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        guard case .sentence(let sentence) = NMEADecoder.decode(line: text) else { return nil }
        return sentence.timeOfDayMs
    }
}

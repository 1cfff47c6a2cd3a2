/// Cuts the receiver's byte stream into sentences, comments and rejected fragments.
///
/// Works on bytes, not `Character`s (Swift folds "\r\n" into one Character), and keeps its
/// state between reads, so a sentence split across two UART reads is framed whole.
/// Behaviour follows gpsd's packet lexer where the gpsd captures show it:
/// - CR, LF, CRLF and mixed endings all end a line; empty lines are nothing.
/// - A `#` at the start of a line is a comment (capture headers), counted apart from rejections.
/// - Bytes outside a sentence are dropped and counted once per run (`.junk`, or `.nonPrintable`
///   for binary); blanks alone are not counted, so " $GNRMC..." (beidou-bd) frames the sentence.
/// - A `$` inside a sentence drops the earlier fragment (`.spliced`) and starts a new sentence.
/// - A control or non-ASCII byte inside a sentence drops it (`.nonPrintable`).
/// - Sentences longer than `maxSentenceBytes` are dropped (`.overlong`).
/// - The checksum must be present and match (`.missingChecksum`, `.badChecksum`).
public struct NMEALineFramer: Sendable {
    /// Bound on one sentence, `$` to checksum, line ending excluded. NMEA says 82 with CRLF;
    /// gpsd's lexer takes any length up to its 9216-byte packet buffer, and the gpsd captures
    /// hold 203-byte MTK `$PMTKCHN` sentences that gpsd passes on. 256 keeps every real sentence
    /// while bounding memory and what a lost line ending can swallow.
    public static let maxSentenceBytes = 256

    public enum Event: Sendable, Equatable {
        /// A checksum-verified sentence; read it with `withSentence` before the next call.
        case sentence
        case comment
        case rejected(NMEARejection)
    }

    private enum State: Sendable {
        case lineStart
        case sentence
        case comment
        /// Dropping bytes until `$` or a line end. `pending` is the rejection to count when
        /// the run ends; nil when the run was already counted (the tail of a dropped sentence).
        case skipping(pending: NMEARejection?)
        /// Past the length bound: counting the bytes until the line ends, to report its length.
        case overlong(bytes: Int)
    }

    private var state: State = .lineStart
    private var buffer: [UInt8] = []
    private var starIndex = 0

    public init() { buffer.reserveCapacity(Self.maxSentenceBytes + 1) }

    /// Advances through `input` from `index` and returns the next event, or nil once every byte
    /// is consumed (a partial sentence stays buffered for the next read).
    public mutating func next(_ input: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Event? {
        let n = input.count
        while index < n {
            switch state {
            case .sentence:
                // Hot path: copy the run of ordinary printable bytes in one go.
                var j = index
                while j < n {
                    let b = input[j]
                    if b < 0x20 || b > 0x7E || b == UInt8(ascii: "$") { break }
                    j += 1
                }
                if buffer.count + (j - index) > Self.maxSentenceBytes {
                    state = .overlong(bytes: buffer.count + (j - index))
                    index = j
                    continue
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<j]))
                index = j
                if index == n { return nil }
                let b = input[index]
                index += 1
                if b == 0x0D || b == 0x0A {
                    state = .lineStart
                    return finishSentence()
                }
                if b == UInt8(ascii: "$") {
                    startSentence()
                    return .rejected(.spliced)
                }
                state = .skipping(pending: nil)
                return .rejected(.nonPrintable)
            case .lineStart:
                let b = input[index]
                index += 1
                switch b {
                case 0x0D, 0x0A, 0x20, 0x09: break
                case UInt8(ascii: "$"): startSentence()
                case UInt8(ascii: "#"): state = .comment
                case 0x21...0x7E: state = .skipping(pending: .junk)
                default: state = .skipping(pending: .nonPrintable)
                }
            case .comment:
                let b = input[index]
                index += 1
                if b == 0x0D || b == 0x0A {
                    state = .lineStart
                    return .comment
                }
            case .overlong(let count):
                let b = input[index]
                index += 1
                if b == 0x0D || b == 0x0A {
                    state = .lineStart
                    return .rejected(.overlong(bytes: count))
                } else if b == UInt8(ascii: "$") {
                    startSentence()
                    return .rejected(.overlong(bytes: count))
                }
                state = .overlong(bytes: count + 1)
            case .skipping(let pending):
                let b = input[index]
                index += 1
                switch b {
                case 0x0D, 0x0A:
                    state = .lineStart
                    if let pending { return .rejected(pending) }
                case UInt8(ascii: "$"):
                    startSentence()
                    if let pending { return .rejected(pending) }
                case 0x20...0x7E: break
                default:
                    if pending == .junk { state = .skipping(pending: .nonPrintable) }
                }
            }
        }
        return nil
    }

    /// Ends the input: an unfinished sentence is `.unterminated`, a pending junk run is counted.
    public mutating func finish() -> Event? {
        defer { state = .lineStart; buffer.removeAll(keepingCapacity: true) }
        switch state {
        case .lineStart: return nil
        case .sentence: return .rejected(.unterminated)
        case .comment: return .comment
        case .skipping(let pending): return pending.map { .rejected($0) }
        case .overlong(let count): return .rejected(.overlong(bytes: count))
        }
    }

    /// The bytes of a sentence begun but not yet ended (`$` onwards), nil between sentences: what a
    /// reader that hands the stream on to another must pass with it, so that one frames it whole.
    public var unfinishedSentence: [UInt8]? {
        if case .sentence = state { return buffer }
        return nil
    }

    /// The sentence of the last `.sentence` event; `frame.line` is valid only inside `body`.
    public func withSentence<R>(_ body: (NMEAFrame) -> R) -> R {
        buffer.withUnsafeBufferPointer { body(NMEAFrame(line: $0, starIndex: starIndex)) }
    }

    private mutating func startSentence() {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(UInt8(ascii: "$"))
        state = .sentence
    }

    private mutating func finishSentence() -> Event {
        // Trailing blanks before the line end are tolerated, as gpsd does.
        while let last = buffer.last, last == 0x20 || last == 0x09 { buffer.removeLast() }
        let verdict = buffer.withUnsafeBufferPointer { NMEAChecksum.verify($0) }
        switch verdict {
        case .valid(let star):
            starIndex = star
            return .sentence
        case .invalid(let rejection):
            buffer.removeAll(keepingCapacity: true)
            return .rejected(rejection)
        }
    }
}

/// One framed, checksum-verified sentence, borrowed from the framer's buffer.
public struct NMEAFrame {
    /// `$` through `*hh`, without line ending.
    public let line: UnsafeBufferPointer<UInt8>
    /// Index of `*` in `line`.
    public let starIndex: Int

    /// `$` up to, not including, `*`.
    public var body: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: line[0..<starIndex]) }

    /// The sentence as text (what an epoch keeps as raw NMEA).
    public var text: String { String(decoding: line, as: UTF8.self) }
}

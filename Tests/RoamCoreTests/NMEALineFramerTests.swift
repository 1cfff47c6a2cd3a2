import Testing
@testable import RoamCore

/// What the framer made of some bytes, as plain values.
enum FramedText: Equatable, CustomStringConvertible {
    case sentence(String)
    case comment
    case rejected(NMEARejection)

    var description: String {
        switch self {
        case .sentence(let s): "sentence(\(s))"
        case .comment: "comment"
        case .rejected(let r): "rejected(\(r))"
        }
    }

    /// Frames `bytes` in chunks of `chunk` bytes (to prove state survives read boundaries).
    static func frame<C: Collection>(_ bytes: C, chunk: Int = .max) -> [FramedText] where C.Element == UInt8 {
        var framer = NMEALineFramer()
        var out: [FramedText] = []
        let all = Array(bytes)
        var start = 0
        repeat {
            let end = min(all.count, start + max(chunk, 1))
            all[start..<end].withUnsafeBufferPointer { buffer in
                var i = 0
                while let event = framer.next(buffer, &i) { out.append(item(event, framer)) }
            }
            start = end
        } while start < all.count
        if let event = framer.finish() { out.append(item(event, framer)) }
        return out
    }

    static func frame(_ text: String, chunk: Int = .max) -> [FramedText] { frame(Array(text.utf8), chunk: chunk) }

    /// The text of every sentence the framer accepts in `bytes`.
    static func sentences<C: Collection>(in bytes: C) -> [String] where C.Element == UInt8 {
        frame(bytes).compactMap { if case .sentence(let s) = $0 { s } else { nil } }
    }

    private static func item(_ event: NMEALineFramer.Event, _ framer: NMEALineFramer) -> FramedText {
        switch event {
        case .sentence: .sentence(framer.withSentence { $0.text })
        case .comment: .comment
        case .rejected(let r): .rejected(r)
        }
    }
}

@Suite struct NMEALineFramerTests {
    static let gll = NMEAChecksum.seal("$GPGLL,5133.80,N,00042.40,W,101500.00,A,A")
    static let rmc = NMEAChecksum.seal("$GNRMC,101500.00,A,5133.80,N,00042.40,W,3.2,91.5,070624,,,A")

    @Test(arguments: ["\r\n", "\n", "\r", "\r\r\n"])
    func framesEveryLineEnding(_ ending: String) {
        let out = FramedText.frame(Self.gll + ending + Self.rmc + ending)
        #expect(out == [.sentence(Self.gll), .sentence(Self.rmc)])
    }

    @Test func framesMixedEndingsAndSkipsEmptyLines() {
        let out = FramedText.frame("\r\n\n" + Self.gll + "\r\n" + Self.rmc + "\n\n" + Self.gll + "\r")
        #expect(out == [.sentence(Self.gll), .sentence(Self.rmc), .sentence(Self.gll)])
    }

    @Test func keepsStateAcrossReadsOfAnySize() {
        let text = "# header\r\n" + Self.gll + "\r\n\u{01}junk\n" + Self.rmc + "\n"
        let whole = FramedText.frame(text)
        for chunk in [1, 2, 3, 7, 64] { #expect(FramedText.frame(text, chunk: chunk) == whole) }
    }

    @Test func countsCommentsApartFromRejections() {
        let out = FramedText.frame("# Name: test\n#\n" + Self.gll + "\n# a note mid-file\r\n" + Self.rmc + "\n")
        #expect(out == [.comment, .comment, .sentence(Self.gll), .comment, .sentence(Self.rmc)])
    }

    @Test func rejectsTheWholeOverlongLineAndCarriesOn() {
        let long = "$GPTXT," + String(repeating: "A", count: 300) + "*00"
        let out = FramedText.frame(long + "\r\n" + Self.gll + "\r\n")
        #expect(out == [.rejected(.overlong(bytes: long.utf8.count)), .sentence(Self.gll)])
    }

    @Test func acceptsASentenceExactlyAtTheBound() {
        let fill = NMEALineFramer.maxSentenceBytes - "$PXXXX,*hh".utf8.count
        let atBound = NMEAChecksum.seal("$PXXXX," + String(repeating: "1", count: fill))
        #expect(atBound.utf8.count == NMEALineFramer.maxSentenceBytes)
        #expect(FramedText.frame(atBound + "\n") == [.sentence(atBound)])
        let over = NMEAChecksum.seal("$PXXXX," + String(repeating: "1", count: fill + 1))
        #expect(FramedText.frame(over + "\n") == [.rejected(.overlong(bytes: NMEALineFramer.maxSentenceBytes + 1))])
    }

    @Test func rejectsBinaryJunkButKeepsTheSentenceAfterIt() {
        // u-blox receivers interleave binary UBX frames; gpsd keeps the NMEA that follows.
        let junk: [UInt8] = [0xB5, 0x62, 0x01, 0x07, 0x5C, 0x00, 0x10, 0xFF]
        let out = FramedText.frame(junk + Array((Self.rmc + "\r\n").utf8))
        #expect(out == [.rejected(.nonPrintable), .sentence(Self.rmc)])
    }

    @Test func rejectsPrintableJunkOncePerLine() {
        let out = FramedText.frame("hello world\r\nmore text\n" + Self.gll + "\n")
        #expect(out == [.rejected(.junk), .rejected(.junk), .sentence(Self.gll)])
    }

    @Test func ignoresBlanksBeforeASentence() {
        #expect(FramedText.frame("  \t" + Self.gll + "\n") == [.sentence(Self.gll)])
    }

    @Test func toleratesBlanksAfterTheChecksum() {
        #expect(FramedText.frame(Self.gll + "  \r\n") == [.sentence(Self.gll)])
    }

    @Test func dropsTheFragmentBeforeASplicedDollar() {
        // triton400: an unterminated GGA with a GLL spliced into it.
        let out = FramedText.frame("$GPGGA,030130" + Self.gll + "\r\n")
        #expect(out == [.rejected(.spliced), .sentence(Self.gll)])
    }

    @Test func rejectsControlBytesInsideASentence() {
        let broken = "$GPGLL,5133.80,N,\u{07}00042.40,W,101500.00,A,A*70"
        let out = FramedText.frame(broken + "\r\n" + Self.rmc + "\r\n")
        #expect(out == [.rejected(.nonPrintable), .sentence(Self.rmc)])
    }

    @Test func rejectsNonASCIIInsideASentence() {
        let out = FramedText.frame(Array("$GPGLL,51".utf8) + [0xC3, 0xA9] + Array(",N*00\n".utf8))
        #expect(out == [.rejected(.nonPrintable)])
    }

    @Test func acceptsLowerCaseChecksumsAndRejectsBadOnes() {
        let lower = String(Self.gll.dropLast(2)) + Self.gll.suffix(2).lowercased()
        let bad = String(Self.gll.dropLast(2)) + "00"
        let out = FramedText.frame(lower + "\n" + bad + "\n")
        #expect(out == [.sentence(lower), .rejected(.badChecksum(expected: 0x70, found: 0x00))])
    }

    @Test func rejectsSentencesWithoutChecksumAsGpsdDoes() {
        // mtk-3301's $POLYN lines never reach gpsd's clients.
        #expect(FramedText.frame("$POLYN,TIME,RESTART_OCCURRED\r\n") == [.rejected(.missingChecksum)])
    }

    @Test func reportsAnUnterminatedLastSentenceAtFinish() {
        #expect(FramedText.frame(Self.gll + "\n$GNRMC,001053.00,A,4404.1") == [.sentence(Self.gll), .rejected(.unterminated)])
    }

    @Test func reportsATruncatedButTerminatedSentenceAsMissingChecksum() {
        #expect(FramedText.frame("$GPGGA,012530.562,4131.7353,N,09336.8150,W,0,00,50.\r\n") == [.rejected(.missingChecksum)])
    }

    @Test func rejectsALoneDollar() {
        #expect(FramedText.frame("$\n$GP*\n") == [.rejected(.malformedTag), .rejected(.malformedTag)])
    }

    @Test func survivesRandomBytes() {
        // Deterministic pseudo-random input (xorshift): must never trap, and keeps framing after.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes: [UInt8] = []
        for _ in 0..<200_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let r = UInt8(truncatingIfNeeded: state)
            bytes.append(r % 7 == 0 ? UInt8(ascii: "$") : r % 11 == 0 ? 0x0A : r)
        }
        let out = FramedText.frame(bytes + Array(("\n" + Self.gll + "\n").utf8), chunk: 4093)
        #expect(out.last == .sentence(Self.gll))
    }
}

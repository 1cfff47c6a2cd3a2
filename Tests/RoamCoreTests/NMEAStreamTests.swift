import Testing
@testable import RoamCore

@Suite struct NMEAStreamTests {
    static let cycle1 = [
        "$GPRMC,120001.00,A,4807.0380,N,01131.3240,E,10.0,90.0,070624,,,A",
        "$GPGGA,120001.00,4807.0380,N,01131.3240,E,1,08,0.9,545.4,M,46.9,M,,",
        "$GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.8,0.9,1.5",
    ].map(NMEAChecksum.seal)
    static let cycle2 = [
        "$GPRMC,120002.00,A,4807.0390,N,01131.3250,E,10.0,90.0,070624,,,A",
        "$GPGGA,120002.00,4807.0390,N,01131.3250,E,1,08,0.9,545.6,M,46.9,M,,",
    ].map(NMEAChecksum.seal)

    @Test func turnsBytesIntoEpochsWhateverTheChunking() {
        let text = "# Date: 2024-06-07\r\n" + (Self.cycle1 + Self.cycle2).joined(separator: "\r\n") + "\r\n"
        var whole = NMEAStream()
        let expected = whole.feed(Array(text.utf8)) + whole.finish()
        #expect(expected.count == 2 && expected[1].altMSLm == 545.6)
        for chunk in [1, 5, 17] {
            var stream = NMEAStream()
            var epochs: [Epoch] = []
            let bytes = Array(text.utf8)
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                epochs += stream.feed(bytes[start..<min(bytes.count, start + chunk)])
            }
            epochs += stream.finish()
            #expect(epochs == expected)
        }
    }

    @Test func countsEveryLineByWhatBecameOfIt() {
        let text = "# header\n" + Self.cycle1.joined(separator: "\n") + "\n"
            + "$POLYN,EPH,0,00000000\n" + "garbage\n" + "$PMTK010,001*2E\n"
            + NMEAChecksum.seal("$GPGSA,A,1,,,") + "\n" + "$GPRMC,1200"
        var stream = NMEAStream()
        _ = stream.feed(text.utf8)
        _ = stream.finish()
        let c = stream.counters
        #expect(c.comments == 1)
        #expect(c.sentencesDecoded == 3 && c.sentencesIgnored == 1 && c.sentencesAccepted == 4)
        #expect(c.rejected == [.missingChecksum: 1, .junk: 1, .tooFewFields: 1, .unterminated: 1])
        #expect(c.rejectedTotal == 4)
    }

    @Test func emitsAnEpochOnlyWhenTheNextTimeArrives() {
        var stream = NMEAStream()
        #expect(stream.feed((Self.cycle1.joined(separator: "\n") + "\n").utf8).isEmpty)
        #expect(stream.feed((Self.cycle2[0] + "\n").utf8).count == 1)
        #expect(stream.finish().count == 1)
    }

    /// A sentence half in is judged by its tag: the next epoch's first (a timed type and talker the
    /// epoch in progress holds) or not; closing that epoch early frames the sentence whole all the same.
    @Test func judgesAHalfReadSentenceByItsTag() {
        var stream = NMEAStream()
        let cycle1 = Array((Self.cycle1.joined(separator: "\r\n") + "\r\n").utf8)
        let next = Array((Self.cycle2.joined(separator: "\r\n") + "\r\n").utf8)
        var closedByBytes = stream.feed(cycle1)
        #expect(stream.unfinishedSentence == .none)
        #expect(stream.sentencesInEpoch == 3)
        closedByBytes += stream.feed(next[..<3])
        #expect(stream.unfinishedSentence == .untagged)  // `$GP`: not yet known
        closedByBytes += stream.feed(next[3..<7])
        #expect(stream.unfinishedSentence == .closesEpoch)
        #expect(closedByBytes.isEmpty)
        let closed = stream.closeEpoch()
        #expect(closed.count == 1 && closed.first?.sentences.count == 3 && closed.first?.timeOfDayMs == 43_201_000)
        #expect(stream.sentencesInEpoch == 0)
        // Nothing is open now: the rest of the RMC opens the next epoch, whole.
        #expect(stream.unfinishedSentence == .other)
        closedByBytes += stream.feed(next[7...])
        #expect(closedByBytes.isEmpty)
        let last = stream.finish()
        #expect(last.count == 1 && last.first?.sentences == Self.cycle2 && last.first?.altMSLm == 545.6)
        #expect(stream.counters.rejectedTotal == 0 && stream.counters.sentencesDecoded == 5)

        // Types the epoch does not hold (a GSA has no time, no GLL came) or another talker's RMC may join it.
        for tag in ["$GPGSA,", "$GPGLL,", "$GNRMC,", "$PUBX,0", "$GPRMCX"] {
            var other = NMEAStream()
            _ = other.feed(cycle1)
            _ = other.feed(Array(tag.utf8))
            #expect(other.unfinishedSentence == .other, "\(tag)")
        }
    }
}

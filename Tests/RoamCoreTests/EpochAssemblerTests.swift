import Testing
@testable import RoamCore

/// Feeds sentence bodies (sealed with checksums) through an assembler.
private struct Feeder {
    var assembler: EpochAssembler
    var epochs: [Epoch] = []

    init(presetDate: UTCDate? = nil) { assembler = EpochAssembler(presetDate: presetDate) }

    mutating func add(_ bodies: String...) {
        for body in bodies {
            let line = NMEAChecksum.seal(body)
            switch NMEADecoder.decode(line: line) {
            case .sentence(let s): if let e = assembler.add(s, raw: line) { epochs.append(e) }
            case .ignored: assembler.addRaw(line)
            case .rejected(let r): Issue.record("test sentence rejected: \(r) \(line)")
            }
        }
    }

    mutating func finish() -> [Epoch] {
        if let e = assembler.finish() { epochs.append(e) }
        return epochs
    }
}

@Suite struct EpochAssemblerTests {
    static let rmc1 = "$GPRMC,120001.00,A,4807.0380,N,01131.3240,E,10.0,90.0,070624,,,A"
    static let gga1 = "$GPGGA,120001.00,4807.0380,N,01131.3240,E,1,08,0.9,545.4,M,46.9,M,,"
    static let gsa = "$GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.8,0.9,1.5"
    static let rmc2 = "$GPRMC,120002.00,A,4807.0390,N,01131.3250,E,10.0,90.0,070624,,,A"

    @Test func groupsSentencesOfOneTimeAndEmitsWhenTheTimeChanges() {
        var f = Feeder()
        f.add(Self.rmc1, Self.gga1, Self.gsa, "$GPGSV,1,1,01,01,40,083,46")
        #expect(f.epochs.isEmpty)
        f.add(Self.rmc2)
        #expect(f.epochs.count == 1)
        let e = f.epochs[0]
        #expect(e.timeOfDayMs == 12 * 3_600_000 + 1000)
        #expect(e.date == UTCDate(year: 2024, month: 6, day: 7) && !e.dateIsCarried)
        #expect(e.altMSLm == 545.4 && e.geoidSepM == 46.9 && e.quality == 1 && e.satellitesUsed == 8)
        #expect(e.pdop == 1.8 && e.hdop == 0.9 && e.vdop == 1.5)
        #expect(e.speedMps == 10.0 * 1852 / 3600 && e.courseDeg == 90)
        #expect(e.fixMode == .fix3D && e.hasPosition)
        #expect(e.sentences.count == 4 && e.sentences[0] == NMEAChecksum.seal(Self.rmc1))
        #expect(f.finish().count == 2)
    }

    @Test func finishFlushesTheLastEpochOnce() throws {
        var a = EpochAssembler()
        #expect(a.finish() == nil)
        let decoded = NMEADecoder.decode(line: NMEAChecksum.seal(Self.rmc1))
        let sentence: NMEASentence? = if case .sentence(let s) = decoded { s } else { nil }
        let s = try #require(sentence, "the sealed RMC decodes as a sentence, not \(decoded)")
        #expect(a.add(s, raw: "x") == nil)
        #expect(a.finish()?.sentences == ["x"])
        #expect(a.finish() == nil)
    }

    @Test func carriesTheDateToEpochsWithoutOne() {
        var f = Feeder()
        f.add(Self.rmc1, "$GPGGA,120002.00,4807.0390,N,01131.3250,E,1,08,0.9,545.4,M,46.9,M,,")
        let epochs = f.finish()
        #expect(epochs[1].date == UTCDate(year: 2024, month: 6, day: 7) && epochs[1].dateIsCarried)
        #expect(epochs[1].utcMs == epochs[0].utcMs.map { $0 + 1000 })
    }

    @Test func advancesTheCarriedDateAtMidnight() {
        var f = Feeder()
        f.add("$GPRMC,235959.00,A,4807.0380,N,01131.3240,E,0.0,0.0,311224,,,A",
              "$GPGGA,000000.00,4807.0380,N,01131.3240,E,1,08,0.9,545.4,M,46.9,M,,",
              "$GPGGA,000001.00,4807.0380,N,01131.3240,E,1,08,0.9,545.4,M,46.9,M,,")
        let epochs = f.finish()
        #expect(epochs.map(\.date) == [UTCDate(year: 2024, month: 12, day: 31), UTCDate(year: 2025, month: 1, day: 1),
                                       UTCDate(year: 2025, month: 1, day: 1)])
    }

    @Test func aSmallStepBackInTimeDoesNotChangeTheDate() {
        var f = Feeder()
        f.add(Self.rmc1, "$GPGGA,115950.00,4807.0380,N,01131.3240,E,1,08,0.9,545.4,M,46.9,M,,")
        #expect(f.finish()[1].date == UTCDate(year: 2024, month: 6, day: 7))
    }

    @Test func ignoresTheDateOfAnRMCWithNavigationWarning() {
        // MTK-3301 sends 1980 dates with status V until its first fix.
        var f = Feeder()
        f.add("$GPRMC,235947.004,V,8960.000000,N,00000.000000,E,0.000,0.00,050180,,,N")
        let e = f.finish()[0]
        #expect(e.date == nil && e.utcMs == nil && e.fixMode == .noFix && e.latDeg == nil)
    }

    @Test func usesZDADatesAndThePresetBeforeAnyDate() {
        var f = Feeder(presetDate: UTCDate(year: 2009, month: 12, day: 9))
        f.add("$GPGGA,143305.00,5546.83315,N,02334.72613,E,1,08,1.28,129.9,M,26.9,M,,",
              "$GPGGA,143306.00,5546.83315,N,02334.72613,E,1,08,1.28,129.9,M,26.9,M,,",
              "$GPZDA,143306.00,10,12,2009,00,00")
        let epochs = f.finish()
        #expect(epochs[0].date == UTCDate(year: 2009, month: 12, day: 9) && epochs[0].dateIsCarried)
        #expect(epochs[1].date == UTCDate(year: 2009, month: 12, day: 10) && !epochs[1].dateIsCarried)
    }

    @Test func splitsCyclesWithoutTimeWhenASentenceTypeRepeats() {
        var f = Feeder()
        for _ in 0..<3 { f.add("$GPRMC,,V,,,,,,,,,,N", "$GPVTG,,,,,,,,,N", "$GPGGA,,,,,,0,00,99.99,,,,,,", "$GPGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99") }
        let epochs = f.finish()
        #expect(epochs.count == 3)
        #expect(epochs.allSatisfy { $0.sentences.count == 4 && $0.timeOfDayMs == nil && $0.fixMode == .noFix && $0.hdop == nil })
    }

    @Test func aRepeatedTimeMakesASecondEpochAtThatTime() {
        var f = Feeder()
        f.add(Self.gga1, Self.gga1)
        let epochs = f.finish()
        #expect(epochs.count == 2 && epochs[0].timeOfDayMs == epochs[1].timeOfDayMs)
        #expect(epochs[1].fixMode == .noFix)  // a GGA repeating its time is stale, as gpsd judges
    }

    @Test func rmcAloneGivesA2DFix() {
        var f = Feeder()
        f.add(Self.rmc1, Self.rmc2)
        #expect(f.finish().map(\.fixMode) == [.fix2D, .fix2D])
    }

    @Test func ggaWithFewSatellitesIsNoFix() {
        var f = Feeder()
        f.add("$GPGGA,120001.00,4807.0380,N,01131.3240,E,1,02,9.9,545.4,M,46.9,M,,")
        #expect(f.finish()[0].fixMode == .noFix)
    }

    @Test func gsaDecidesTheModeOfItsEpoch() {
        var f = Feeder()
        f.add("$GPGGA,120001.00,4807.0380,N,01131.3240,E,1,08,0.9,,M,,M,,", Self.gsa,
              "$GPGGA,120002.00,4807.0380,N,01131.3240,E,1,08,0.9,545.4,M,46.9,M,,", "$GPGSA,A,1,,,,,,,,,,,,,1.8,0.9,1.5")
        #expect(f.finish().map(\.fixMode) == [.fix3D, .noFix])
    }

    @Test func a2DVerdictDoesNotLowerA3DFixWithAltitude() {
        // gpsd keeps 3D when a later sentence (GSA 2, RMC, GLL) proposes 2D but an altitude is known.
        var f = Feeder()
        f.add(Self.gga1, "$GPGSA,A,2,01,02,03,,,,,,,,,,1.8,0.9,1.5")
        #expect(f.finish()[0].fixMode == .fix3D)
    }

    @Test func keepsRawTextOfIgnoredSentencesWithTheirEpoch() {
        var f = Feeder()
        f.add("$GPTXT,01,01,02,ANTSTATUS=OK", Self.rmc1, "$PSTI,030,120001.00,A")
        let e = f.finish()
        #expect(e.count == 1 && e[0].sentences.count == 3)
    }

    @Test func keepsGSTErrorEstimates() {
        var f = Feeder()
        f.add(Self.gga1, "$GPGST,120001.00,16.1,22.2,10.2,2.0,0.4,0.6,1.4")
        let e = f.finish()[0]
        #expect(e.gstLatErrM == 0.4 && e.gstLonErrM == 0.6 && e.gstAltErrM == 1.4)
    }

    @Test func invalidSentencesContributeNoPosition() {
        var f = Feeder()
        f.add("$GPGLL,4807.0380,N,01131.3240,E,120001.00,V,N", "$GPVTG,90.0,T,,M,10.0,N,18.5,K,N")
        let e = f.finish()[0]
        #expect(e.latDeg == nil && e.speedMps == nil && e.fixMode == .noFix && !e.hasPosition)
    }
}

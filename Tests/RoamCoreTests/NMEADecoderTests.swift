import Testing
@testable import RoamCore

/// Decodes a sentence body after sealing it with a correct checksum.
private func decode(_ body: String) -> NMEAResult { NMEADecoder.decode(line: NMEAChecksum.seal(body)) }

private func sentence(_ body: String) -> NMEASentence? {
    if case .sentence(let s) = decode(body) { return s }
    return nil
}

@Suite struct NMEADecoderTests {
    @Test func decodesRMC() throws {
        guard case .rmc(let s)? = sentence("$GNRMC,101500.25,A,5133.80,N,00042.40,W,3.2,91.5,070624,1.5,W,D") else {
            Issue.record("not an RMC"); return
        }
        #expect(s.talker == .combined)
        let expectedMs: Int = (10 * 3600 + 15 * 60) * 1000 + 250
        #expect(s.timeOfDayMs == expectedMs)
        #expect(s.isValid)
        #expect(abs(try #require(s.latDeg) - (51 + 33.80 / 60)) < 1e-12)
        #expect(abs(try #require(s.lonDeg) + (0 + 42.40 / 60)) < 1e-12)
        #expect(abs(try #require(s.speedMps) - 3.2 * 1852 / 3600) < 1e-12)
        #expect(s.courseDeg == 91.5)
        #expect(s.date == UTCDate(year: 2024, month: 6, day: 7))
        #expect(s.magneticVariationDeg == -1.5)
        #expect(s.faaMode == UInt8(ascii: "D"))
    }

    @Test func rmcWithWarningAndEmptyFieldsIsStillDecoded() {
        guard case .rmc(let s)? = sentence("$GPRMC,,V,,,,,,,,,,N") else { Issue.record("not an RMC"); return }
        #expect(!s.isValid)
        #expect(s.timeOfDayMs == nil && s.latDeg == nil && s.lonDeg == nil && s.date == nil && s.speedKnots == nil)
    }

    @Test func readsTwoDigitYearsAsGpsdDoes() {
        guard case .rmc(let old)? = sentence("$GPRMC,235946.005,V,,,,,0.0,0.0,050180,,,N"),
              case .rmc(let new)? = sentence("$GPRMC,235946.005,V,,,,,0.0,0.0,050179,,,N") else {
            Issue.record("not RMCs"); return
        }
        #expect(old.date == UTCDate(year: 1980, month: 1, day: 5))
        #expect(new.date == UTCDate(year: 2079, month: 1, day: 5))
    }

    @Test(arguments: [("N", "E", 1.0, 1.0), ("S", "E", -1.0, 1.0), ("N", "W", 1.0, -1.0), ("S", "W", -1.0, -1.0)])
    func appliesHemispheres(_ ns: String, _ ew: String, _ latSign: Double, _ lonSign: Double) throws {
        guard case .gll(let s)? = sentence("$GPGLL,4404.14083,\(ns),12118.85886,\(ew),001053.00,A,A") else {
            Issue.record("not a GLL"); return
        }
        #expect(abs(try #require(s.latDeg) - latSign * (44 + 4.14083 / 60)) < 1e-12)
        #expect(abs(try #require(s.lonDeg) - lonSign * (121 + 18.85886 / 60)) < 1e-12)
    }

    @Test func positionNeedsBothValueAndHemisphere() {
        guard case .gll(let s)? = sentence("$GPGLL,4404.14,,12118.85,W,001053.00,V,N") else { Issue.record("not a GLL"); return }
        #expect(s.latDeg == nil)
        #expect(s.lonDeg != nil)
        #expect(!s.isValid)
    }

    @Test func decodesGGAWithEightDecimalMinutes() throws {
        guard case .gga(let s)? = sentence("$GNGGA,132819.60,3746.12345678,N,12225.87654321,W,4,14,0.7,31.25,M,-29.8,M,1.2,0042") else {
            Issue.record("not a GGA"); return
        }
        #expect(abs(try #require(s.latDeg) - (37 + 46.12345678 / 60)) < 1e-12)
        #expect(s.quality == 4 && s.satellitesUsed == 14 && s.hdop == 0.7)
        #expect(s.altMSLm == 31.25 && s.geoidSepM == -29.8 && s.dgpsAgeS == 1.2 && s.dgpsStation == 42)
    }

    @Test func ggaWithoutFixHasEmptyFieldsNotErrors() {
        guard case .gga(let s)? = sentence("$GPGGA,,,,,,0,00,99.99,,,,,,") else { Issue.record("not a GGA"); return }
        #expect(s.timeOfDayMs == nil && s.latDeg == nil && s.quality == 0 && s.satellitesUsed == 0 && s.hdop == 99.99)
    }

    @Test func decodesGSACountingUsedSatellites() {
        guard case .gsa(let s)? = sentence("$GNGSA,A,3,13,16,21,15,10,29,27,20,,,,,1.05,0.64,0.83,1") else {
            Issue.record("not a GSA"); return
        }
        #expect(s.fixType == 3 && s.satellitesUsed == 8)
        #expect(s.pdop == 1.05 && s.hdop == 0.64 && s.vdop == 0.83 && s.systemID == 1)
    }

    @Test func gsaWithTwentyFourSlotsFindsItsDOPs() {
        // The Navior-24 CH-4701 sends 24 PRN slots.
        let body = "$GPGSA,A,3,27,23,13,07,25" + String(repeating: ",", count: 19) + ",07.9,06.0,05.2"
        guard case .gsa(let s)? = sentence(body) else { Issue.record("not a GSA"); return }
        #expect(s.satellitesUsed == 5 && s.pdop == 7.9 && s.hdop == 6.0 && s.vdop == 5.2)
    }

    @Test func decodesGST() {
        guard case .gst(let s)? = sentence("$GNGST,223745.00,8.3,2.5,2.4,126,0.98,1.0,3.1") else { Issue.record("not a GST"); return }
        let expectedMs: Int = (22 * 3600 + 37 * 60 + 45) * 1000
        #expect(s.timeOfDayMs == expectedMs)
        #expect(s.latErrM == 0.98 && s.lonErrM == 1.0 && s.altErrM == 3.1 && s.semiMajorM == 2.5)
    }

    /// `parseDecimal` keeps 18 digits (below 2^63, so its arithmetic wraps without checks) and drops
    /// finer ones; 19 before the point is no number a receiver sends.
    @Test func readsDecimalsUpToEighteenDigits() {
        let body = "$GNGST,223745.00,8.3,2.5,2.4,126,999999999999999999,0.99999999999999999999,-1234567890.12345678"
        guard case .gst(let s)? = sentence(body) else { Issue.record("not a GST"); return }
        #expect(s.latErrM == Double(UInt64(999_999_999_999_999_999)))
        #expect(s.lonErrM == Double(UInt64(99_999_999_999_999_999)) / 1e17)
        #expect(s.altErrM == -(Double(UInt64(123_456_789_012_345_678)) / 1e8))
        #expect(decode("$GNGST,223745.00,9999999999999999999,2.5,2.4,126,1,1,1") == .rejected(.malformedField(tag: "GNGST", index: 2)))
    }

    @Test func decodesVTGFallingBackToKilometresPerHour() throws {
        guard case .vtg(let a)? = sentence("$GPVTG,221.16,T,,M,30.324,N,56.191,K,A"),
              case .vtg(let b)? = sentence("$GPVTG,,T,,M,,N,36.0,K,A") else { Issue.record("not VTGs"); return }
        #expect(a.courseTrueDeg == 221.16 && a.courseMagneticDeg == nil)
        #expect(abs(try #require(a.speedMps) - 30.324 * 1852 / 3600) < 1e-12)
        #expect(b.courseTrueDeg == nil && b.speedMps == 10.0)
    }

    @Test func decodesGNSWithOneModeLetterPerSystem() {
        guard case .gns(let s)? = sentence("$GNGNS,074155.799,3114.8770,N,12135.2463,E,ANNA,05,1.3,156.9,8.3,,0000") else {
            Issue.record("not a GNS"); return
        }
        #expect(s.mode == UInt8(ascii: "A") && s.satellitesUsed == 5 && s.altMSLm == 156.9 && s.geoidSepM == 8.3)
        #expect(s.navigationStatus == nil)
    }

    /// The mode of the solution, from the letters of the systems used: N only when none was.
    @Test(arguments: [("NAAN", "A"), ("ANNA", "A"), ("NNNN", "N"), ("N", "N"), ("NNEN", "E"), ("ENNA", "A"),
                      ("NDDN", "D"), ("NNNS", "S"), ("MN", "M"), ("NNNR", "R")])
    func aGNSModeIsJudgedFromEverySystem(field: String, mode: String) {
        guard case .gns(let s)? = sentence("$GNGNS,145339.00,4717.11437,N,00833.91522,E,\(field),22,0.5,367.334,100.143,,,V") else {
            Issue.record("not a GNS"); return
        }
        #expect(s.mode == UInt8(ascii: Unicode.Scalar(mode)!) && s.navigationStatus == UInt8(ascii: "V"), "\(field)")
    }

    @Test func decodesGSVHeader() {
        guard case .gsv(let s)? = sentence("$GAGSV,3,1,09,02,00,179,,04,09,321,,07,11,134,11,11,10,227,,7") else {
            Issue.record("not a GSV"); return
        }
        #expect(s.talker == NMEATalker("GA"))
        #expect(s.sentenceCount == 3 && s.sentenceNumber == 1 && s.satellitesInView == 9 && s.satelliteBlocks == 4)
        #expect(!s.isLastOfSet)
    }

    @Test func decodesZDA() {
        guard case .zda(let s)? = sentence("$GPZDA,143306.50,09,12,2009,00,00") else { Issue.record("not a ZDA"); return }
        let expectedMs: Int = (14 * 3600 + 33 * 60 + 6) * 1000 + 500
        #expect(s.timeOfDayMs == expectedMs)
        #expect(s.date == UTCDate(year: 2009, month: 12, day: 9))
        #expect(decode("$GPZDA,143306.50,31,02,0000,00,00") == .rejected(.malformedField(tag: "GPZDA", index: 2)))
    }

    @Test(arguments: ["GP", "GN", "GL", "GA", "GB", "BD", "GQ", "QZ", "IN", "GI"])
    func acceptsEveryTalker(_ talker: String) {
        guard let s = sentence("$\(talker)GLL,4404.14083,N,12118.85886,W,001053.00,A,A") else { Issue.record("rejected"); return }
        #expect(s.talker == NMEATalker(talker))
    }

    @Test func ignoresProprietaryAndUnknownSentences() {
        #expect(decode("$PMTK010,001") == .ignored(tag: "PMTK010"))
        #expect(decode("$PSTI,030,213121.000,A") == .ignored(tag: "PSTI"))
        #expect(decode("$GPTXT,01,01,02,ANTSTATUS=OK") == .ignored(tag: "GPTXT"))
        #expect(decode("$INDPT,2.2,0.0") == .ignored(tag: "INDPT"))
        #expect(decode("$GPGGAX,1,2") == .ignored(tag: "GPGGAX"))
    }

    @Test func rejectsMalformedTags() {
        #expect(decode("$gpGGA,1") == .rejected(.malformedTag))
        #expect(decode("$GP,1,2") == .rejected(.malformedTag))
        #expect(decode("$G-GGA,1") == .rejected(.malformedTag))
    }

    @Test func rejectsShortSentences() {
        // The i.Trek M3 sends a GSA with too few fields when it has no fix.
        #expect(decode("$GPGSA,A,1,,,") == .rejected(.tooFewFields(tag: "GPGSA", count: 5, minimum: 17)))
    }

    @Test func rejectsMalformedFieldsNamingTheField() {
        #expect(decode("$GPGGA,12x519,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,")
                == .rejected(.malformedField(tag: "GPGGA", index: 1)))
        #expect(decode("$GPGGA,123519,4807.038,Q,01131.324,E,1,08,0.9,545.4,M,46.9,M,,")
                == .rejected(.malformedField(tag: "GPGGA", index: 3)))
        #expect(decode("$GPGGA,123519,4807.038,N,01131.324,E,1,08,0.9,5-45.4,M,46.9,M,,")
                == .rejected(.malformedField(tag: "GPGGA", index: 9)))
        #expect(decode("$GPRMC,256000,A,4807.038,N,01131.324,E,0,0,010199,,")
                == .rejected(.malformedField(tag: "GPRMC", index: 1)))
        #expect(decode("$GPRMC,120000,A,4807.038,N,01131.324,E,0,0,320199,,")
                == .rejected(.malformedField(tag: "GPRMC", index: 9)))
        #expect(decode("$GPGLL,9107.038,N,01131.324,E,120000,A")
                == .rejected(.malformedField(tag: "GPGLL", index: 1)))
    }

    @Test func acceptsMTKPlaceholderOfSixtyMinutes() {
        guard case .gga(let s)? = sentence("$GPGGA,235946.005,8960.000000,N,00000.000000,E,0,0,,137.000,M,13.000,M,,") else {
            Issue.record("not a GGA"); return
        }
        #expect(s.latDeg == 90)
    }

    @Test func rejectsKnownSentencesLongerThanGpsdAccepts() {
        let body = "$GPGGA,123519,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,," + String(repeating: ",", count: 80)
        #expect(decode(body) == .rejected(.overlong(bytes: body.utf8.count + 3)))
    }

    @Test func neverTrapsOnArbitraryFieldText() {
        let junk = ["", ",", ".", "-", "+", "..", "1.2.3", "99999999999999999999999", "-.5", "A", "\u{7F}", "1e5"]
        for tag in ["GPRMC", "GPGGA", "GPGSA", "GPGST", "GPVTG", "GNGNS", "GPGLL", "GPGSV", "GPZDA"] {
            for j in junk {
                _ = decode("$\(tag)," + Array(repeating: j, count: 20).joined(separator: ","))
            }
        }
    }
}

import Testing
@testable import RoamCore

/// A position the receiver itself calls invalid (GGA quality 0, RMC or GLL status V) is never a
/// measured fix (P4), however many satellites it lists: real NMEA through NMEAStream and the pipeline.
@Suite struct PipelineFixValidityTests {
    /// 1 Hz from 15:00:00 on 2026-06-14; `sentences(k)` gives epoch k's bodies without checksums.
    private func run(_ epochs: Int, _ sentences: (Int) -> [String]) -> (rows: [FixRecord], totals: RideTotals) {
        var stream = NMEAStream()
        var pipeline = RidePipeline(rideID: 1, state: PipelineState())
        var text = ""
        for k in 0..<epochs { text += sentences(k).map { NMEAChecksum.seal($0) + "\r\n" }.joined() }
        let decoded = stream.feed(Array(text.utf8)) + stream.finish()
        let rows = decoded.enumerated().map { k, e in
            pipeline.process(SensorEpoch(epoch: e, monoNs: UInt64(100 + k) * 1_000_000_000, barometer: nil)).0
        }
        return (rows, pipeline.state.totals)
    }

    private static func time(_ k: Int) -> String { "1500\(k < 10 ? "0" : "")\(k).00" }

    /// `k` steps of 8 m east (0.006' of longitude here): riding speed, so a believed position counts.
    private static func lon(_ k: Int) -> String {
        let thousandths = 57_000 + k * 6
        return "007\(thousandths / 1000).\(String(thousandths % 1000 + 1000).dropFirst()),E"
    }

    private static func riding(_ k: Int) -> [String] {
        ["$GPRMC,\(time(k)),A,4757.840,N,\(lon(k)),15.6,90.0,140626,,,A",
         "$GPGGA,\(time(k)),4757.840,N,\(lon(k)),1,09,0.9,400.0,M,48.0,M,,"]
    }

    /// Acquiring again after a tunnel, in a u-blox's order (RMC, GGA, GSA): the RMC says void, the
    /// GGA quality 0 with a position it is still settling and the 5 satellites it tracks.
    private static func acquiring(_ k: Int, gsaMode: Int?) -> [String] {
        ["$GPRMC,\(time(k)),V,,,,,,,140626,,,N",
         "$GPGGA,\(time(k)),4757.840,N,\(lon(k)),0,05,2.1,400.0,M,48.0,M,,"]
            + (gsaMode.map { ["$GPGSA,A,\($0),02,05,12,25,29,,,,,,,,3.1,2.1,2.3"] } ?? [])
    }

    private func expectNotMeasured(_ rows: ArraySlice<FixRecord>) {
        for row in rows {
            #expect(row.flags.contains(.noFix) && !row.flags.isAccepted && row.distanceAddedM == 0, "seq \(row.seq)")
            #expect(row.epoch.fixMode == .noFix && row.epoch.latDeg == nil && row.smoothedLatDeg == nil, "seq \(row.seq)")
            // Kept raw: the receiver's own words, its quality and satellites.
            #expect(row.epoch.quality == 0 && row.epoch.satellitesUsed == 5, "seq \(row.seq)")
            #expect(row.epoch.sentences.contains { $0.hasPrefix("$GPGGA") && $0.contains(",0,05,") }, "seq \(row.seq)")
        }
    }

    @Test(arguments: [nil, 1, 3])
    func aQualityZeroGGAIsNoFixWhateverFollowsIt(gsaMode: Int?) {
        // A GSA claiming 3D after the GGA's quality 0 does not overrule the receiver's own "invalid".
        let (rows, totals) = run(40) { k in k < 10 || k >= 30 ? Self.riding(k) : Self.acquiring(k, gsaMode: gsaMode) }
        expectNotMeasured(rows[10..<30])
        #expect(rows[..<10].allSatisfy { $0.epoch.fixMode == .fix3D } && rows[30...].allSatisfy { $0.epoch.fixMode == .fix3D })
        #expect(totals.acceptedCount + totals.flaggedCount == 40 && totals.flagCounts[.noFix] == 20)
    }

    @Test func aGGAOnlyReceiverAcquiringIsNoFix() {
        // Some receivers are set to GGA alone: its quality is then the only word on validity.
        let (rows, totals) = run(20) { k in
            k < 5 ? [Self.riding(k)[1]] : ["$GPGGA,\(Self.time(k)),4757.840,N,\(Self.lon(k)),0,05,2.1,400.0,M,48.0,M,,"]
        }
        expectNotMeasured(rows[5...])
        #expect(totals.distanceM == rows[..<5].reduce(0) { $0 + $1.distanceAddedM })
    }
}

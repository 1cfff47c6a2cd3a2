import Testing
@testable import RoamCore

/// A position the receiver itself calls invalid (GGA quality 0, RMC or GLL status V or mode N) is never a
/// measured fix (P4), however many satellites it lists, and neither is one it says it estimated,
/// was given or simulated (GGA quality 6, 7, 8; mode E, M, S): real NMEA through NMEAStream and the pipeline.
@Suite struct PipelineFixValidityTests {
    /// 1 Hz from 15:00:00 on 2026-06-14; `sentences(k)` gives epoch k's bodies without checksums.
    private func run(_ epochs: Int, _ sentences: (Int) -> [String]) -> (rows: [FixRecord], totals: RideTotals, gaps: [String]) {
        var stream = NMEAStream()
        var pipeline = RidePipeline(rideID: 1, state: PipelineState())
        var text = ""
        for k in 0..<epochs { text += sentences(k).map { NMEAChecksum.seal($0) + "\r\n" }.joined() }
        let decoded = stream.feed(Array(text.utf8)) + stream.finish()
        var gaps: [String] = []
        let rows = decoded.enumerated().map { k, e in
            let (row, events) = pipeline.process(SensorEpoch(epoch: e, monoNs: UInt64(100 + k) * 1_000_000_000, barometer: nil))
            gaps += events.filter { $0.kind == .gap }.map(\.detail)
            return row
        }
        return (rows, pipeline.state.totals, gaps)
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
        let (rows, totals, _) = run(40) { k in k < 10 || k >= 30 ? Self.riding(k) : Self.acquiring(k, gsaMode: gsaMode) }
        expectNotMeasured(rows[10..<30])
        #expect(rows[..<10].allSatisfy { $0.epoch.fixMode == .fix3D } && rows[30...].allSatisfy { $0.epoch.fixMode == .fix3D })
        #expect(totals.acceptedCount + totals.flaggedCount == 40 && totals.flagCounts[.noFix] == 20)
    }

    @Test func aGGAOnlyReceiverAcquiringIsNoFix() {
        // Some receivers are set to GGA alone: its quality is then the only word on validity.
        let (rows, totals, _) = run(20) { k in
            k < 5 ? [Self.riding(k)[1]] : ["$GPGGA,\(Self.time(k)),4757.840,N,\(Self.lon(k)),0,05,2.1,400.0,M,48.0,M,,"]
        }
        expectNotMeasured(rows[5...])
        #expect(totals.distanceM == rows[..<5].reduce(0) { $0 + $1.distanceAddedM })
    }

    /// How receivers say where they think they are: u-blox (RMC, VTG, GGA; status A with mode E),
    /// one following NMEA 0183 3.x (status V for any mode but A and D), and receivers set to one sentence.
    enum Receiver: CaseIterable { case ublox, conforming, ggaOnly, rmcOnly, gllOnly, gnsOnly }

    /// Epoch k riding east at 7.5 m/s, as `receiver` sends it with this mode letter and GGA quality.
    private static func epoch(_ receiver: Receiver, _ k: Int, mode: String, quality: Int) -> [String] {
        let at = "4757.840,N,\(lon(k))"
        let status = receiver == .conforming && ["E", "M", "S"].contains(mode) ? "V" : "A"
        let rmc = "$GPRMC,\(time(k)),\(status),\(at),14.5,90.0,140626,,,\(mode)"
        let gga = "$GPGGA,\(time(k)),\(at),\(quality),09,0.9,400.0,M,48.0,M,,"
        switch receiver {
        case .ublox: return [rmc, "$GPVTG,90.0,T,,M,14.5,N,26.9,K,\(mode)", gga]
        case .conforming: return [rmc, gga]
        case .ggaOnly: return [gga]
        case .rmcOnly: return [rmc]
        case .gllOnly: return ["$GPGLL,\(at),\(time(k)),A,\(mode)"]
        case .gnsOnly: return ["$GNGNS,\(time(k)),\(at),\(mode.isEmpty ? "A" : mode)N,09,0.9,400.0,48.0,,,"]
        }
    }

    /// 10 s riding, 20 s the receiver did not measure (its straight line on), 10 s riding.
    private func unmeasuredStretch(_ receiver: Receiver, mode: String, quality: Int) -> (rows: [FixRecord], totals: RideTotals, gaps: [String]) {
        run(40) { k in k < 10 || k >= 30 ? Self.epoch(receiver, k, mode: "A", quality: 1) : Self.epoch(receiver, k, mode: mode, quality: quality) }
    }

    private func expectAGapAcross(_ rows: [FixRecord], _ totals: RideTotals, quality: Int, mode: String) {
        for row in rows[10..<30] {
            #expect(row.flags.contains(.unmeasuredPosition) && !row.flags.isAccepted && row.distanceAddedM == 0, "seq \(row.seq)")
            // Kept raw: the receiver's estimate, its quality and its own words.
            #expect(row.epoch.quality == quality && row.epoch.latDeg != nil && row.smoothedLatDeg == nil, "seq \(row.seq)")
            #expect(row.epoch.sentences.contains { $0.contains(",\(quality),09,") || $0.contains(",\(mode)*") || $0.contains(",\(mode)N,") },
                    "seq \(row.seq)")
        }
        // The distance across is the gap's: bridged on the first fix after, apart from the measured.
        #expect(rows[30].flags.isSuperset(of: [.segmentStart, .bridged]) && rows[30].distanceAddedM > 140)
        #expect(totals.bridgedGaps == 1 && totals.bridgedM == rows[30].distanceAddedM && totals.segmentCount == 2)
        let measured = rows.filter { !$0.flags.contains(.bridged) }.reduce(0) { $0 + $1.distanceAddedM }
        #expect(abs(totals.distanceM - totals.bridgedM - measured) < 1e-9 && measured > 0)
        #expect(rows[..<10].allSatisfy { !$0.flags.contains(.unmeasuredPosition) } && rows[30...].allSatisfy { !$0.flags.contains(.unmeasuredPosition) })
    }

    @Test(arguments: Receiver.allCases)
    func aDeadReckonedStretchIsAGapNotMeasuredDistance(receiver: Receiver) {
        let (rows, totals, gaps) = unmeasuredStretch(receiver, mode: "E", quality: 6)
        expectAGapAcross(rows, totals, quality: 6, mode: "E")
        #expect(gaps == ["receiver estimating"] && totals.gapCount == 1)
        #expect(totals.flagCounts[.unmeasuredPosition] == 20)
    }

    @Test(arguments: [("M", 7, "manual position"), ("S", 8, "simulated position")])
    func aManualOrSimulatedStretchIsAGapNotMeasuredDistance(mode: String, quality: Int, cause: String) {
        let (rows, totals, gaps) = unmeasuredStretch(.ublox, mode: mode, quality: quality)
        expectAGapAcross(rows, totals, quality: quality, mode: mode)
        #expect(gaps == [cause])
    }

    @Test(arguments: Receiver.allCases)
    func autonomousAndDifferentialFixesAreMeasuredAsBefore(receiver: Receiver) {
        // Mode A then D (quality 1, 2): the same totals as the sentences without a mode letter.
        let lettered = run(40) { k in Self.epoch(receiver, k, mode: k < 20 ? "A" : "D", quality: k < 20 ? 1 : 2) }
        let plain = run(40) { k in Self.epoch(receiver, k, mode: "", quality: 1) }
        #expect(lettered.rows.allSatisfy { $0.flags.isDisjoint(with: [.unmeasuredPosition, .noFix]) && $0.epoch.unmeasuredSolution == nil })
        #expect(lettered.totals == plain.totals && lettered.gaps.isEmpty && lettered.totals.distanceM > 250)
        #expect([.gllOnly, .rmcOnly, .gnsOnly].contains(receiver) || lettered.rows[25].epoch.quality == 2)
    }
    @Test func anRMCSayingValidWithModeNotValidIsNoFix() {
        // Status A but FAA mode N ("data not valid", NMEA 2.3+): the receiver contradicts itself, and
        // its "not valid" stands, as for GLL, whatever a GSA claims.
        let (rows, totals, _) = run(40) { k in
            k < 10 || k >= 30 ? [Self.riding(k)[0]]
                : ["$GPRMC,\(Self.time(k)),A,4757.840,N,\(Self.lon(k)),14.5,90.0,140626,,,N", "$GPGSA,A,3,02,05,12,25,29,,,,,,,,3.1,2.1,2.3"]
        }
        #expect(rows[10..<30].allSatisfy { $0.flags.contains(.noFix) && !$0.flags.isAccepted && $0.epoch.latDeg == nil && $0.epoch.fixMode == .noFix })
        #expect(rows[..<10].allSatisfy { $0.epoch.hasPosition && !$0.flags.contains(.noFix) } && totals.flagCounts[.noFix] == 20)
    }

    @Test(arguments: ["AA,09,0.9,400.0,48.0,,,U", "NN,09,0.9,400.0,48.0,,,S"])
    func aGNSNotValidIsNoFixWhateverAGSAClaims(fields: String) {
        // Navigational status U (unsafe, NMEA 4.10) or mode N in every system: no position from the GNS,
        // and a GSA's 3D adds none. (V is no verdict: PipelineGNSTests.)
        let (rows, totals, _) = run(20) { k in
            k < 5 ? Self.riding(k)
                : ["$GNGNS,\(Self.time(k)),4757.840,N,\(Self.lon(k)),\(fields)", "$GNGSA,A,3,02,05,12,25,29,,,,,,,,3.1,2.1,2.3"]
        }
        #expect(rows[5...].allSatisfy { $0.flags.contains(.noFix) && !$0.flags.isAccepted && $0.epoch.latDeg == nil })
        #expect(totals.flagCounts[.noFix] == 15)
    }
}

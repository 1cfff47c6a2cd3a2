import Testing
@testable import RoamCore

/// GNS as multi-constellation receivers send it, through NMEAStream and the pipeline: its mode field
/// has one letter per system (GPS, GLONASS, Galileo, BeiDou…; N: that system not used), and its
/// navigational status V (NMEA 4.10) says only that the receiver gives none, as u-blox does with
/// every fix. Neither makes a measured fix "no fix" (docs/RECEIVERS.md, "What a GNS says").
@Suite struct PipelineGNSTests {
    /// 1 Hz from 15:00:00 on 2026-06-14, 8 m east each second; `gns(k)` is epoch k's GNS body after its position.
    private func ride(_ epochs: Int, gns: (Int) -> String) -> (rows: [FixRecord], totals: RideTotals) {
        var stream = NMEAStream()
        var pipeline = RidePipeline(rideID: 1, state: PipelineState())
        var text = ""
        for k in 0..<epochs {
            let time = "1500\(k < 10 ? "0" : "")\(k).00"
            let thousandths = 57_000 + k * 6
            let at = "4757.840,N,007\(thousandths / 1000).\(String(thousandths % 1000 + 1000).dropFirst()),E"
            for body in ["$GNRMC,\(time),A,\(at),15.6,90.0,140626,,,A", "$GNGNS,\(time),\(at),\(gns(k))"] {
                text += NMEAChecksum.seal(body) + "\r\n"
            }
        }
        let decoded = stream.feed(Array(text.utf8)) + stream.finish()
        let rows = decoded.enumerated().map { k, e in
            pipeline.process(SensorEpoch(epoch: e, monoNs: UInt64(100 + k) * 1_000_000_000, barometer: nil)).0
        }
        return (rows, pipeline.state.totals)
    }

    private func expectMeasured(_ rows: [FixRecord], _ totals: RideTotals, satellites: Int, hdop: Double, altitude: Double) {
        #expect(rows.count == 60 && totals.flagCounts[.noFix] == 0 && totals.flagCounts[.unmeasuredPosition] == 0, "\(totals.flagCounts)")
        #expect(totals.distanceM > 400 && totals.bridgedM == 0 && totals.gapCount == 0, "\(totals.distanceM) m")
        for row in rows {
            #expect(row.epoch.fixMode == .fix3D && row.epoch.altMSLm == altitude, "seq \(row.seq)")
            #expect(row.epoch.satellitesUsed == satellites && row.epoch.hdop == hdop, "seq \(row.seq)")
        }
    }

    @Test func aFixWithoutGPSSatellitesIsMeasured() {
        // GPS N, GLONASS A, Galileo A, BeiDou N: a fix from two systems (a replay of these recorded 0.00 km, every epoch "no fix").
        let (rows, totals) = ride(60) { _ in "NAAN,12,0.8,500.0,47.0,,," }
        expectMeasured(rows, totals, satellites: 12, hdop: 0.8, altitude: 500.0)
    }

    @Test func aUbloxFixWithNavigationalStatusVKeepsItsAltitudeSatellitesAndHDOP() {
        // u-blox M8/M9/M10 end every GNS with V ("no navigational status"), fix or not.
        let (rows, totals) = ride(60) { _ in "AANA,22,0.5,367.334,100.143,,,V" }
        expectMeasured(rows, totals, satellites: 22, hdop: 0.5, altitude: 367.334)
    }

    @Test(arguments: ["S", "C"])
    func aSafeOrCautionStatusKeepsTheFix(status: String) {
        let (rows, totals) = ride(60) { _ in "AN,09,0.9,400.0,48.0,,,\(status)" }
        expectMeasured(rows, totals, satellites: 9, hdop: 0.9, altitude: 400.0)
    }

    @Test func onlyUnsafeWithholdsTheGNSPosition() {
        // The RMC's position stands; the GNS's altitude, satellites and HDOP are not taken.
        let (rows, _) = ride(20) { _ in "AANA,22,0.5,367.334,100.143,,,U" }
        #expect(rows.allSatisfy { $0.epoch.altMSLm == nil && $0.epoch.satellitesUsed == nil && $0.epoch.hdop == nil })
    }

    @Test func everySystemNotUsedIsNoFix() {
        let (rows, totals) = ride(20) { _ in "NNNN,00,,,,,,V" }
        #expect(rows.allSatisfy { $0.epoch.fixMode == .noFix } && totals.distanceM == 0 && totals.flagCounts[.noFix] == 20)
    }

    @Test(arguments: [("NNEN", 6), ("NENN", 6), ("NMNN", 7)])
    func aPositionNoSystemUsedMeasuredIsNotMeasured(mode: String, quality: Int) {
        // Dead reckoning (or a manual position) in the only system used: not a measured fix, whatever GPS's N.
        let (rows, _) = ride(20) { _ in "\(mode),05,1.2,400.0,48.0,,,V" }
        #expect(rows.allSatisfy { $0.epoch.quality == quality && $0.flags.contains(.unmeasuredPosition) }, "\(rows.map(\.epoch.quality))")
    }
}

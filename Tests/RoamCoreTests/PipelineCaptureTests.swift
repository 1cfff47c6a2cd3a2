import Foundation
import Testing
@testable import RoamCore

/// The pipeline over every real capture in `Tests/Data/gpsd/`: it never crashes, every
/// epoch becomes a row, and what it rejects carries its reason. The GPS-320FW capture, recorded
/// against a simulator at the 2019 week rollover, checks the rollover correction on real bytes.
@Suite struct PipelineCaptureTests {
    static func captures() throws -> [URL] { try GpsdCorpus.logs() }

    /// A floor below every capture (the first GPS week rollover), as a replay of old captures sets it.
    static let replayFloorUTCms = CivilDate.daysFromCivil(year: 1999, month: 8, day: 22) * 86_400_000

    static func run(_ bytes: [UInt8], parameters: PipelineParameters) -> (epochs: [Epoch], rows: [FixRecord], state: PipelineState) {
        var stream = NMEAStream()
        let epochs = stream.feed(bytes) + stream.finish()
        var pipeline = RidePipeline(rideID: 1, state: PipelineState(), parameters: parameters)
        // One epoch per second on the board's clock; no barometer on a replayed capture.
        let rows = epochs.enumerated().map { k, e in
            pipeline.process(SensorEpoch(epoch: e, monoNs: UInt64(k + 1) * 1_000_000_000, barometer: nil)).0
        }
        return (epochs, rows, pipeline.state)
    }

    @Test
    func neverCrashesAndFlagsWhatItRejects() throws {
        var lines = ["capture                          epochs accepted flagged gaps segs   dist_m  elapsed_s  flags"]
        for file in try Self.captures() {
            let bytes = [UInt8](try Data(contentsOf: file))
            for floor in [PipelineParameters().rolloverFloorUTCms, Self.replayFloorUTCms] {
                var p = PipelineParameters()
                p.rolloverFloorUTCms = floor
                let (epochs, rows, state) = Self.run(bytes, parameters: p)
                let name = file.lastPathComponent
                let t = state.totals
                #expect(rows.count == epochs.count && rows.map(\.seq) == (0..<Int64(rows.count)).map { $0 }, "\(name)")
                #expect(t.fixCount == rows.count && t.acceptedCount + t.flaggedCount == rows.count, "\(name)")
                var recount = FlagCounts()
                for (e, row) in zip(epochs, rows) {
                    recount.add(row.flags)
                    #expect(row.flags.contains(.noFix) == !e.hasPosition, "\(name) seq \(row.seq)")
                    let accuracy = HorizontalAccuracy(epoch: e, receiverErrorM: p.receiverErrorM)?.radiusM ?? 0
                    #expect(row.flags.contains(.lowAccuracy) == (e.hasPosition && accuracy > p.maxAccuracyM), "\(name) seq \(row.seq)")
                    #expect(row.flags.contains(.beforeValidDate) == (row.utcMs == nil), "\(name) seq \(row.seq)")
                    if e.hasPosition { #expect((row.utcMs == nil) == (e.utcMs == nil), "\(name) seq \(row.seq)") }
                    #expect(row.distanceAddedM == 0 || (row.flags.isAccepted && row.distanceAddedM.isFinite), "\(name) seq \(row.seq)")
                    #expect((row.smoothedLatDeg != nil) == (row.smoothedLonDeg != nil), "\(name) seq \(row.seq)")
                    #expect(row.smoothedLatDeg.map { $0.isFinite && abs($0) <= 90 } ?? true, "\(name) seq \(row.seq)")
                    if let own = e.utcMs, row.utcMs != nil { #expect((row.timeSource == .rolloverCorrected) == (own < floor), "\(name) seq \(row.seq)") }
                }
                #expect(recount == t.flagCounts, "\(name)")
                #expect(abs(rows.reduce(0) { $0 + $1.distanceAddedM } - t.distanceM) < 1e-6, "\(name)")
                if floor == Self.replayFloorUTCms {
                    let counts: [Int] = [rows.count, t.acceptedCount, t.flaggedCount, t.gapCount, t.segmentCount]
                    var line = name.padding(toLength: 32, withPad: " ", startingAt: 0)
                    line += counts.map { String($0).leftPad(8) }.joined()
                    line += String(Int(t.distanceM.rounded())).leftPad(9)
                    line += String(Int(t.elapsedS.rounded())).leftPad(11)
                    line += "  \(t.flagCounts)"
                    lines.append(line)
                }
            }
        }
        print(lines.joined(separator: "\n"))
    }

    @Test
    func correctsAGPSWeekRolloverOnARealCapture() throws {
        let file = GpsdCorpus.directory.appendingPathComponent("gp-320fw-2019-04-06-overflow.log")
        let original = [UInt8](try Data(contentsOf: file))
        // This receiver kept the right date across the 2019 rollover because it was not restarted.
        // A restarted one would resolve the week against 1999 and say 1999-08-21: same bytes
        // otherwise, each RMC and ZDA date rewritten and its checksum sealed again. Lines are
        // split on bytes: Swift reads CRLF as one Character.
        let rolled = Array(original.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { bytes -> [UInt8] in
            let line = String(decoding: bytes, as: UTF8.self)
            guard line.hasPrefix("$GPRMC") || line.hasPrefix("$GPZDA"), let star = line.firstIndex(of: "*") else { return Array(bytes) }
            let body = line[..<star].replacingOccurrences(of: ",060419,", with: ",210899,")
                .replacingOccurrences(of: ",06,04,2019,", with: ",21,08,1999,")
            return Array((NMEAChecksum.seal(body) + (line.hasSuffix("\r") ? "\r" : "")).utf8)
        }.joined(separator: [UInt8(ascii: "\n")]))
        #expect(rolled != original)

        var truthful = PipelineParameters()
        truthful.rolloverFloorUTCms = CivilDate.daysFromCivil(year: 2019, month: 1, day: 1) * 86_400_000
        let right = Self.run(original, parameters: truthful)
        let dated = right.rows.filter { $0.utcMs != nil }
        #expect(dated.count > 10 && dated.allSatisfy { $0.timeSource == .gnss })
        #expect(dated.first.map { CivilDate.iso8601(utcMs: $0.utcMs!) }?.hasPrefix("2019-04-06T23:57") == true)

        // The board knows only that no ride predates its capture header's date (2010-10-16).
        var board = PipelineParameters()
        board.rolloverFloorUTCms = CivilDate.daysFromCivil(year: 2010, month: 10, day: 16) * 86_400_000
        let fixed = Self.run(rolled, parameters: board)
        #expect(fixed.epochs.compactMap(\.utcMs).allSatisfy { CivilDate.iso8601(utcMs: $0).hasPrefix("1999-08-21") })
        #expect(fixed.rows.map(\.utcMs) == right.rows.map(\.utcMs))
        #expect(fixed.rows.filter { $0.utcMs != nil }.allSatisfy { $0.timeSource == .rolloverCorrected })
        #expect(fixed.state.totals == right.state.totals)
    }
}

private extension String {
    func leftPad(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

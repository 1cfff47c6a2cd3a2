import Foundation
import Testing
@testable import RoamCore

@Suite struct RidePipelineTests {
    typealias R = SyntheticRide

    private func pipeline(_ p: PipelineParameters = .init()) -> RidePipeline {
        RidePipeline(rideID: 7, state: PipelineState(), parameters: p)
    }

    @Test func everyEpochBecomesARowWithItsReasons() {
        var pl = pipeline()
        var rows: [FixRecord] = []
        rows.append(pl.process(R.input(R.epoch(second: 0, eastM: 0, hasFix: false), second: 0)).0)
        rows.append(pl.process(R.input(R.epoch(second: 1, eastM: 0, speedMps: 0), second: 1)).0)
        rows.append(pl.process(R.input(R.epoch(second: 2, eastM: 0, speedMps: 0, hdop: 20), second: 2)).0)
        rows.append(pl.process(R.input(R.epoch(second: 3, eastM: 2, speedMps: 2), second: 3, pressurePa: nil)).0)
        #expect(rows.map(\.seq) == [0, 1, 2, 3])
        // Before the receiver's first fix its clock is not trusted: monotonic time only, until a back-fill.
        #expect(rows[0].flags == [.noFix, .beforeValidDate] && rows[0].timeSource == .monotonicOnly)
        #expect(rows[1].flags == [.segmentStart] && rows[1].smoothedLatDeg != nil && rows[1].baroAltM != nil)
        #expect(rows[2].flags == [.lowAccuracy] && rows[2].smoothedLatDeg == nil)
        #expect(rows[3].flags == [.underDistanceGate, .barometerMissing] && rows[3].baroAltM == nil)
        let t = pl.state.totals
        #expect(t.fixCount == 4 && t.acceptedCount == 1 && t.flaggedCount == 3 && t.distanceM == 0)
        #expect(t.flagCounts[.noFix] == 1 && t.flagCounts[.lowAccuracy] == 1 && t.flagCounts[.underDistanceGate] == 1)
        #expect(rows.dropFirst().allSatisfy { $0.timeSource == .gnss && $0.utcMs != nil })
        #expect(pl.state.backfill?.fromSeq == 0 && pl.state.backfill?.anchorSeq == 1)
    }

    @Test func countsDistanceOnlyBetweenPointsBeyondTheGate() {
        var pl = pipeline()
        let (rows, _) = R.ride(&pl, seconds: 31, speedMps: 4)
        // 4 m/s: every third fix is 12 m on; the two between are under the 10 m gate.
        #expect(rows.filter { $0.flags.contains(.underDistanceGate) }.count == 20)
        #expect(rows.allSatisfy { $0.flags.contains(.underDistanceGate) == ($0.distanceAddedM == 0 && !$0.flags.contains(.segmentStart)) })
        #expect(abs(pl.state.totals.distanceM - 120) < 0.01)
        #expect(pl.state.totals.movingS == 30 && pl.state.totals.elapsedS == 30)
    }

    @Test func aSpikeIsFlaggedAndARelocationThatPersistsStartsASegment() {
        var pl = pipeline()
        _ = R.ride(&pl, seconds: 10, speedMps: 8)
        let spike = pl.process(R.input(R.epoch(second: 10, eastM: 80, northM: 300, speedMps: 8), second: 10)).0
        #expect(spike.flags.contains(.implausibleJump) && !spike.flags.isAccepted && spike.distanceAddedM == 0)
        let (after, events) = R.ride(&pl, from: 11, seconds: 5, speedMps: 8, startM: 88)
        #expect(events.isEmpty && after.allSatisfy { !$0.flags.contains(.implausibleJump) })
        #expect(abs(pl.state.totals.distanceM - 8 * 15) < 0.01)

        var moved: [(FixRecord, [RideEvent])] = []
        for k in 0..<3 {
            moved.append(pl.process(R.input(R.epoch(second: 16 + k, eastM: 5_000 + 8 * Double(k), speedMps: 8), second: 16 + k)))
        }
        #expect(moved[0].0.flags.contains(.implausibleJump) && moved[1].0.flags.contains(.implausibleJump))
        #expect(moved[2].0.flags.contains(.segmentStart) && moved[2].1.map(\.detail) == [GapCause.spatialJump.rawValue])
        #expect(pl.state.totals.segmentCount == 2 && pl.state.totals.gapCount == 1)
    }

    @Test func losingTheFixWhileMovingIsAGapNotAPause() {
        var pl = pipeline()
        _ = R.ride(&pl, seconds: 20, speedMps: 6)
        var events: [RideEvent] = []
        for s in 20..<32 {
            let (row, ev) = pl.process(R.input(R.epoch(second: s, eastM: 0, hasFix: false), second: s))
            #expect(!row.flags.contains(.paused))
            events += ev
        }
        #expect(events.count == 1 && events[0].detail == GapCause.lostFix.rawValue)
        // The gap is stamped where the track stopped: the last fix, second 19.
        #expect(events[0].utcMs == R.startUTCms + 19_000)
        let (rows, more) = R.ride(&pl, from: 32, seconds: 10, speedMps: 6, startM: 6 * 32)
        #expect(more.isEmpty && rows[0].flags.contains(.segmentStart) && rows[0].segment == 1)
        // 12 m steps between accepted points (6 m/s, 10 m gate): 0…108 m before, 192…240 m after,
        // and across the gap the 78 m from the last fix (114 m) to the first after it, bridged.
        #expect(rows[0].flags.contains(.bridged) && abs(rows[0].distanceAddedM - 78) < 0.01)
        #expect(abs(pl.state.totals.distanceM - (108 + 48 + 78)) < 0.01)
        #expect(abs(pl.state.totals.bridgedM - 78) < 0.01 && pl.state.totals.bridgedGaps == 1)
        // Moving before (19 s), through the loss of fix (13 s, the rider was moving on both sides) and after (9 s).
        #expect(pl.state.totals.movingS == 41 && pl.state.totals.elapsedS == 41)
    }

    @Test func aSilentStretchWithoutEpochsIsAGapToo() {
        var pl = pipeline()
        _ = R.ride(&pl, seconds: 5, speedMps: 6)
        let (rows, events) = R.ride(&pl, from: 60, seconds: 3, speedMps: 6, startM: 360)
        #expect(events.map(\.detail) == [GapCause.lostFix.rawValue] && rows[0].flags.contains(.segmentStart))
    }

    @Test func aRestartMarksTheNextEpochAndStartsASegment() {
        var pl = pipeline()
        _ = R.ride(&pl, seconds: 5, speedMps: 6)
        let gap = pl.markGap(.loggerRestarted, monoNs: 9)
        #expect(gap.detail == GapCause.loggerRestarted.rawValue && pl.state.totals.gapCount == 1)
        let (rows, events) = R.ride(&pl, from: 5, seconds: 3, speedMps: 6, startM: 30)
        #expect(events.isEmpty)
        // 6 m across the restart: under the distance gate, so nothing is bridged.
        #expect(rows[0].flags.contains(.afterRestart) && rows[0].flags.contains(.segmentStart) && rows[0].distanceAddedM == 0)
        #expect(!rows[0].flags.contains(.bridged) && pl.state.totals.bridgedM == 0)
        #expect(!rows[1].flags.contains(.afterRestart))
    }

    @Test func autoPauseFlagsTheStopAndMovingTimeLeavesItOut() {
        var pl = pipeline()
        _ = R.ride(&pl, seconds: 30, speedMps: 5)
        var paused = 0
        for s in 30..<90 {
            let row = pl.process(R.input(R.epoch(second: s, eastM: 150, speedMps: 0.05), second: s)).0
            if row.flags.contains(.paused) { paused += 1 }
        }
        _ = R.ride(&pl, from: 90, seconds: 30, speedMps: 5, startM: 150)
        // Paused from 3 s after the stop to 2 s after riding on.
        #expect(paused == 57)
        #expect(pl.state.totals.movingS == 119 - 57 - 2)
    }

    @Test func climbIsUnavailableWithoutABarometerAndNeverFromGNSS() {
        var pl = pipeline()
        _ = R.ride(&pl, seconds: 30, speedMps: 5, pressurePa: nil)
        #expect(pl.state.totals.ascentM == nil && pl.state.totals.descentM == nil)
        #expect(pl.state.totals.flagCounts[.barometerMissing] == 30)
    }

    @Test func climbCountsBarometricAltitudeAndBreaksWhenTheBarometerWasAway() throws {
        var pl = pipeline()
        func at(_ m: Double) throws -> Double { try #require(PressureAltitude.pressurePa(altitudeM: m)) }
        // Up 19 m, then level for 15 s: the low-passed altitude (2 s) settles on the top.
        for s in 0..<35 {
            _ = pl.process(R.input(R.epoch(second: s, eastM: 6 * Double(s), speedMps: 6), second: s, pressurePa: try at(400 + Double(min(s, 19)))))
        }
        #expect(abs(pl.state.totals.ascentM! - 19) < 0.01)
        for s in 35..<40 { _ = pl.process(R.input(R.epoch(second: s, eastM: 6 * Double(s), speedMps: 6), second: s, pressurePa: nil)) }
        for s in 40..<45 {
            _ = pl.process(R.input(R.epoch(second: s, eastM: 6 * Double(s), speedMps: 6), second: s, pressurePa: try at(450)))
        }
        // The 31 m the barometer did not see happen are not counted.
        #expect(abs(pl.state.totals.ascentM! - 19) < 0.01)
    }

    /// 10 m up while no sample came, within what the spike filter lets through: the board's barometer
    /// was away while the weather may have moved (not counted); a track file just had no elevation there.
    @Test(arguments: [(AltitudeSource.barometer, 19.0), (.trackElevation, 29.0)])
    func climbAcrossMissingSamplesCountsOnlyForATrackFile(source: AltitudeSource, ascentM: Double) throws {
        var p = PipelineParameters()
        p.altitudeSource = source
        var pl = pipeline(p)
        func at(_ m: Double) throws -> Double { try #require(PressureAltitude.pressurePa(altitudeM: m)) }
        for s in 0..<55 {
            let pressure = s < 35 ? try at(400 + Double(min(s, 19))) : s < 40 ? nil : try at(429)
            _ = pl.process(R.input(R.epoch(second: s, eastM: 6 * Double(s), speedMps: 6), second: s, pressurePa: pressure))
        }
        #expect(abs(pl.state.totals.ascentM! - ascentM) < 0.01, "\(source): \(pl.state.totals)")
    }

    @Test func undatedEpochsAreFlaggedAndTheirBackfillRecorded() {
        var pl = pipeline()
        for s in 0..<3 {
            let row = pl.process(R.input(R.epoch(second: s, eastM: 0, speedMps: 0, dated: false), second: s)).0
            #expect(row.flags.contains(.beforeValidDate) && row.timeSource == .monotonicOnly && row.utcMs == nil)
            #expect(row.flags.isAccepted || row.flags.contains(.underDistanceGate))
        }
        _ = pl.process(R.input(R.epoch(second: 3, eastM: 0, speedMps: 0), second: 3))
        #expect(pl.state.backfill == Backfill(fromSeq: 0, anchorSeq: 3,
                                               anchor: TimeStamp(utcMs: R.startUTCms + 3000, timeOfDayMs: R.startTimeOfDayMs + 3000,
                                                                 monoNs: 103_000_000_000),
                                               anchorUTCms: R.startUTCms + 3000))
    }

    @Test func stateCommittedAsJSONContinuesExactlyLikeAnUninterruptedRun() throws {
        func epochs() -> [SensorEpoch] {
            (0..<200).map { s in
                let wobble = Double(s % 7) * 0.37
                let e = R.epoch(second: s, eastM: 5.3 * Double(s) + wobble, northM: Double(s % 5), speedMps: s > 80 && s < 120 ? 0.1 : 5.3,
                                hasFix: !(150..<160).contains(s))
                return R.input(e, second: s, pressurePa: 96_500 - Double(s) * 1.7)
            }
        }
        var whole = pipeline()
        let expected = epochs().map { whole.process($0).0 }
        var first = pipeline()
        var got: [FixRecord] = []
        for (k, e) in epochs().enumerated() {
            if k % 37 == 0 {  // a commit, then a resume from the stored row
                let text = try JSONEncoder().encode(first.state)
                first = RidePipeline(rideID: 7, state: try JSONDecoder().decode(PipelineState.self, from: text), parameters: .init())
            }
            got.append(first.process(e).0)
        }
        #expect(got == expected)
        #expect(first.state == whole.state)
    }

    @Test func parametersDecodeFromAPartialObject() throws {
        let p = try JSONDecoder().decode(PipelineParameters.self, from: Data(#"{"distanceGateM": 5, "gapAfterS": 120}"#.utf8))
        var expected = PipelineParameters()
        expected.distanceGateM = 5
        expected.gapAfterS = 120
        #expect(p == expected && p.problem == nil)
        var bad = PipelineParameters()
        bad.resumeAboveMps = 0.5
        #expect(bad.problem != nil)
    }

    @Test func flagBitsNeverMove() {
        // Stored in fixes.flags: a renumbered flag would change the meaning of every stored ride.
        let bits: [(FixFlags, Int)] = [(.noFix, 0), (.lowAccuracy, 1), (.underDistanceGate, 2), (.implausibleJump, 3),
                                       (.repeatedTime, 4), (.timeBackwards, 5), (.paused, 6), (.beforeValidDate, 7),
                                       (.barometerMissing, 8), (.segmentStart, 9), (.afterRestart, 10), (.afterSilence, 11),
                                       (.barometerSpike, 12)]
        for (flag, bit) in bits { #expect(flag.rawValue == 1 << bit) }
        #expect(Set(FixFlags.names.map(\.1)).count == FixFlags.names.count)
    }
}

import Testing
@testable import RoamCore

/// A silence is a gap only against the receiver's own rhythm (P5), and distance across a gap is
/// bridged only when a bicycle could have covered it.
@Suite struct EpochRhythmTests {
    typealias R = SyntheticRide

    private func stamp(_ s: Double) -> TimeStamp {
        TimeStamp(utcMs: R.startUTCms + Int64(s * 1000), timeOfDayMs: nil, monoNs: UInt64(s * 1e9))
    }

    private func rhythm(_ times: [Double]) -> EpochRhythm {
        var r = EpochRhythm()
        for t in times { r.observe(stamp(t), isGap: false) }
        return r
    }

    @Test("thresholds: 1 Hz and 10 Hz keep the 5 s rule, a logger's 1–20 s rhythm allows 30 s or twice its longest")
    func thresholdFollowsTheRhythm() {
        let p = PipelineParameters()
        #expect(EpochRhythm().gapThresholdS(p) == 30, "nothing learned yet: a logger's longest interval")
        #expect(rhythm((0..<20).map(Double.init)).gapThresholdS(p) == 5)
        #expect(rhythm((0..<50).map { Double($0) / 10 }).gapThresholdS(p) == 5)
        #expect(rhythm([0, 1, 8, 11, 31, 33]).gapThresholdS(p) == 40, "irregular: twice the 20 s it has used")
        #expect(rhythm([0, 2, 5, 6, 8]).gapThresholdS(p) == 30, "irregular but short: a logger may still pause 30 s")
    }

    @Test("a gap interval is not learned as rhythm, and a restart forgets the last epoch")
    func gapsAndRestartsAreNotRhythm() {
        let p = PipelineParameters()
        var r = rhythm((0..<10).map(Double.init))
        r.observe(stamp(100), isGap: true)
        #expect(r.gapThresholdS(p) == 5 && r.recentS.allSatisfy { $0 == 1 })
        r.interrupt()
        #expect(r.intervalS(to: stamp(500)) == nil)
        r.observe(stamp(500), isGap: false)
        #expect(r.recentS.count == 9, "nothing learned across the restart")
    }

    @Test("a logger's 20 s between points is no gap; the same silence at 1 Hz is one")
    func loggerRhythmIsNotAGapButA1HzSilenceIs() {
        var logger = RidePipeline(rideID: 1, state: PipelineState())
        var events: [RideEvent] = []
        var eastM = 0.0
        for s in [0, 3, 10, 12, 20, 40, 45, 60] {
            eastM = Double(s) * 5
            events += logger.process(R.input(R.epoch(second: s, eastM: eastM), second: s)).1
        }
        #expect(events.isEmpty && logger.state.totals.gapCount == 0)
        #expect(abs(logger.state.totals.distanceM - 300) < 0.5 && logger.state.totals.bridgedM == 0)

        var receiver = RidePipeline(rideID: 2, state: PipelineState())
        _ = R.ride(&receiver, seconds: 20, speedMps: 5)
        let (rows, after) = R.ride(&receiver, from: 40, seconds: 3, speedMps: 5, startM: 200)
        #expect(after.map(\.detail) == [GapCause.lostFix.rawValue])
        // From the last fix (95 m, second 19) to the first after the 21 s silence (200 m): 105 m, bridged.
        #expect(rows[0].flags.contains(.bridged) && abs(rows[0].distanceAddedM - 105) < 0.5)
        #expect(abs(receiver.state.totals.bridgedM - 105) < 0.5 && receiver.state.totals.bridgedGaps == 1)
    }

    @Test("a gap whose ends imply more than a bicycle's speed is flagged and adds nothing")
    func implausibleBridgeIsFlaggedNotCounted() {
        var pl = RidePipeline(rideID: 3, state: PipelineState())
        _ = R.ride(&pl, seconds: 10, speedMps: 5)
        let before = pl.state.totals.distanceM
        // 40 s later, 5 km further east: 125 m/s.
        let (rows, events) = R.ride(&pl, from: 50, seconds: 2, speedMps: 5, startM: 5_045)
        #expect(events.count == 1 && rows[0].flags.contains(.bridgeImplausible) && !rows[0].flags.contains(.bridged))
        #expect(rows[0].distanceAddedM == 0 && pl.state.totals.bridgedM == 0)
        #expect(pl.state.totals.distanceM == before, "nothing across; the 5 m step after it is under the distance gate")
    }

    /// Other devices' rides came out 2.1 % and 2.4 % long: 15–25 min gaps (a café, a walk) whose
    /// straight line implies 0.2–0.7 m/s were bridged as if ridden, where the device had auto-paused.
    @Test("a gap slower than the auto-pause speed is a pause: nothing bridged and no moving time; a tunnel at speed still is")
    func aSlowGapIsAPauseNotRiding() {
        var pl = RidePipeline(rideID: 4, state: PipelineState())
        _ = R.ride(&pl, seconds: 20, speedMps: 5)
        let (distance, moving) = (pl.state.totals.distanceM, pl.state.totals.movingS)
        // 20 min later, 400 m on from the last fix (95 m): 0.33 m/s across the gap, then riding again.
        let (rows, events) = R.ride(&pl, from: 1_219, seconds: 3, speedMps: 5, startM: 495)
        #expect(events.map(\.detail) == [GapCause.lostFix.rawValue])
        #expect(rows[0].flags.contains(.bridgeTooSlow) && !rows[0].flags.contains(.bridged))
        #expect(rows[0].distanceAddedM == 0 && pl.state.totals.bridgedM == 0 && pl.state.totals.bridgedGaps == 0)
        #expect(abs(pl.state.totals.distanceM - distance - 10) < 0.5, "only the 10 m ridden after the gap")
        #expect(pl.state.totals.movingS - moving < 3, "the 20 min are not riding")

        // The same 400 m in 80 s (5 m/s through a tunnel): bridged, and moving time.
        var tunnel = RidePipeline(rideID: 5, state: PipelineState())
        _ = R.ride(&tunnel, seconds: 20, speedMps: 5)
        let (through, _) = R.ride(&tunnel, from: 99, seconds: 3, speedMps: 5, startM: 495)
        #expect(through[0].flags.contains(.bridged) && abs(through[0].distanceAddedM - 400) < 0.5)
        #expect(tunnel.state.totals.movingS > 80)
    }
}

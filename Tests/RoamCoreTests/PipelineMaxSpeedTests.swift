import Testing
@testable import RoamCore

/// The maximum speed where speed is derived from positions (a replayed or imported track file):
/// over a span of the accepted track, never one step; the receiver's own speed as it sends it.
@Suite struct PipelineMaxSpeedTests {
    /// A logger's track at 14 m/s whose point at second 20 repeats the one before (stamped a second
    /// late, as the Edge 530 of 2022-11-26 did), so the next step is 28 m in 1 s; each epoch's speed
    /// is what the positions imply, as a replay's RMC carries it. `measured` says the receiver measured it.
    private func ride(measured: Bool, staleAt stale: Int = 20) -> RideTotals {
        var p = PipelineParameters()
        p.speedMeasured = measured
        var pipeline = RidePipeline(rideID: 1, state: PipelineState(), parameters: p)
        func east(_ k: Int) -> Double { Double(k == stale ? k - 1 : k) * 14 }
        for k in 0..<40 {
            let step = k == 0 ? 14 : east(k) - east(k - 1)
            _ = pipeline.process(SyntheticRide.input(SyntheticRide.epoch(second: k, eastM: east(k), speedMps: step), second: k))
        }
        return pipeline.state.totals
    }

    @Test func aDerivedSpeedsOneSecondStepIsNotTheMaximum() {
        let t = ride(measured: false)
        // 28 m/s (101 km/h) before: the step after the late point, taken as the fix's speed.
        #expect(abs(t.maxSpeedMps - 14) < 0.1, "maximum \(t.maxSpeedMps) m/s on a ride at 14 m/s")
        #expect(t.maxSpeedMps > 0)
    }

    /// The page's speeds (`DerivedSpeeds`, replayed from the stored fixes) are the pipeline's own:
    /// their fastest is the ride's maximum, and no fix shows the late point's 28 m/s step.
    @Test func theStoredFixesReplayTheMaximumsSpans() {
        var p = PipelineParameters()
        p.speedMeasured = false
        var pipeline = RidePipeline(rideID: 1, state: PipelineState(), parameters: p)
        var shown = DerivedSpeeds(p)
        var speeds: [Double] = []
        func east(_ k: Int) -> Double { Double(k == 20 ? 19 : k) * 14 }
        for k in 0..<40 {
            let step = k == 0 ? 14 : east(k) - east(k - 1)
            let (fix, _) = pipeline.process(SyntheticRide.input(SyntheticRide.epoch(second: k, eastM: east(k), speedMps: step), second: k))
            if let v = shown.speed(at: fix) { speeds.append(v) }
        }
        #expect(speeds.count > 20 && speeds.max() == pipeline.state.totals.maxSpeedMps, "\(speeds) against \(pipeline.state.totals.maxSpeedMps)")
        #expect(speeds.allSatisfy { $0 < 15 }, "\(speeds)")
    }

    @Test func aMeasuredSpeedIsTakenAsTheReceiverSendsIt() {
        // A receiver's Doppler speed is a measurement at its fix: its 28 m/s is the receiver's word, kept.
        #expect(ride(measured: true).maxSpeedMps == 28)
    }

    @Test func aSpanStartsAfreshAtEachSegment() {
        var p = PipelineParameters()
        p.speedMeasured = false
        var pipeline = RidePipeline(rideID: 1, state: PipelineState(), parameters: p)
        // 5 s at 10 m/s, a minute without a fix, then 5 s more 900 m on: no span of 7 s inside either
        // segment, and none across the gap (whose straight line is bridged, not ridden at a known speed).
        _ = SyntheticRide.ride(&pipeline, from: 0, seconds: 5, speedMps: 10)
        _ = SyntheticRide.ride(&pipeline, from: 65, seconds: 5, speedMps: 10, startM: 900)
        #expect(pipeline.state.totals.segmentCount == 2)
        #expect(pipeline.state.totals.maxSpeedMps == 0)
    }
}

import RoamCore
import Testing

private typealias R = SyntheticRide

/// P4: a pause is not riding, and distance ridden across a gap is bridged. A gap bridged at riding
/// speed counts its time as moving whatever its cause; before, the logger's own gaps (a silent
/// receiver, one set up again, a restart) put their bridged distance into the total and nothing into
/// moving time: a 121 s silence at 32 km/h made a 31.8 km/h ride's FIT average 48 km/h.
struct PipelineLoggerGapMovingTests {
    /// 8.9 m/s (32 km/h) for 20 s, the logger's gap, then 121 s after the last fix riding on.
    @Test(arguments: [GapCause.receiverSilent, .receiverSetUpAgain, .loggerRestarted])
    func aLoggerGapBridgedAtRidingSpeedIsMovingTime(_ cause: GapCause) {
        var pl = RidePipeline(rideID: 1, state: PipelineState())
        _ = R.ride(&pl, seconds: 20, speedMps: 8.9)
        let moving = pl.state.totals.movingS
        #expect(moving == 19)
        _ = pl.markGap(cause, monoNs: R.input(R.epoch(second: 22, eastM: 0), second: 22).monoNs)
        let (rows, events) = R.ride(&pl, from: 140, seconds: 5, speedMps: 8.9, startM: 140 * 8.9)
        #expect(events.isEmpty)
        #expect(rows[0].flags.contains(.bridged) && rows[0].flags.contains(.segmentStart), "\(rows[0].flags.names)")
        #expect(abs(pl.state.totals.bridgedM - 121 * 8.9) < 1, "\(pl.state.totals.bridgedM)")
        #expect(rows[0].flags.contains(.movedThroughGap), "\(cause.rawValue): \(rows[0].flags.names)")
        // 19 s before, the 121 s across the gap, 4 s after: 144 s at 8.9 m/s (the FIT average and show's).
        #expect(pl.state.totals.movingS == 19 + 121 + 4, "\(cause.rawValue): moving \(pl.state.totals.movingS) s")
    }

    /// A ride stored with parameters before version 6 keeps its figures (check, rederive with its own set).
    @Test func withTheParametersOfBeforeALoggerGapIsNoMovingTime() {
        var parameters = PipelineParameters()
        parameters.loggerGapsRiddenThrough = false
        var pl = RidePipeline(rideID: 1, state: PipelineState(), parameters: parameters)
        _ = R.ride(&pl, seconds: 20, speedMps: 8.9)
        _ = pl.markGap(.receiverSilent, monoNs: nil)
        let (rows, _) = R.ride(&pl, from: 140, seconds: 5, speedMps: 8.9, startM: 140 * 8.9)
        #expect(rows[0].flags.contains(.bridged) && !rows[0].flags.contains(.movedThroughGap))
        #expect(pl.state.totals.movingS == 19 + 4)
    }

    /// The same 400 m in 20 min after a silence: a stop, not riding, as after a loss of fix.
    @Test(arguments: [GapCause.receiverSilent, .loggerRestarted])
    func aSlowLoggerGapIsAPause(_ cause: GapCause) {
        var pl = RidePipeline(rideID: 2, state: PipelineState())
        _ = R.ride(&pl, seconds: 20, speedMps: 5)
        let moving = pl.state.totals.movingS
        _ = pl.markGap(cause, monoNs: R.input(R.epoch(second: 22, eastM: 0), second: 22).monoNs)
        let (rows, _) = R.ride(&pl, from: 1_219, seconds: 3, speedMps: 5, startM: 495)
        #expect(rows[0].flags.contains(.bridgeTooSlow) && !rows[0].flags.contains(.bridged))
        #expect(!rows[0].flags.contains(.movedThroughGap))
        #expect(pl.state.totals.movingS - moving < 3, "\(cause.rawValue): the 20 min are not riding")
    }

    /// A jump and a file's segment break are no riding through, whatever the speed.
    @Test func aSpatialJumpAndAFileSegmentBreakAreNeverRiddenThrough() {
        for cause in [GapCause.spatialJump, .fileSegmentBreak] {
            var pl = RidePipeline(rideID: 3, state: PipelineState())
            _ = R.ride(&pl, seconds: 20, speedMps: 8.9)
            _ = pl.markGap(cause, monoNs: nil)
            let (rows, _) = R.ride(&pl, from: 140, seconds: 5, speedMps: 8.9, startM: 140 * 8.9)
            #expect(!rows[0].flags.contains(.movedThroughGap), "\(cause.rawValue)")
            #expect(pl.state.totals.movingS == 19 + 4, "\(cause.rawValue): moving \(pl.state.totals.movingS) s")
        }
    }
}

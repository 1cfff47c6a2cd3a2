import Testing
@testable import RoamCore

@Suite struct PipelineTrackTests {
    private let p = PipelineParameters()
    private func stamp(_ s: Double) -> TimeStamp {
        TimeStamp(utcMs: Int64(s * 1000), timeOfDayMs: Int(s * 1000), monoNs: 0)
    }

    @Test func pausesAndResumesOnlyAfterTheirDwell() {
        var a = AutoPause()
        var log: [(Int, AutoPause.Transition)] = []
        let speeds: [Double] = [5, 5, 0.5, 0.4, 0.3, 0.2, 0.1, 1.2, 2, 0.5, 2, 2, 2, 2]
        for (s, v) in speeds.enumerated() {
            if let t = a.update(speedMps: v, at: stamp(Double(s)), parameters: p) { log.append((s, t)) }
        }
        // Below 1 m/s from second 2: paused at 5. Above 1.5 from 8, broken at 9, again from 10: resumed at 12.
        #expect(log.map(\.0) == [5, 12])
        #expect(log.map(\.1) == [.paused, .resumed])
    }

    @Test func anInterruptionRestartsTheDwell() {
        var a = AutoPause()
        _ = a.update(speedMps: 0.2, at: stamp(0), parameters: p)
        _ = a.update(speedMps: 0.2, at: stamp(2), parameters: p)
        a.interrupt()
        #expect(a.update(speedMps: 0.2, at: stamp(3), parameters: p) == nil)
        #expect(a.update(speedMps: 0.2, at: stamp(6), parameters: p) == .paused)
    }

    @Test func accuracyComesFromGSTElseHDOPTimesTheReceiverError() {
        var e = Epoch()
        #expect(HorizontalAccuracy(epoch: e, receiverErrorM: 5) == nil)
        e.hdop = 2
        #expect(abs(HorizontalAccuracy(epoch: e, receiverErrorM: 5)!.radiusM - 10) < 1e-12)
        e.gstLatErrM = 3; e.gstLonErrM = 4
        let a = HorizontalAccuracy(epoch: e, receiverErrorM: 5)!
        #expect(a.radiusM == 5 && a.sigmaNorthM == 3 && a.sigmaEastM == 4)
    }

    @Test func aJumpIsConfirmedOnlyByFixesThatAgree() {
        var w = JumpWatch()
        func point(_ northM: Double, _ s: Double) -> PipelineState.AcceptedPoint {
            .init(latDeg: SyntheticRide.latDeg(northM: northM), lonDeg: SyntheticRide.startLonDeg, time: stamp(s))
        }
        #expect(JumpWatch.isJump(from: point(0, 0), to: point(300, 1), parameters: p))
        #expect(!JumpWatch.isJump(from: point(0, 0), to: point(30, 1), parameters: p))
        let verdicts = [point(300, 1), point(900, 2), point(905, 3), point(910, 4)].map { w.observe($0, parameters: p) }
        // 900 m disagrees with 300 m: counting starts again there, and the third agreeing fix confirms.
        #expect(verdicts == [false, false, false, true])
    }

    @Test func smoothingFollowsAStraightRideAndDampsNoise() {
        // A rider at 5 m/s east with ±3 m alternating noise: the filter should stay much closer.
        var smoother: KalmanSmoother?
        var worst = 0.0
        for s in 0..<60 {
            let truthE = 5.0 * Double(s)
            let noisy = truthE + (s % 2 == 0 ? 3 : -3)
            let m = KalmanSmoother.Measurement(
                latDeg: SyntheticRide.startLatDeg, lonDeg: SyntheticRide.lonDeg(eastM: noisy), time: stamp(Double(s)),
                sigmaEastM: 3, sigmaNorthM: 3, velocity: (5, 0))
            guard smoother != nil else { smoother = KalmanSmoother(first: m); continue }
            let out = smoother!.update(m, accelerationNoise: p.smoothingAccelerationNoise, velocitySigmaMps: 0.5)
            let errorM = Haversine.distanceM(lat1: out.latDeg, lon1: out.lonDeg,
                                             lat2: SyntheticRide.startLatDeg, lon2: SyntheticRide.lonDeg(eastM: truthE))
            if s >= 10 { worst = max(worst, errorM) }
        }
        #expect(worst < 1.0, "smoothed error \(worst) m against ±3 m noise")
    }

    @Test func localFrameRoundTrips() {
        let f = LocalFrame(originLatDeg: 47.9, originLonDeg: 179.999)
        let en = f.eastNorth(latDeg: 47.91, lonDeg: -179.999)  // across the antimeridian
        #expect(en.eastM > 140 && en.eastM < 160)
        let back = f.latLon(eastM: en.eastM, northM: en.northM)
        #expect(abs(back.latDeg - 47.91) < 1e-12 && abs(back.lonDeg + 179.999) < 1e-9)
    }
}

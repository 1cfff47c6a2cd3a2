import Testing
@testable import RoamCore

@Suite struct PipelineClimbTests {
    private let h = 3.0

    private func count(_ altitudes: [Double]) -> ClimbCounter {
        var c = ClimbCounter()
        for a in altitudes { c.add(altitudeM: a, hysteresisM: h) }
        return c
    }

    @Test func countsAClimbFromTroughToPeakInFull() {
        let c = count([100, 99, 101, 110, 120, 125, 118, 110])
        #expect(c.ascentM == 26)   // trough 99 to peak 125
        #expect(c.descentM == 15)  // 125 down to 110 so far
    }

    @Test func ignoresUndulationsSmallerThanTheHysteresis() {
        let c = count([100, 102, 100.5, 102.5, 100, 101.9, 100])
        #expect(c.ascentM == 0 && c.descentM == 0)
    }

    @Test func totalsNeverGoDownAsALegIsConfirmed() {
        var c = ClimbCounter()
        var last = (0.0, 0.0)
        for a in [100, 104, 110, 108, 106.9, 103, 109, 115, 111.5, 111] as [Double] {
            c.add(altitudeM: a, hysteresisM: h)
            #expect(c.ascentM >= last.0 && c.descentM >= last.1)
            last = (c.ascentM, c.descentM)
        }
        #expect(c.ascentM == 22 && c.descentM == 11)
    }

    @Test func countsNothingAcrossABreak() {
        var c = count([100, 110])
        c.breakSeries()
        c.add(altitudeM: 200, hysteresisM: h)
        c.add(altitudeM: 201, hysteresisM: h)
        #expect(c.ascentM == 10)
    }

    @Test func theLowPassDampsJitterButLetsALoggersSparsePointsThrough() {
        // A 1 Hz altimeter's ±1.6 m jitter on a level road: past 3 m raw, nothing once low-passed (2 s).
        var level = ClimbCounter(), raw = ClimbCounter()
        for s in 0..<120 {
            let a = 100 + (s % 2 == 0 ? 1.6 : -1.6)
            level.add(altitudeM: a, afterS: 1, hysteresisM: h, smoothingS: 2)
            raw.add(altitudeM: a, hysteresisM: h)
        }
        #expect(raw.ascentM > 100 && level.ascentM == 0 && level.descentM == 0)
        // Smart recording: points 7 s apart climbing 4 m each, then level. The climb counts in full.
        var sparse = ClimbCounter()
        for i in 0..<14 { sparse.add(altitudeM: 100 + 4 * Double(min(i, 8)), afterS: 7, hysteresisM: h, smoothingS: 2) }
        #expect(abs(sparse.ascentM - 32) < 0.01)
        // A break forgets the low-passed altitude: a step across it is not smeared into climb.
        sparse.breakSeries()
        for _ in 14..<20 { sparse.add(altitudeM: 200, afterS: 7, hysteresisM: h, smoothingS: 2) }
        #expect(abs(sparse.ascentM - 32) < 0.01)
    }

    private func stamp(_ s: Int) -> TimeStamp { TimeStamp(utcMs: Int64(s) * 1000, timeOfDayMs: s * 1000, monoNs: UInt64(s)) }
    private let p = PipelineParameters()

    @Test func rejectsASpikeAndAcceptsALevelThatPersists() throws {
        var a = BarometricAltimeter()
        let base = try #require(PressureAltitude.pressurePa(altitudeM: 400))
        let high = try #require(PressureAltitude.pressurePa(altitudeM: 430))
        #expect(a.sample(pressurePa: base, at: stamp(0), parameters: p) != .spike)
        #expect(a.sample(pressurePa: high, at: stamp(1), parameters: p) == .spike)
        #expect(a.sample(pressurePa: base, at: stamp(2), parameters: p) != .spike)
        #expect(a.sample(pressurePa: high, at: stamp(3), parameters: p) == .spike)
        #expect(a.sample(pressurePa: high, at: stamp(4), parameters: p) == .spike)
        guard case .step(let level)? = a.sample(pressurePa: high, at: stamp(5), parameters: p) else {
            Issue.record("three agreeing samples should be a step"); return
        }
        #expect(abs(level - 430) < 0.01)
        #expect(a.sample(pressurePa: 0, at: stamp(6), parameters: p) == nil)
    }

    @Test func weatherWhileStandingStillIsAbsorbedAndAWalkUphillIsNot() throws {
        for (movedM, expectOffset) in [(0.0, true), (200.0, false)] {
            var a = BarometricAltimeter()
            _ = a.sample(pressurePa: try #require(PressureAltitude.pressurePa(altitudeM: 400)), at: stamp(0), parameters: p)
            a.beginHold(latDeg: SyntheticRide.startLatDeg, lonDeg: SyntheticRide.startLonDeg)
            // Pressure falls by 150 Pa over four minutes: 13 m of apparent climb.
            for s in 1...240 {
                _ = a.sample(pressurePa: try #require(PressureAltitude.pressurePa(altitudeM: 400)) - 150 * Double(s) / 240,
                             at: stamp(s), parameters: p)
                #expect(abs(a.shown(try #require(a.currentAltitudeM)) - 400) < 1e-9)
            }
            let absorbed = a.endHold(latDeg: SyntheticRide.latDeg(northM: movedM), lonDeg: SyntheticRide.startLonDeg, stillRadiusM: 50)
            #expect(absorbed == expectOffset)
            let after = try #require(a.currentAltitudeM)
            #expect(expectOffset ? abs(after - 400) < 1e-9 : after > 412)
        }
    }
}

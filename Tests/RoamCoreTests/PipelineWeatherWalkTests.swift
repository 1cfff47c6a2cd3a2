import Testing
@testable import RoamCore

/// P6 through the whole pipeline: pressure change while the rider stands at the stop is weather,
/// also when they then walk the bike away (still auto-paused) before riding on; a climb made
/// walking the bike is climb.
@Suite struct PipelineWeatherWalkTests {
    private typealias R = SyntheticRide

    private func pressure(altitudeM: Double) throws -> Double {
        try #require(PressureAltitude.pressurePa(altitudeM: altitudeM))
    }

    /// Rides 60 s east, then stands `stopS` at 300 m while the pressure goes from `fromPa` to `toPa`.
    private func rideThenStop(_ pl: inout RidePipeline, stopS: Int, fromPa: Double, toPa: Double) {
        _ = R.ride(&pl, seconds: 60, speedMps: 5, pressurePa: fromPa)
        for k in 0..<stopS {
            let pa = fromPa + (toPa - fromPa) * Double(k) / Double(stopS)
            _ = pl.process(R.input(R.epoch(second: 60 + k, eastM: 300, speedMps: 0.1), second: 60 + k, pressurePa: pa))
        }
    }

    @Test func weatherAtLunchIsNotClimbWhenTheRiderWalksTheBikeToTheRoad() {
        var pl = RidePipeline(rideID: 1, state: PipelineState())
        // Two hours on flat ground while a front drops the pressure by 3 hPa (about 26 m).
        rideThenStop(&pl, stopS: 7200, fromPa: 96_500, toPa: 96_200)
        // 84 m pushed on the flat to the road at 1.2 m/s (still paused), then ridden on the flat.
        _ = R.ride(&pl, from: 7260, seconds: 70, speedMps: 1.2, startM: 300, pressurePa: 96_200)
        #expect(pl.state.autoPause.isPaused, "walking pace keeps the ride paused")
        _ = R.ride(&pl, from: 7330, seconds: 120, speedMps: 5, startM: 384, pressurePa: 96_200)
        #expect(!pl.state.autoPause.isPaused)
        #expect((pl.state.totals.ascentM ?? -1) < 1, "ascent \(String(describing: pl.state.totals.ascentM))")
        #expect((pl.state.totals.descentM ?? -1) < 1)
    }

    @Test func aClimbPushingTheBikeUpASteepPathIsCounted() throws {
        var pl = RidePipeline(rideID: 1, state: PipelineState())
        let base = try #require(PressureAltitude.altitudeM(pressurePa: 96_500))
        // Ten minutes at the foot of the path while the pressure falls by 1 hPa: weather.
        rideThenStop(&pl, stopS: 600, fromPa: 96_500, toPa: 96_400)
        let weatherM = try #require(PressureAltitude.altitudeM(pressurePa: 96_400)) - base
        // 300 m pushed up a 15 % path at 1 m/s (auto-paused: too slow), 45 m of real climb.
        for k in 0..<300 {
            let s = 660 + k
            let pa = try pressure(altitudeM: base + weatherM + 0.15 * Double(k + 1))
            _ = pl.process(R.input(R.epoch(second: s, eastM: 300 + Double(k + 1), speedMps: 1), second: s, pressurePa: pa))
        }
        #expect(pl.state.autoPause.isPaused, "pushing at 1 m/s is a pause")
        let topPa = try pressure(altitudeM: base + weatherM + 45)
        _ = R.ride(&pl, from: 960, seconds: 120, speedMps: 5, startM: 600, pressurePa: topPa)
        // What was climbed while still standing distance (15 m) from the long stop counts as
        // weather (at most 2.25 m here); the rest of the climb counts, and none of the weather.
        let ascent = try #require(pl.state.totals.ascentM)
        #expect(ascent > 45 - 0.15 * BarometricAltimeter.standingRadiusM - 1 && ascent < 45 + 0.5, "ascent \(ascent)")
    }

    @Test func aSlowPushStraightFromRidingCountsAllOfItsClimb() throws {
        var pl = RidePipeline(rideID: 1, state: PipelineState())
        let base = try #require(PressureAltitude.altitudeM(pressurePa: 96_500))
        _ = R.ride(&pl, seconds: 60, speedMps: 5, pressurePa: 96_500)
        // No stop: the rider gets off and pushes 300 m up a 15 % path at 0.5 m/s (a pause to the
        // auto-pause), 45 m of real climb, the first 50 m of it within the pause's weather radius.
        for k in 0..<600 {
            let s = 60 + k
            let pa = try pressure(altitudeM: base + 0.15 * 0.5 * Double(k + 1))
            _ = pl.process(R.input(R.epoch(second: s, eastM: 300 + 0.5 * Double(k + 1), speedMps: 0.5), second: s, pressurePa: pa))
        }
        #expect(pl.state.autoPause.isPaused)
        _ = R.ride(&pl, from: 660, seconds: 120, speedMps: 5, startM: 600, pressurePa: try pressure(altitudeM: base + 45))
        let ascent = try #require(pl.state.totals.ascentM)
        #expect(ascent > 45 - 1 && ascent < 45 + 0.5, "ascent \(ascent)")
    }
}

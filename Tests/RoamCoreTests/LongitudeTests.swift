import Testing
import RoamCore

/// The antimeridian's one rule: longitudes and steps in [-180, 180), in degrees and in integer units.
@Suite struct LongitudeTests {
    @Test func longitudesAndStepsLandInTheHalfOpenTurn() {
        #expect([180, -180, 179.5, -179.5, 540, -359.5, 0].map { Longitude.wrapped($0) } == [-180, -180, 179.5, -179.5, -180, 0.5, 0])
        #expect(Longitude.wrapped(Int64(-35_999_980), turn: 36_000_000) == 20)
        #expect(Longitude.wrapped(Int64(18_000_000), turn: 36_000_000) == -18_000_000)
        #expect(Longitude.wrapped(Int64(2_147_483_648), turn: 4_294_967_296) == -2_147_483_648, "FIT's +180° semicircles")
        #expect(Longitude.wrapped(Int64(2_147_483_647), turn: 4_294_967_296) == 2_147_483_647)
    }

    @Test func aTrackOverTheAntimeridianUnwrapsIntoContinuousLongitudes() {
        #expect(abs(Longitude.unwrapped(-179.99, after: 179.99) - 180.01) < 1e-9)
        #expect(abs(Longitude.unwrapped(179.99, after: -179.99) + 180.01) < 1e-9)
        #expect(abs(Longitude.unwrapped(-179.98, after: 540.01) - 540.02) < 1e-9, "a second turn round the globe")
        #expect(Longitude.unwrapped(5.7, after: 5.6) == 5.7)
    }

    @Test func aStepCrossesTheAntimeridianOnlyTheShortWayAndInRange() {
        #expect(Longitude.antimeridianCrossing(fromDeg: 179.5, toDeg: -179.5).map { [$0.fraction, $0.leavingDeg] } == [0.5, 180])
        #expect(Longitude.antimeridianCrossing(fromDeg: -179.5, toDeg: 179.5).map { [$0.fraction, $0.leavingDeg] } == [0.5, -180])
        #expect(Longitude.antimeridianCrossing(fromDeg: 180, toDeg: -179.5).map { [$0.fraction, $0.leavingDeg] } == [0, 180])
        #expect(Longitude.antimeridianCrossing(fromDeg: -90, toDeg: 89) == nil, "the short way stays off the antimeridian")
        #expect(Longitude.antimeridianCrossing(fromDeg: 180, toDeg: -180) == nil, "the same meridian: no step")
        #expect(Longitude.antimeridianCrossing(fromDeg: 179.5, toDeg: .nan) == nil && Longitude.antimeridianCrossing(fromDeg: 1e300, toDeg: 5) == nil)
    }
}

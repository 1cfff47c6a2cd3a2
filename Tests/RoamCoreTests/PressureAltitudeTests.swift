import Testing
@testable import RoamCore

/// Reference pressures of the ICAO / US 1976 standard atmosphere at geopotential altitudes.
@Suite struct PressureAltitudeTests {
    @Test func standardSeaLevelIsZeroMetres() throws {
        let h = try #require(PressureAltitude.altitudeM(pressurePa: 101_325))
        #expect(abs(h) < 1e-9)
    }

    @Test(arguments: [
        (1_000.0, 89_874.6), (2_000.0, 79_495.2), (5_000.0, 54_019.9), (11_000.0, 22_632.1), (-500.0, 107_477.7),
    ])
    func matchesTheStandardAtmosphereTable(altitudeM: Double, pressurePa: Double) throws {
        let h = try #require(PressureAltitude.altitudeM(pressurePa: pressurePa))
        #expect(abs(h - altitudeM) < 0.5)
        let p = try #require(PressureAltitude.pressurePa(altitudeM: altitudeM))
        #expect(abs(p - pressurePa) < 5)
    }

    @Test func inverseRoundTripsToMillimetres() throws {
        for h in stride(from: -400.0, through: 6_000, by: 137) {
            let p = try #require(PressureAltitude.pressurePa(altitudeM: h))
            let back = try #require(PressureAltitude.altitudeM(pressurePa: p))
            #expect(abs(back - h) < 1e-6)
        }
    }

    @Test func aHigherQNHRaisesTheAltitudeOfTheSamePressure() throws {
        let standard = try #require(PressureAltitude.altitudeM(pressurePa: 95_000))
        let highQNH = try #require(PressureAltitude.altitudeM(pressurePa: 95_000, seaLevelPa: 102_325))
        // Near sea level 1 hPa is about 8.3 m; 10 hPa about 83 m.
        #expect(highQNH > standard)
        #expect(abs((highQNH - standard) - 84) < 4)
    }

    @Test func aboutEightMetresPerHectopascalNearSeaLevel() throws {
        let a = try #require(PressureAltitude.altitudeM(pressurePa: 101_325))
        let b = try #require(PressureAltitude.altitudeM(pressurePa: 101_225))
        #expect(abs((b - a) - 8.32) < 0.05)
    }

    @Test func impossibleInputGivesNoAltitudeRatherThanNaN() {
        #expect(PressureAltitude.altitudeM(pressurePa: 0) == nil)
        #expect(PressureAltitude.altitudeM(pressurePa: -5) == nil)
        #expect(PressureAltitude.altitudeM(pressurePa: .nan) == nil)
        #expect(PressureAltitude.pressurePa(altitudeM: 50_000) == nil)
        #expect(PressureAltitude.pressurePa(altitudeM: .infinity) == nil)
    }
}

import Testing
@testable import RoamCore

/// The one Swift unit formatter: metric exactly as the commands always wrote it, imperial by the
/// exact definitions (1 mi = 1609.344 m, 1 ft = 0.3048 m), and board.conf's `units` key.
@Suite struct UnitFormatterTests {
    let metric = UnitFormatter(.metric), imperial = UnitFormatter(.imperial)

    @Test func metricIsWhatTheCommandsAlwaysWrote() {
        // Written out, not recomputed as the formatter does: a half rounds away from zero (999.5 m).
        let written: [(metres: Double, km: String, m: String, kmh: String)] = [
            (0, "0.000 km", "0 m", "0.0 km/h"),
            (13_231.012, "13.231 km", "13231 m", "47.6 km/h"),
            (999.5, "1.000 km", "1000 m", "3.6 km/h"),
            (123_456.789, "123.457 km", "123457 m", "444.4 km/h"),
        ]
        for row in written {
            #expect(metric.distance(metres: row.metres, digits: 3) == row.km)
            #expect(metric.length(metres: row.metres, digits: 0) == row.m)
            #expect(metric.speed(metresPerSecond: row.metres / 1000, digits: 1) == row.kmh)
        }
        #expect(metric.distance(metres: 13_231.012, digits: 2) == "13.23 km")
        #expect(metric.area(squareKilometres: 156.2) == "156.2 km²")
        #expect(UnitFormatter.metric == metric)
    }

    @Test func imperialByTheExactDefinitions() {
        #expect(UnitFormatter.metresPerMile == 1609.344 && UnitFormatter.metresPerFoot == 0.3048)
        #expect(imperial.distance(metres: 1609.344, digits: 3) == "1.000 mi")
        #expect(imperial.distance(metres: 100_000, digits: 2) == "62.14 mi")
        #expect(imperial.distance(metres: 13_231.012, digits: 2) == "8.22 mi")
        #expect(imperial.length(metres: 0.3048, digits: 2) == "1.00 ft")
        #expect(imperial.length(metres: 1000, digits: 0) == "3281 ft")
        #expect(imperial.length(metres: 8848, digits: 1) == "29028.9 ft")
        #expect(imperial.speed(metresPerSecond: 1609.344 / 3600, digits: 2) == "1.00 mph")
        #expect(imperial.speed(metresPerSecond: 10, digits: 1) == "22.4 mph")
        #expect(imperial.area(squareKilometres: 2.589988110336) == "1.00 mi²")
        #expect(imperial.distance(metres: -0.0001, digits: 2) == "0.00 mi", "never -0")
        #expect([imperial.distanceUnit, imperial.lengthUnit, imperial.speedUnit] == ["mi", "ft", "mph"])
        #expect([metric.distanceUnit, metric.lengthUnit, metric.speedUnit] == ["km", "m", "km/h"])
    }

    @Test func boardConfUnitsIsOptionalAndChecked() throws {
        #expect(try BoardProfile.parse(BoardProfileTests.valid, file: "b.conf").units == nil)
        #expect(try BoardProfile.parse(BoardProfileTests.valid + "\nunits = imperial", file: "b.conf").units == .imperial)
        #expect(try BoardProfile.parse(BoardProfileTests.valid + "\nunits = metric", file: "b.conf").units == .metric)
        #expect(throws: BoardProfileError(file: "b.conf", line: 13,
            message: "'units' must be one of metric, imperial (default metric), found 'furlongs'")) {
            try BoardProfile.parse(BoardProfileTests.valid + "\nunits = furlongs", file: "b.conf")
        }
    }
}

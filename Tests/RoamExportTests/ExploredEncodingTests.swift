import Testing
import RoamCore
@testable import RoamExport

/// The explored page's cell and track encodings, decoded back, at the places where geohash
/// arithmetic goes wrong: the antimeridian, the poles, the equator and the first and last cell.
@Suite struct ExploredEncodingTests {
    /// Cells at the edges of the geohash plane, and an ordinary ridden patch with runs in it.
    static let edgeCells: [String] = {
        let points: [(Double, Double)] = [(90, 180), (-90, -180), (89.99999, 179.99999), (-89.99999, -179.99999),
                                          (-17.5, 179.9995), (-17.5, -179.9995), (0, 0), (-1e-9, -1e-9), (71.2, -180)]
        var cells = points.map { Geohash.encode(latDeg: $0.0, lonDeg: $0.1, precision: 7)! }
        for i in 0..<40 { cells.append(Geohash.encode(latDeg: 47.99 + Double(i) * 0.0004, lonDeg: 7.84, precision: 7)!) }
        return Array(Set(cells)).sorted()
    }()

    @Test func cellRunsRoundTripAtTheEdgesOfTheMap() throws {
        let values = Self.edgeCells.map { Geohash.integer($0)! }
        #expect(values == values.sorted(), "geohash text order is integer order")
        let text = ExploredCellRuns.encode(values)
        let decoded = try #require(ExploredCellRuns.decode(text))
        #expect(decoded == values)
        #expect(decoded.map { Geohash.text(integer: $0, precision: 7) } == Self.edgeCells)
        #expect(Self.edgeCells.contains("zzzzzzz") && Self.edgeCells.contains("0000000"), "the last and the first cell")
    }

    @Test func consecutiveCellsCostOneRun() throws {
        let start = Geohash.integer("u0m8f30")!
        let run = (0..<500).map { start + UInt64($0) }
        let text = ExploredCellRuns.encode(run)
        #expect(text.utf8.count <= 12, "one run of 500 cells is two numbers, got \(text)")
        #expect(ExploredCellRuns.decode(text) == run)
        let scattered = (0..<500).map { start + UInt64($0) * 2 }
        #expect(ExploredCellRuns.decode(ExploredCellRuns.encode(scattered)) == scattered)
    }

    @Test func numberTextRoundTripsAndRefusesWhatIsNotOne() throws {
        let values: [UInt64] = [0, 1, 31, 32, 33, 1023, 1024, 34_359_738_367, 1 << 59, (1 << 60) - 1]
        var bytes: [UInt8] = []
        for v in values { ExploredNumberText.append(v, to: &bytes) }
        #expect(ExploredNumberText.decode(String(decoding: bytes, as: UTF8.self)) == values)
        var signed: [UInt8] = []
        let deltas: [Int64] = [0, -1, 1, -18_000_000, 18_000_000, -35_999_999]
        for d in deltas { ExploredNumberText.append(signed: d, to: &signed) }
        let back = try #require(ExploredNumberText.decode(String(decoding: signed, as: UTF8.self)))
        #expect(back.map(ExploredNumberText.unzigzag) == deltas)
        #expect(ExploredNumberText.decode("w") == nil, "a number cut short")
        #expect(ExploredNumberText.decode("1<") == nil, "a character outside the alphabet")
        #expect(ExploredCellRuns.decode("1") == nil, "an odd count of numbers is no run list")
    }

    @Test func geohashIntegersAreTheCellsBits() throws {
        for cell in Self.edgeCells + ["u", "u0", "ezs42", "zzzzzzzzzzzz"] {
            let v = try #require(Geohash.integer(cell))
            #expect(Geohash.text(integer: v, precision: cell.count) == cell)
            if cell.count > 1 {
                #expect(Geohash.text(integer: v / 32, precision: cell.count - 1) == String(cell.dropLast()), "parent of \(cell)")
            }
        }
        #expect(Geohash.integer("a") == nil && Geohash.integer("") == nil && Geohash.integer("0123456789bcd") == nil)
    }

    /// The 32 one-character cells tile the sphere: their areas add up to 4πR².
    @Test func cellAreasAddUpToTheSphere() throws {
        let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz")
        let total = alphabet.reduce(0.0) { $0 + Geohash.areaKm2(String($1))! }
        let r = Haversine.earthRadiusM / 1000
        #expect(abs(total - 4 * .pi * r * r) / total < 1e-12)
        let equator = try #require(Geohash.areaKm2(Geohash.encode(latDeg: 0.01, lonDeg: 10, precision: 5)!))
        let polar = try #require(Geohash.areaKm2(Geohash.encode(latDeg: 89.99, lonDeg: 10, precision: 5)!))
        #expect(abs(equator - 23.9) < 0.2, "a precision-5 cell at the equator is about 4.9 km square, got \(equator)")
        #expect(polar < equator / 100, "near the pole the same cell is a sliver, got \(polar)")
    }

    @Test func trackOverTheAntimeridianStaysOneShortLine() throws {
        var track = ExploredTrack(rideID: 4, toleranceM: 0.01)
        let lons = [179.9990, 179.9995, -179.9998, -179.9993, -179.9988]
        let lats = [-17.5, -17.501, -17.5, -17.501, -17.5]  // a zigzag: every point is a corner the track keeps
        for (lat, lon) in zip(lats, lons) { track.add(latDeg: lat, lonDeg: lon, segment: 0) }
        track.add(latDeg: -17.6, lonDeg: 10, segment: 1)  // a segment of one point draws nothing
        track.finish()
        #expect(track.segments.count == 1)
        let text = try #require(track.encodedSegments().first)
        let numbers = try #require(ExploredNumberText.decode(text)).map(ExploredNumberText.unzigzag)
        var lat: Int64 = 0, lon: Int64 = 0, decoded: [(Double, Double)] = []
        for i in stride(from: 0, to: numbers.count, by: 2) {
            lat += numbers[i]; lon += numbers[i + 1]
            decoded.append((Double(lat) / 1e5, Double(lon) / 1e5))
        }
        #expect(decoded.count == lons.count)
        for (i, (point, lonDeg)) in zip(decoded, lons).enumerated() {
            #expect(abs(point.0 - lats[i]) < 1e-9)
            let wrapped = (point.1 + 540).truncatingRemainder(dividingBy: 360) - 180
            #expect(abs(wrapped - lonDeg) < 1e-5, "point \(i): \(point.1)")
            if i > 0 { #expect(abs(point.1 - decoded[i - 1].1) < 0.001, "no jump across the map at point \(i)") }
        }
    }

    @Test func tracksKeepTheirCornersAndEndsAndDropTheStraights() {
        var track = ExploredTrack(rideID: 1, toleranceM: 5)
        let perDegree = Haversine.earthRadiusM * .pi / 180
        for i in 0...300 { track.add(latDeg: 48 + Double(i) / perDegree, lonDeg: 8, segment: 0) }  // 300 m north, 1 m steps
        let corner = (lat: 48 + 300 / perDegree, lon: 8.0)
        for i in 1...300 { track.add(latDeg: corner.lat, lonDeg: 8 + Double(i) / (perDegree * cosine(48 * .pi / 180)), segment: 0) }
        track.finish()
        let points = track.segments[0]
        #expect(points.count == 3, "start, corner, end: \(points)")
        // The corner is found once the line strays past the tolerance: kept within about 10 m of it.
        #expect(points.count == 3 && abs(points[1].lat - Int64((corner.lat * 100_000).rounded())) <= 2
                 && abs(points[1].lon - 800_000) <= 15, "\(points)")
        #expect(points.last?.lon == Int64(((8 + 300 / (perDegree * cosine(48 * .pi / 180))) * 100_000).rounded()), "the last point stays")
    }

    @Test func censusCountsMeasuresAndMarksARide() throws {
        var census = ExploredCensus(highlightRide: 2)
        try census.add(precision: 5, geohash: "u0m8f", firstRide: 1)
        try census.add(precision: 6, geohash: "u0m8f3", firstRide: 1)
        try census.add(precision: 6, geohash: "u0m8f4", firstRide: 2)
        try census.add(precision: 7, geohash: "u0m8f3x", firstRide: 1)
        try census.add(precision: 7, geohash: "u0m8f4b", firstRide: 2)
        try census.add(precision: 7, geohash: "u0m8f4c", firstRide: nil)
        #expect(census.levels[7]?.cells == 3 && census.levels[6]?.cells == 2 && census.levels[5]?.cells == 1)
        #expect(census.newCells(ride: 2, precision: 7) == 1 && census.newCells(ride: nil, precision: 7) == 1)
        #expect(census.highlighted[6] == [Geohash.integer("u0m8f4")!] && census.highlighted[5] == [])
        #expect(abs(census.levels[5]!.areaKm2 - Geohash.areaKm2("u0m8f")!) < 1e-12)
        #expect(throws: ExportError.invalidGeohash("u0m8")) { try census.add(precision: 5, geohash: "u0m8", firstRide: 1) }
        #expect(throws: ExportError.invalidGeohash("u0m8fa")) { try census.add(precision: 6, geohash: "u0m8fa", firstRide: 1) }
    }

    @Test func storedCellsRollUpToTheirPrefixesWithTheEarliestVisit() throws {
        var census = ExploredCensus(highlightRide: 3)
        let stored: [(String, Int64?, Int64?)] = [("u0m8f3x", 1, 500), ("u0m8f3y", 3, 100), ("u0m8f4b", 4, nil),
                                                  ("u0m8f4c", 2, 900), ("u0m9000", nil, 50)]
        for (cell, ride, t) in stored { try census.addStored(geohash: cell, firstRide: ride, firstVisitUTCms: t) }
        try census.finish()
        #expect(census.levels[7]?.cells == 5 && census.levels[6]?.cells == 3 && census.levels[5]?.cells == 2)
        #expect(census.highlighted[6] == [Geohash.integer("u0m8f3")!], "ride 3 came first to u0m8f3 (t 100 before 500)")
        #expect(census.highlighted[5] == [Geohash.integer("u0m8f")!], "and to u0m8f (its earliest cell)")
        #expect(census.newCells(ride: 2, precision: 6) == 1, "u0m8f4: the dated visit at 900 wins over the undated one")
        #expect(census.newCells(ride: nil, precision: 5) == 1, "u0m90: a pruned ride's")
    }
}

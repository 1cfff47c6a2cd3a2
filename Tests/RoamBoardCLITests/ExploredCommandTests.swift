import Foundation
import RoamTestSupport
import Testing
import RoamCore
import RoamSimulator

/// `explored` and the geohash cells behind it, judged by pygeohash where it is installed.
@Suite(.serialized) struct ExploredCommandTests {
    private func expectedCells(_ fixture: DumpFixture, precision: Int) -> [String] {
        let cells = fixture.rides.flatMap(\.accepted).compactMap {
            Geohash.encode(latDeg: $0.epoch.latDeg!, lonDeg: $0.epoch.lonDeg!, precision: 7)
        }
        return Array(Set(cells.map { String($0.prefix(precision)) })).sorted()
    }

    @Test func textListsEveryCellOnceAtEachPrecision() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        for precision in [5, 6, 7] {
            let r = try CLIRunner.run(["explored", "--db", fixture.dbPath, "--precision", "\(precision)"])
            #expect(r.status == 0, "\(r.stderr)")
            let listed = r.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
            #expect(listed == expectedCells(fixture, precision: precision), "precision \(precision)")
        }
        let bad = try CLIRunner.run(["explored", "--db", fixture.dbPath, "--precision", "8"])
        #expect(bad.status == 64)
    }

    @Test(.needs(Judge.isAvailable, Judge.skipReason))
    func geoJSONPolygonsAreTheCellsPygeohashKnows() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let r = try CLIRunner.run(["explored", "--db", fixture.dbPath, "--precision", "6", "--format", "geojson"])
        #expect(r.status == 0, "\(r.stderr)")
        let file = fixture.directory.appendingPathComponent("explored.geojson")
        try Data(r.stdout.utf8).write(to: file)
        let v = try #require(try Judge.verdicts("geojson_judge.py", [file.path])[file.path])
        let features = try #require(v["features"] as? [[String: Any]])
        let cells = expectedCells(fixture, precision: 6)
        #expect(features.count == cells.count)
        let truth = try pygeohash(cells.map { cell -> (Double, Double, Int) in
            let b = Geohash.bounds(cell)!
            return ((b.lat.lowerBound + b.lat.upperBound) / 2, (b.lon.lowerBound + b.lon.upperBound) / 2, 6)
        })
        for (feature, (cell, judged)) in zip(features, zip(cells, truth)) {
            #expect(feature["type"] as? String == "Polygon")
            #expect(feature["closed"] as? Bool == true && feature["ccw"] as? Bool == true, "RFC 7946 right-hand rule")
            #expect((feature["properties"] as? [String: Any])?["geohash"] as? String == cell)
            #expect(judged.cell == cell)
            let bbox = try #require(feature["bbox"] as? [Double])
            for (ours, theirs) in zip(bbox, judged.bbox) { #expect(abs(ours - theirs) < 1e-9, "\(cell)") }
        }
    }

    /// The poles, the antimeridian, the equator and the prime meridian, where off-by-one
    /// comparisons show, and ordinary places on every continent.
    @Test(.needs(Judge.isAvailable, Judge.skipReason))
    func geohashCellsAgreeWithPygeohash() throws {
        var positions: [(Double, Double)] = [
            (90, 0), (-90, 0), (90, 180), (-90, -180), (89.999999, 179.999999), (-89.999999, -179.999999),
            (0, 180), (0, -180), (12.5, 180), (-12.5, -180), (51.5, 179.9999999), (51.5, -179.9999999),
            (0, 0), (0, 1e-9), (-1e-9, 0), (1e-9, -1e-9), (0, 45), (0, -45), (0, 90), (0, -90),
            (47.9950, 7.8420), (-33.4489, -70.6693), (64.1466, -21.9426), (-77.846, 166.676), (35.6762, 139.6503),
        ]
        var generator = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<200 {  // a fixed pseudo-random spread over the whole globe
            let u = Double(generator.next() >> 11) / Double(1 << 53)
            let w = Double(generator.next() >> 11) / Double(1 << 53)
            positions.append((u * 180 - 90, w * 360 - 180))
        }
        let queries = positions.flatMap { p in [5, 6, 7, 12].map { (p.0, p.1, $0) } }
        let truth = try pygeohash(queries)
        for (q, judged) in zip(queries, truth) {
            let ours = try #require(Geohash.encode(latDeg: q.0, lonDeg: q.1, precision: q.2))
            #expect(ours == judged.cell, "(\(q.0), \(q.1)) at precision \(q.2)")
            let b = try #require(Geohash.bounds(ours))
            for (o, t) in zip([b.lat.lowerBound, b.lat.upperBound, b.lon.lowerBound, b.lon.upperBound], judged.bbox) {
                #expect(abs(o - t) < 1e-12, "bounds of \(ours)")
            }
        }
    }

    private func pygeohash(_ queries: [(Double, Double, Int)]) throws -> [(cell: String, bbox: [Double])] {
        let input = try JSONSerialization.data(withJSONObject: queries.map { [$0.0, $0.1, $0.2] as [Any] })
        let out = try #require(try Judge.run("geohash_judge.py", [], stdin: input) as? [[String: Any]])
        return try out.map { (try #require($0["cell"] as? String), try #require($0["bbox"] as? [Double])) }
    }
}

import Foundation
import RoamTestSupport
import Testing

/// `explored --tiles` on the bench's simulated ride, its scores judged by mercantile where
/// ROAM_PYTHON is set.
@Suite(.serialized) struct ExploredTilesTests {
    /// A database holding the bench board's simulated ride (ride 1).
    private func benchRide() throws -> (dir: URL, db: String) {
        let dir = try CLIRunner.temporaryDirectory()
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        return (dir, db)
    }

    /// The zoom table of `--summary`: zoom -> [tiles, max square, max cluster].
    private func scores(_ summary: String) -> [Int: [Int]] {
        var table: [Int: [Int]] = [:]
        for line in summary.split(separator: "\n") {
            let words = line.split(separator: " ").compactMap { Int($0) }
            if words.count == 4, [14, 17].contains(words[0]) { table[words[0]] = Array(words.dropFirst()) }
        }
        return table
    }

    @Test func listSummaryAndGeoJSONAgree() throws {
        let (dir, db) = try benchRide()
        defer { try? FileManager.default.removeItem(at: dir) }
        let summary = try CLIRunner.run(["explored", "--db", db, "--tiles", "--summary"])
        #expect(summary.status == 0, "\(summary.stderr)")
        let table = scores(summary.stdout)
        let z14 = try #require(table[14]), z17 = try #require(table[17])
        #expect(z14[0] > 0 && z17[0] > z14[0], "\(summary.stdout)")
        // The one ride visited every tile first.
        let rideLine = try #require(summary.stdout.split(separator: "\n").first { $0.hasPrefix("1 ") })
        #expect(rideLine.split(separator: " ").prefix(3).compactMap { Int($0) } == [1, z14[0], z17[0]], "\(rideLine)")

        for (zoom, expected) in [(14, z14), (17, z17)] {
            let list = try CLIRunner.run(["explored", "--db", db, "--tiles", "--zoom", "\(zoom)"])
            #expect(list.status == 0, "\(list.stderr)")
            let lines = list.stdout.split(separator: "\n")
            #expect(lines.count == expected[0])
            #expect(lines.allSatisfy { $0.hasPrefix("\(zoom)/") && $0.hasSuffix("ride 1") })

            let geo = try CLIRunner.run(["explored", "--db", db, "--tiles", "--zoom", "\(zoom)", "--format", "geojson"])
            #expect(geo.status == 0, "\(geo.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(geo.stdout.utf8)) as? [String: Any])
            let features = try #require(json["features"] as? [[String: Any]])
            #expect(features.count == expected[0])
            let properties = features.compactMap { $0["properties"] as? [String: Any] }
            #expect(properties.allSatisfy { $0["z"] as? Int == zoom && $0["first_ride"] as? Int == 1 })
            #expect(properties.filter { $0["in_max_square"] as? Bool == true }.count == expected[1] * expected[1])
            #expect(properties.filter { $0["cluster"] as? Bool == true }.count >= expected[2])
        }
    }

    @Test func optionsThatDoNotGoTogetherAreUsageErrors() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("none.db").path
        for args in [["--zoom", "17"], ["--tiles", "--precision", "6"], ["--tiles", "--summary", "--zoom", "17"],
                     ["--tiles", "--zoom", "15"]] {
            let r = try CLIRunner.run(["explored", "--db", db] + args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
        }
    }

    @Test(.needs(Judge.isAvailable, Judge.skipReason))
    func scoresAgreeWithMercantile() throws {
        let (dir, db) = try benchRide()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("ride1.csv").path
        let dump = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "csv", "--out", csv])
        #expect(dump.status == 0, "\(dump.stderr)")
        let summary = try CLIRunner.run(["explored", "--db", db, "--tiles", "--summary"])
        #expect(summary.status == 0, "\(summary.stderr)")
        let ours = scores(summary.stdout)
        let judged = try #require(try Judge.run("tiles_judge.py", [csv]) as? [String: [String: Any]])
        for zoom in [14, 17] {
            let j = try #require(judged["\(zoom)"])
            let theirs = ["tiles", "max_square", "max_cluster"].map { j[$0] as? Int }
            let mine: [Int?] = try #require(ours[zoom]).map { $0 }
            #expect(mine == theirs, "zoom \(zoom): \(summary.stdout)")
        }
    }
}

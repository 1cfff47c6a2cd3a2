import Foundation
import Testing

/// A cell's first visit is the earliest, not the ride stored first (issue 26): an older archive
/// imported after the board's rides takes the cells and tiles it reached first.
@Suite struct ExploredEarliestVisitTests {
    /// Two minutes north from the same start, one point a second, on `day` (YYYY-MM-DD).
    static func gpx(day: String) -> String {
        var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Test Logger\"><trk><trkseg>\n"
        for t in 0..<120 {
            s += "<trkpt lat=\"\(47 + Double(t) * 1e-4)\" lon=\"8.0\"><ele>400</ele><time>\(day)T08:0\(t / 60):"
                + (t % 60 < 10 ? "0" : "") + "\(t % 60)Z</time></trkpt>\n"
        }
        return s + "</trkseg></trk></gpx>\n"
    }

    /// Ride 1 rode it in 2024, ride 2 (imported after) in 2020. Before: every cell said "2024-05-01 … ride 1".
    @Test func anOlderRideImportedLaterTakesTheCellsAndTiles() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        for (name, day) in [("recent", "2024-05-01"), ("archive", "2020-05-01")] {
            let file = dir.appendingPathComponent("\(name).gpx")
            try Self.gpx(day: day).write(to: file, atomically: true, encoding: .utf8)
            let imported = try CLIRunner.run(["import", "--db", db, file.path])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let cells = try CLIRunner.run(["explored", "--db", db, "--precision", "7"])
        #expect(cells.status == 0, "\(cells.stderr)")
        let lines = cells.stdout.split(separator: "\n")
        #expect(lines.count > 5, "\(cells.stdout)")
        for line in lines {
            #expect(line.contains("2020-05-01T") && line.hasSuffix("ride 2"), "\(line)")
        }
        let tiles = try CLIRunner.run(["explored", "--db", db, "--tiles", "--zoom", "17", "--format", "text"])
        #expect(tiles.status == 0, "\(tiles.stderr)")
        let tileLines = tiles.stdout.split(separator: "\n")
        #expect(!tileLines.isEmpty && tileLines.allSatisfy { $0.hasSuffix("ride 2") }, "\(tiles.stdout)")
    }
}

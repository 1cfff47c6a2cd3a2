import Foundation
import Glibc
import RoamStore
import RoamTestSupport
import Testing

/// `dump --not-dumped` into a folder with room for some rides and not others: a ride whose file does
/// not fit keeps only itself back. The rides after it are still written (each whole or not at all) and
/// marked, and the last words say which were not written and how many were. Before, the dump stopped at
/// the first file that did not fit, never tried the rest, and marked none, not even those written.
/// (The folder here is a tmpfs, in RAM: the written ride is said and not marked, as on any folder in RAM.)
@Suite(.serialized, .needs(geteuid() == 0, "mounting a small tmpfs needs root"))
struct DumpFullFolderTests {
    @Test func aRideThatDoesNotFitKeepsOnlyItselfBack() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        func size(_ id: Int64) throws -> Int {
            let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(id)", "--format", "gpx", "-o", "-"])
            try #require(r.status == 0, "\(r.stderr)")
            return r.stdout.utf8.count
        }
        let (big, small) = (try size(f.a.id), try size(f.b.id))
        let room = Int64((small + 4095) / 4096 * 4096 + 8192)
        try #require(Int64(big) > room + 8192, "ride \(f.a.id)'s file (\(big) B) must not fit where ride \(f.b.id)'s (\(small) B) does")
        try DriveProbe.onSmallCard("dump-full-folder", megabytes: 2) { _, mount in
            let out = mount.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try FullStorage.fill(mount, leaving: room)
            let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "gpx", "-o", out.path + "/"])
            #expect(r.status == 74, "\(r.stderr)")
            #expect(r.stderr.contains("ride \(f.a.id): cannot write "), "\(r.stderr)")
            #expect(r.stderr.contains("(the storage is full)"), "\(r.stderr)")
            #expect(r.stderr.contains("(ride \(f.a.id) not written; 1 of 2 rides written)"), "\(r.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
            #expect(files == ["20260615T073000Z-ride-\(f.b.id).gpx"], "\(files)")
            // Ride B's file is whole and goes on to be marked: here, a folder in RAM, it is said not to be
            // (on the card it is); ride A, not written, is never marked.
            #expect(r.stderr.contains("ride \(f.b.id) written but not marked as handed over: \(out.path) is on tmpfs, in RAM"), "\(r.stderr)")
            let db = try SQLiteConnection(path: f.dbPath, mode: .readOnly)
            #expect(try db.singleText("SELECT group_concat(id) FROM rides WHERE dumped_utc_ms IS NOT NULL") == nil)
        }
    }
}

extension DumpFullFolderTests {
    /// A ride refused for a file in its way and a ride that does not fit, in one dump: one count of the
    /// rides, said once (two counts that disagreed before: "0 of 2 … ; … (0 of 1 rides written)").
    @Test func aRefusedFileAndAFullCardAreCountedOnce() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        try DriveProbe.onSmallCard("dump-full-refused", megabytes: 1) { _, mount in
            let out = mount.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: out.appendingPathComponent("20260614T073000Z-ride-\(f.a.id).gpx"))
            try FullStorage.fill(mount)
            let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "gpx", "-o", out.path + "/"])
            #expect(r.status == 74, "\(r.stderr)")
            let last = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.contains("(ride \(f.b.id) not written; 0 of 2 rides written); ride \(f.a.id) not written: "), "\(last)")
            #expect(last.hasSuffix("or move it away"), "one count, not two: \(last)")
        }
    }
}

/// `bench` and `bench-cadence` measure bytes written and syncs. In a folder in RAM (/tmp on
/// Raspberry Pi OS trixie, their default) those are RAM's: they said "0 B" per batch and a ratio far
/// below its goal, with no word why. One line now says where the folder is and what to give instead.
@Suite(.serialized, .needs(geteuid() == 0, "mounting a small tmpfs needs root"))
struct BenchInRAMTests {
    @Test func aScratchFolderInRAMIsSaidBeforeTheFigures() throws {
        try DriveProbe.onSmallCard("bench-in-ram", megabytes: 64) { _, mount in
            let r = try CLIRunner.run(["bench", "--dir", mount.appendingPathComponent("scratch").path, "--rounds", "1", "--per-round", "2",
                                       "--small", "10", "--medium", "20", "--large", "30"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("bench: the scratch folder \(mount.path)/scratch is on tmpfs, in RAM: the bytes written, the syncs "
                                      + "and their times below are RAM's, not the SD card's; give --dir a folder on the card"), "\(r.stderr)")
        }
    }
}

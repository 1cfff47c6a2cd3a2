import Foundation
import Testing
import RoamStore

/// A ride is handed over (marked dumped, so `prune --dumped-before` may delete it) only once a whole
/// file of it is on storage. Sent to standard output it once was marked too: `dump … -o - | cat > /dev/full`
/// lost the pipe's only copy, and the ride was pruneable all the same.
@Suite struct DumpStandardOutputMarkTests {
    private func dumpedAt(_ db: String, _ id: Int64) throws -> Int64? {
        try #require(try RideReader(path: db).ride(id: id)).dumpedUTCms
    }

    @Test(arguments: ["fit", "gpx"])
    func aRideSentToStandardOutputIsNotMarked(format: String) throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", format, "-o", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.isEmpty)
        #expect(r.stderr.contains("ride \(f.a.id) went to standard output: not marked as handed over; dump it to a file or folder to mark it"),
                "\(r.stderr)")
        #expect(try dumpedAt(f.dbPath, f.a.id) == nil)
        let prune = try CLIRunner.run(["prune", "--db", f.dbPath, "--dumped-before", "2099-01-01", "--dry-run"])
        #expect(!prune.stdout.contains("would prune 1 ride"), "\(prune.stdout)")

        // --not-dumped to standard output offers the same ride again: nothing was handed over.
        let again = try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", format, "-o", "-"])
        #expect(again.status == 64 && again.stderr.contains("2 rides selected"), "\(again.stderr)")
    }

    /// The same ride written to a file is marked, and the line about standard output is not said;
    /// sent to standard output after that, it keeps its mark and needs no word.
    @Test func theSameRideWrittenToAFileIsMarked() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let file = f.directory.appendingPathComponent("a.fit").path
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "fit", "-o", file])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("standard output"), "\(r.stderr)")
        let marked = try dumpedAt(f.dbPath, f.a.id)
        #expect(marked != nil)
        let piped = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx"])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
        #expect(try dumpedAt(f.dbPath, f.a.id) == marked)
    }

    /// A ride still recording says its own line (never marked, wherever it went), not the standard output one.
    @Test func aRecordingRideOnStandardOutputSaysOnlyThatItIsRecording() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.c.id)", "--format", "gpx"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("ride \(f.c.id) is still recording"), "\(r.stderr)")
        #expect(!r.stderr.contains("went to standard output"), "\(r.stderr)")
        #expect(try dumpedAt(f.dbPath, f.c.id) == nil)
    }
}

import Foundation
import RoamCore
@testable import RoamStore
import RoamTestSupport
import Testing

/// A card written by an earlier release, under the code of this one: the databases in
/// Tests/Data/upgrade were written by the earlier releases' own binaries, killed with SIGKILL
/// mid-ride (how each was made: the README beside them).
@Suite(.serialized) struct UpgradeTests {
    static let data = CLIRunner.repoRoot.appendingPathComponent("Tests/Data/upgrade")
    static let algorithm = PipelineParameters().algorithm

    /// The fixture copied into a fresh folder as `rides.db` (tests write to it).
    static func card(_ name: String) throws -> (dir: URL, db: String) {
        let dir = try CLIRunner.temporaryDirectory()
        let db = dir.appendingPathComponent("rides.db")
        try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: db)
        return (dir, db.path)
    }

    static func run(_ arguments: [String]) throws -> CLIRunner.Result {
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 0, "\(arguments.joined(separator: " ")): \(r.stderr)")
        return r
    }

    /// Resumed, the rest of the ride was derived by this release's algorithm under the stored name of
    /// the earlier one: `show` said "roam-pipeline/6" over totals that mixed the two, without a word.
    @Test("P2/P7: a ride an earlier algorithm left interrupted is closed at the next start, in words, its totals its own")
    func interruptedRideOfAnEarlierAlgorithmIsClosed() throws {
        let (dir, db) = try Self.card("pipeline6-interrupted.sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try #require(try RideReader(path: db).rides().first)
        try #require(before.state == .recording && before.parameters.algorithm == "roam-pipeline/6")
        #expect(try Self.run(["rides", "--db", db]).stdout.contains("interrupted (closed on next start: recorded by roam-pipeline/6)"))

        let record = try Self.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(record.stderr.contains("ride 1: closed at restart: its fixes were derived by roam-pipeline/6 and this roam-board "
                                       + "derives them with \(Self.algorithm)"), "\(record.stderr)")
        let reader = try RideReader(path: db)
        let rides = try reader.rides()
        try #require(rides.count == 2, "\(rides.map(\.id))")
        let old = rides[0], new = rides[1]
        #expect(old.state == .stopped && old.parameters.algorithm == "roam-pipeline/6")
        #expect(old.totals == before.totals, "the closed ride's totals are what the earlier release committed")
        #expect(try reader.gapEvents(ride: old.id, .loggerRestarted).isEmpty)
        #expect(new.state == .stopped && new.parameters.algorithm == Self.algorithm)
        #expect(new.startedUTCms == old.startedUTCms, "the bench script starts its ride anew for the new ride")
        #expect(try Self.run(["show", "--db", db, "--ride", "1"]).stdout.contains("parameters  roam-pipeline/6"))
        #expect(try Self.run(["check", "--db", db]).stdout.hasSuffix("consistent\n"))
    }

    @Test("a schema-2 card (roam-pipeline/4, interrupted) reads, records, checks, rederives and hands over after the upgrade")
    func schemaTwoCardWorksAfterTheUpgrade() throws {
        let (dir, db) = try Self.card("schema2-interrupted.sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Read-only first, as a rider looks before riding: schema 2 is read without migrating it.
        #expect(try Self.run(["show", "--db", db, "--ride", "1"]).stdout.contains("parameters  roam-pipeline/4"))
        #expect(try Self.run(["check", "--db", db]).stdout.contains("ride 1 (recording): 18 fixes, 0 gaps: consistent"))
        #expect(try RideReader(path: db).schemaVersion == 2)
        let before = try #require(try RideReader(path: db).rides().first)

        let record = try Self.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(record.stderr.contains("ride 1: closed at restart: its fixes were derived by roam-pipeline/4"), "\(record.stderr)")
        let reader = try RideReader(path: db)
        #expect(reader.schemaVersion == Migrations.latestVersion)
        #expect(try reader.ride(id: 1)?.totals == before.totals)
        #expect(try Self.run(["check", "--db", db]).stdout.hasSuffix("consistent\n"))
        let out = dir.appendingPathComponent("out").path + "/"
        _ = try Self.run(["dump", "--db", db, "--all", "--format", "fit", "-o", out])
        _ = try Self.run(["view", "--db", db, "--ride", "1", "-o", dir.appendingPathComponent("ride-1.html").path])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 2)
        let rederive = try Self.run(["rederive", "--db", db, "--ride", "1"])
        #expect(rederive.stdout.contains("ride 1 rederived with \(Self.algorithm)"), "\(rederive.stdout)")
        #expect(try Self.run(["show", "--db", db, "--ride", "1"]).stdout.contains("parameters  \(Self.algorithm)"))
        #expect(try Self.run(["check", "--db", db]).stdout.hasSuffix("consistent\n"))
    }

    /// A schema-3 release later than this card's wrote barometer events into schema 3; a schema-3 build
    /// before them called that ride a corrupt row. The next `record` raises the card to 4, which
    /// every schema-3 build refuses in words ("newer than version 3 … use a newer roam-board"), and
    /// on to 5 (`SchemaV5`: imports may be unfinished).
    @Test("a schema-3 card holding barometer events is read as schema 3, and record raises it to 4 and on")
    func schemaThreeCardIsRaisedToFour() throws {
        let (dir, db) = try Self.card("pipeline6-interrupted.sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            let card = try SQLiteConnection(path: db, mode: .readWrite)
            try card.execute("""
                INSERT INTO events (ride_id, kind, detail, before_seq) VALUES (1, 'barometer-missing', 'no answer', 5);
                INSERT INTO events (ride_id, kind, detail, before_seq) VALUES (1, 'barometer-back', '', 8);
                """)
        }
        #expect(try Self.run(["show", "--db", db, "--ride", "1"]).stdout.contains("parameters  roam-pipeline/6"))
        #expect(try RideReader(path: db).schemaVersion == 3, "a read-only command migrated the card")

        _ = try Self.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        let reader = try RideReader(path: db)
        #expect(reader.schemaVersion == Migrations.latestVersion)
        #expect(try reader.connection.singleText("SELECT value FROM meta WHERE key = 'migration.4'") == "event kinds added since schema 3")
        #expect(try reader.events(ride: 1).map(\.kind).filter { $0 == .barometerMissing || $0 == .barometerBack }
                == [.barometerMissing, .barometerBack])
        #expect(try Self.run(["check", "--db", db]).stdout.hasSuffix("consistent\n"))
    }

    /// The drive's image kept what the build before the upgrade made while the rides stayed the
    /// same: over an image of ea152b3 (FIT and GPX only), this build said "1 ride on the drive
    /// (2 files)" and built nothing, so the rider never got the ride pages, index.html or the new
    /// README. An earlier build is played here by a copy of this binary with another file time.
    @Test(.needs(DriveProbe.isAvailable, DriveProbe.skipReason))
    func driveImageOfAnEarlierBuildIsMadeAgain() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        _ = try DriveProbe.recordBenchRide(db)
        let earlier = dir.appendingPathComponent("earlier-roam-board")
        try FileManager.default.copyItem(at: CLIRunner.binary, to: earlier)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_764_842_245)], ofItemAtPath: earlier.path)
        let first = try CLIRunner.run(["drive-image", "--db", db], executable: earlier)
        try #require(first.status == 0 && first.stderr.contains("drive: built"), "\(first.stderr)")

        let upgraded = try Self.run(["drive-image", "--db", db])
        #expect(upgraded.stderr.contains("drive: built"), "this build kept the earlier build's files: \(upgraded.stdout) \(upgraded.stderr)")
        let again = try Self.run(["drive-image", "--db", db])
        #expect(!again.stderr.contains("drive: built"), "nothing changed, yet the image was built again: \(again.stderr)")
    }
}

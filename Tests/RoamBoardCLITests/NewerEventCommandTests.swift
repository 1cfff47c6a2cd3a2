import Foundation
@testable import RoamStore
import Testing

/// A ride into which a newer roam-board wrote an event kind and a gap cause this one does not know:
/// every command reads what it can and says, in words, what it passed over (before, show, view
/// and check refused the whole database: "unreadable row in events … event kind '…'").
@Suite(.serialized) struct NewerEventCommandTests {
    static let named = "what a newer roam-board wrote: event kind 'wheel-sensor-lost', gap cause 'tyre flat'"

    /// An earlier release's card, its ride stopped, with the newer release's rows added by SQL.
    static func card() throws -> (dir: URL, db: String) {
        let (dir, db) = try UpgradeTests.card("pipeline6-interrupted.sqlite")
        let card = try SQLiteConnection(path: db, mode: .readWrite)
        try card.execute("""
            UPDATE rides SET state = 'stopped' WHERE id = 1;
            INSERT INTO events (ride_id, kind, t_mono_ns, detail) VALUES (1, 'wheel-sensor-lost', 5, 'magnet gone');
            INSERT INTO events (ride_id, kind, detail, before_seq) VALUES (1, 'gap', 'tyre flat', 30);
            """)
        return (dir, db)
    }

    @Test("show, rides, dump and view read the ride and name what a newer roam-board wrote")
    func readersShowWhatTheyCan() throws {
        let (dir, db) = try Self.card()
        defer { try? FileManager.default.removeItem(at: dir) }
        let show = try UpgradeTests.run(["show", "--db", db, "--ride", "1"])
        #expect(show.stdout.contains("this ride holds \(Self.named)"), "\(show.stdout)")
        #expect(show.stdout.contains("fixes       22:") && show.stdout.contains("gap: tyre flat: the ride ended in it, no fix after it until the stop"), "\(show.stdout)")
        // One query over events marks the ride in the listing; before, nothing there named it.
        let rides = try UpgradeTests.run(["rides", "--db", db]).stdout.split(separator: "\n")
        #expect(rides.first { $0.hasPrefix("   1  stopped") }?.hasSuffix("  +newer") == true, "\(rides)")
        #expect(rides.last == "+newer: holds what a newer roam-board wrote ('roam-board show --ride ID' names it)", "\(rides)")
        let gpx = try UpgradeTests.run(["dump", "--db", db, "--ride", "1", "--format", "gpx"])
        #expect(gpx.stdout.components(separatedBy: "<trkpt ").count - 1 == 9, "the 9 accepted fixes")
        let page = dir.appendingPathComponent("ride-1.html").path
        _ = try UpgradeTests.run(["view", "--db", db, "--ride", "1", "-o", page])
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("This ride holds \(Self.named)".replacingOccurrences(of: "'", with: "&apos;")))
    }

    @Test("check does not judge that ride and exits 65, and rederive refuses it, both in words")
    func checkAndRederiveSayTheyCannot() throws {
        let (dir, db) = try Self.card()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A check that could not judge a ride is no pass: it exited 0.
        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 65 && check.stderr.contains("\(db): 1 ride not judged (see the report above): nothing wrong was found, "
                                                            + "but this roam-board cannot vouch for it"), "\(check.status) \(check.stderr)")
        #expect(check.stdout.contains("ride 1 (stopped): 22 fixes, 0 gaps: not judged\n  this ride holds \(Self.named): "
                                      + "this roam-board cannot judge it"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("consistent, but 1 ride not judged (see above)\n"), "\(check.stdout)")
        let rederive = try CLIRunner.run(["rederive", "--db", db, "--ride", "1"])
        #expect(rederive.status == 65 && rederive.stderr.contains("ride 1 holds \(Self.named); this roam-board cannot rederive it"),
                "\(rederive.stderr)")
    }
}

import Foundation
import Glibc
import RoamStore
import Testing

/// A replay and a live recording never go on with each other's ride. A plain `record` after a
/// Ctrl-C'd replay took up the replay's ride ("resumed after a restart") and appended the bench ride
/// to it behind a "logger restarted" gap; a replay after a Ctrl-C'd live `record` closed the live
/// ride saying "the replay recording it was interrupted", which was false. Each start now closes the
/// other's ride with an event saying why, one line says so, and `show` and the ride's page say it too.
@Suite(.serialized) struct ReplayLiveRideTests {
    /// A live start's words for a replay's ride, up to the apostrophe the page escapes.
    static let liveCloses = "closed: the replay recording it was interrupted, and a live recording never goes on with a replay"
    static let replayCloses = "closed: a live ride left recording, which a replay never goes on with; this replay records a new ride"

    @Test("Ctrl-C mid-replay, then a plain record: the replay's ride is closed in words, the live ride is a ride of its own")
    func aLiveStartClosesAReplaysRide() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ride.gpx")
        // 90 min before the simulated ride's first fix (2026-06-14 07:30 UTC): within the 6 h a
        // resumed ride may be apart by GNSS time, so nothing but the replay's kind closes it.
        try ReplayInterruptTests.track(hour: "2026-06-14T06").write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        let stopped = try ReplayInterruptTests.ctrlC(replaying: file, into: db, afterAcks: 2)
        #expect(stopped.status == 130, "a replay cut short by Ctrl-C exits 130: \(stopped.stderr)")
        let replayed = try #require(try RideReader(path: db).rides().last)
        try #require(replayed.state == .recording, "the Ctrl-C did not leave the ride recording")

        let live = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(live.status == 0, "\(live.stderr)")
        let said = live.stderr.split(separator: "\n").filter { $0.hasPrefix("ride \(replayed.id): ") }
        #expect(said.count == 1 && said[0].hasPrefix("ride \(replayed.id): \(Self.liveCloses)"), "\(live.stderr)")
        #expect(!live.stderr.contains("resumed after a restart"), "\(live.stderr)")

        let reader = try RideReader(path: db)
        let closed = try #require(try reader.ride(id: replayed.id))
        #expect(closed.state == .stopped && closed.totals.fixCount == replayed.totals.fixCount,
                "the live ride's fixes went into the replay's ride \(replayed.id): \(closed.totals.fixCount) against \(replayed.totals.fixCount)")
        let events = try reader.events(ride: replayed.id)
        #expect(events.contains { $0.kind == .stop && $0.detail.hasPrefix(Self.liveCloses) }, "\(events)")
        #expect(!events.contains { $0.kind == .gap && $0.detail == "logger restarted" }, "\(events)")
        let own = try #require(try reader.rides().last)
        #expect(own.id != replayed.id && own.state == .stopped && own.totals.fixCount > 0, "the live recording recorded no ride of its own")

        try Self.expectEnding(of: replayed.id, db: db, dir: dir, says: Self.liveCloses)
    }

    @Test("a live record stopped with Ctrl-C, then a replay: the live ride is closed as a live ride, and the replay records its own")
    func aReplayClosesALiveRideInItsOwnWords() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let child = try TrialChild(TrialPaths.binary, ["record", "--board", "Boards/bench", "--db", db, "--realtime", "--acks", "--quiet"])
        try #require(child.wait { out, _ in out.filter { $0.contains("fixes=1") }.count >= 2 }, "\(child.stderrLines)")
        kill(child.pid, SIGINT)
        // Stopping is how a live recorder ends: 0, and its ride goes on at the next start.
        #expect(child.finish() == 0, "\(child.stderrLines)")
        let ride = try #require(try RideReader(path: db).rides().last)
        try #require(ride.state == .recording, "the Ctrl-C did not leave the live ride recording")
        #expect(child.stderrLines.last?.hasSuffix("ride \(ride.id) goes on at the next start, after a gap") == true, "\(child.stderrLines)")

        let file = dir.appendingPathComponent("ride.gpx")
        try ReplayInterruptTests.track().write(to: file, atomically: true, encoding: .utf8)
        let replay = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", file.path, "--quiet"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stderr.contains("ride \(ride.id): \(Self.replayCloses)"), "\(replay.stderr)")
        #expect(!replay.stderr.contains("the replay recording it was interrupted"), "\(replay.stderr)")
        let reader = try RideReader(path: db)
        #expect(try reader.events(ride: ride.id).contains { $0.kind == .stop && $0.detail == Self.replayCloses })
        let own = try #require(try reader.rides().last)
        #expect(own.id != ride.id && own.state == .stopped && own.totals.fixCount == ReplayInterruptTests.points,
                "the replay recorded no full ride of its own")

        try Self.expectEnding(of: ride.id, db: db, dir: dir, says: Self.replayCloses)
    }

    /// `show` and the ride's page say how the ride ended: the closing event's words.
    static func expectEnding(of id: Int64, db: String, dir: URL, says words: String) throws {
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "\(id)"])
        #expect(show.status == 0 && show.stdout.contains("\n  ended       \(words)"), "\(show.stdout)")
        let page = dir.appendingPathComponent("ride-\(id).html")
        let view = try CLIRunner.run(["view", "--db", db, "--ride", "\(id)", "-o", page.path])
        try #require(view.status == 0, "\(view.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<tr><th>Ended</th><td>\(words)"), "no Ended row with \(words)")
    }
}

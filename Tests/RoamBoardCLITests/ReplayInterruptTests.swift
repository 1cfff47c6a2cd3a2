import Foundation
import Glibc
import RoamCore
import RoamStore
import Testing

/// One Ctrl-C during `record --replay` left a ride recording; the next replay's first scripted
/// press stopped that ride, recorded nothing, exited 0 and left another empty interrupted ride, and
/// so on. Now a replay always records its own ride, and says what became of the interrupted one.
@Suite(.serialized) struct ReplayInterruptTests {
    static let points = 40

    /// A GPX track of `points` points, one a second, 5 m/s northwards, from the start of `hour` (UTC).
    static func track(hour: String = "2024-05-01T10") -> String {
        var body = ""
        for i in 0..<points {
            let lat = 48.0 + 5.0 * Double(i) / 111_195
            body += "<trkpt lat=\"\(String(format: "%.7f", lat))\" lon=\"7.85\"><ele>280.0</ele>"
                + "<time>\(hour):\(String(format: "%02d:%02d", i / 60, i % 60))Z</time></trkpt>\n"
        }
        return ReplayInputTests.gpx(body)
    }

    /// `record --replay FILE --realtime` into `db`, at the track's own pace so the signal lands
    /// mid-ride: Ctrl-C after `acks` acknowledged batches. Its exit status (130: a replay cut short) and what it said.
    static func ctrlC(replaying file: URL, into db: String, afterAcks acks: Int) throws -> (status: Int32, stderr: [String]) {
        let child = try TrialChild(TrialPaths.binary, ["record", "--board", "Boards/bench", "--db", db, "--replay", file.path,
                                                        "--realtime", "--acks", "--quiet"])
        let started = child.wait { out, _ in out.filter { $0.hasPrefix("ack ") }.count >= acks }
        try #require(started, "no acknowledged batch: \(child.stderrLines)")
        kill(child.pid, SIGINT)
        return (child.finish(), child.stderrLines)
    }

    @Test("Ctrl-C mid-replay, then replay, five times: five full rides, each interrupted one closed with words")
    func ctrlCThenReplayRecordsAFullRideEachTime() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ride.gpx")
        try Self.track().write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        for round in 1...5 {
            let stopped = try Self.ctrlC(replaying: file, into: db, afterAcks: 2)
            #expect(stopped.status == 130, "round \(round): a replay cut short by Ctrl-C exits 130: \(stopped.stderr)")
            let interrupted = try #require(try RideReader(path: db).rides().last)
            #expect(interrupted.state == .recording, "round \(round): the Ctrl-C did not leave the ride recording")

            let replay = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", file.path, "--quiet"])
            #expect(replay.status == 0, "round \(round): \(replay.stderr)")
            #expect(replay.stderr.contains("ride \(interrupted.id): closed: the replay recording it was interrupted"), "\(replay.stderr)")
            let reader = try RideReader(path: db)
            let rides = try reader.rides()
            let closed = try #require(rides.first { $0.id == interrupted.id })
            #expect(closed.state == .stopped)
            #expect(try reader.events(ride: closed.id).contains { $0.kind == .stop && $0.detail.contains("was interrupted") })
            let full = try #require(rides.last)
            #expect(full.id != interrupted.id && full.state == .stopped, "round \(round): the replay recorded no ride of its own")
            #expect(full.totals.fixCount == Self.points, "round \(round): ride \(full.id) holds \(full.totals.fixCount) fixes")
        }
        #expect(try RideReader(path: db).rides().filter { $0.totals.fixCount == Self.points }.count == 5)
    }

    /// A GPX has no speed or course; sent empty, the page drew the track grey ("no speed recorded")
    /// beside a card with a maximum speed. RMC now carries both, from the positions and times.
    @Test("a replayed GPX track's RMC carries the speed and course its positions and times imply")
    func replayedTrackCarriesSpeedAndCourse() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ride.gpx")
        try Self.track().write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", file.path, "--quiet"])
        try #require(r.status == 0, "\(r.stderr)")
        let reader = try RideReader(path: db)
        let ride = try #require(try reader.rides().first)
        var speeds: [Double] = [], courses: [Double] = []
        try reader.forEachFix(ride: ride.id) { fix in
            if let s = fix.epoch.speedMps { speeds.append(s) }
            if let c = fix.epoch.courseDeg { courses.append(c) }
        }
        // 5 m/s due north, rounded to NMEA's thousandth of a knot and hundredth of a degree.
        #expect(speeds.count == Self.points && speeds.allSatisfy { abs($0 - 5.0) < 0.01 }, "\(speeds.prefix(5))")
        #expect(courses.count == Self.points && courses.allSatisfy { min($0, 360 - $0) < 0.05 }, "\(courses.prefix(5))")
    }

    /// Issue 26: every replay that is not a ride exits 65 (EX_DATAERR); a folder was a usage error (64).
    @Test("a folder given to --replay is no ride (65), and no ride or database is made")
    func aFolderIsRefused() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("data/rides.db")
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db.path, "--replay", dir.path + "/", "--quiet"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("is a folder: name a GPX track, an NMEA capture or a roam-board database"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db.path))
    }
}

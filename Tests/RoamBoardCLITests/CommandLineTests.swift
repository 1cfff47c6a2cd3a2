import Foundation
import RoamCore
import RoamTestSupport
import Testing

/// The executable end to end: usage errors, bad input, the bench ride recorded and dumped.
@Suite(.serialized) struct CommandLineTests {
    @Test func unknownSubcommandIsAUsageErrorNamingTheChoices() throws {
        let r = try CLIRunner.run(["frobnicate"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("unknown subcommand 'frobnicate' (expected one of: record, rides"))
    }

    @Test func unknownFormatNamesTheAcceptedOnes() throws {
        let r = try CLIRunner.run(["dump", "--db", "/nonexistent.db", "--ride", "1", "--format", "kml"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("unknown format 'kml' for --format (expected one of: gpx"))
    }

    @Test func missingValueSaysWhatWasExpected() throws {
        let r = try CLIRunner.run(["dump", "--ride"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--ride expects a value (N)"))
    }

    @Test func everySubcommandHasHelp() throws {
        let overview = try CLIRunner.run(["--help"])
        #expect(overview.status == 0)
        let names = overview.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
            .prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.contains("record") && names.contains("dump"))
        for name in names {
            let r = try CLIRunner.run([name, "--help"])
            #expect(r.status == 0, "\(name) --help")
            #expect(r.stdout.hasPrefix("OVERVIEW: "), "\(name) --help")
        }
    }

    /// An empty path names nothing: `import ""` once went looking for it ("skipped :  does not
    /// exist", exit 65); every path, operand or option value, is now refused as usage in words.
    @Test func anEmptyPathIsAUsageErrorForEveryCommand() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let cases: [([String], String)] = [
            (["import", "--db", db, ""], "an empty argument ('') where FILE|FOLDER... was expected"),
            (["dump", "--db", db, "--all", "-o", ""], "--out expects a value (PATH)"),
            (["view", "--db", db, "--ride", "1", "-o", ""], "--out expects a value (PATH)"),
            (["rides", "--db", ""], "--db expects a value (FILE)"),
            (["rides", "--board", ""], "--board expects a value (DIR)"),
            (["record", "--board", ""], "--board expects a value (DIR)"),
        ]
        for (arguments, words) in cases {
            let r = try CLIRunner.run(arguments)
            #expect(r.status == 64 && r.stderr.contains(words), "\(arguments): \(r.status) \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// A board folder not there, or without its board.conf, is a missing input (66) as a missing
    /// database is; a file given where the folder belongs stays a usage error (64). The recorder's
    /// is 78: its unit does not restart it every 5 s for a board.conf no restart brings (RefusedForGood).
    @Test func missingBoardFileIsOneClearLine() throws {
        let r = try CLIRunner.run(["record", "--board", "/nonexistent-board"])
        #expect(r.status == 78)
        #expect(r.stderr.contains("cannot read board file /nonexistent-board/board.conf: it does not exist"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        let empty = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let rides = try CLIRunner.run(["rides", "--board", empty.path])
        #expect(rides.status == 66 && rides.stderr.contains("cannot read board file \(empty.path)/board.conf: it does not exist"), "\(rides.stderr)")
        let file = try CLIRunner.run(["rides", "--board", "Boards/bench/board.conf"])
        #expect(file.status == 64 && file.stderr.contains("is a file; give the folder that holds board.conf"), "\(file.stderr)")
    }

    /// A board.conf that is a folder was "permission denied"; a folder given as the database was
    /// SQLite's "cannot open" (import, record) or an I/O error (status, 74).
    @Test func aFolderWhereAFileBelongsIsSaidSo() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = dir.appendingPathComponent("board")
        try FileManager.default.createDirectory(at: board.appendingPathComponent("board.conf"), withIntermediateDirectories: true)
        for command in ["record", "rides"] {
            let r = try CLIRunner.run([command, "--board", board.path])
            #expect(r.status == (command == "record" ? 78 : 66) && r.stderr.contains("cannot read board file \(board.path)/board.conf: it is a folder, not a file: give a file name. Check --board"),
                    "\(command): \(r.status) \(r.stderr)")
        }
        let db = dir.appendingPathComponent("rides.db").path, ride = dir.appendingPathComponent("ride.gpx")
        try FileManager.default.createDirectory(atPath: db, withIntermediateDirectories: true)
        try Data(ImportCommandTests.gpx(30).utf8).write(to: ride)
        for arguments in [["import", "--db", db, ride.path], ["record", "--board", "Boards/bench", "--db", db, "--quiet"],
                          ["status", "--db", db], ["rides", "--db", db]] {
            let r = try CLIRunner.run(arguments)
            #expect(r.status == 64 && r.stderr.contains("\(db) is a folder, not a database: give --db FILE"), "\(arguments): \(r.status) \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: db).isEmpty, "nothing was made in the folder")

        // From --board, the path is board.conf's data_dir: that is what to change (it said "give --db FILE
        // (e.g. …/rides.db/rides.db)", exit 64).
        let bench = try String(contentsOfFile: "Boards/bench/board.conf", encoding: .utf8).split(separator: "\n")
        let conf = bench.filter { !$0.hasPrefix("data_dir") }.joined(separator: "\n") + "\ndata_dir = data\n"
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("own/data/rides.db"), withIntermediateDirectories: true)
        try conf.write(to: dir.appendingPathComponent("own/board.conf"), atomically: true, encoding: .utf8)
        let own = dir.appendingPathComponent("own").path
        for command in ["record", "rides", "status", "check"] {
            let r = try CLIRunner.run([command, "--board", own])
            #expect(r.status == 66 && r.stderr.contains("\(own)/data/rides.db is a folder, not a database: it is where the data_dir of "
                                                       + "\(own)/board.conf puts the board's rides.db. Move that folder out of the way, "
                                                       + "or set data_dir there to another folder") && !r.stderr.contains("--db"),
                    "\(command): \(r.status) \(r.stderr)")
        }
    }

    @Test func malformedBoardFileNamesTheLine() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { TrialPaths.remove(dir) }
        try "name = x\nuart /dev/ttyS0\n".write(to: dir.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["record", "--board", dir.path])
        #expect(r.status == 78)  // the recorder's board.conf error: not restarted (RefusedForGood)
        #expect(r.stderr.contains("board.conf:2: expected 'key = value', found 'uart /dev/ttyS0'"))
    }

    @Test func unwritableDatabasePathFailsWithoutWritingAnything() throws {
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", "/proc/roam/rides.db", "--quiet"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("/proc/roam"))
    }

    @Test func unknownRideIsAClearError() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        // One fix: a capture that never had one is refused before a database exists (ReplayInputTests).
        let capture = dir.appendingPathComponent("one-fix.nmea")
        try Data((NMEAChecksum.seal("$GPRMC,101500.00,A,4757.84000,N,00757.11947,E,1.2,0.0,010524,,,A") + "\r\n").utf8).write(to: capture)
        let replay = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet",
                                        "--replay", capture.path])
        #expect(replay.status == 0, "\(replay.stderr)")
        let r = try CLIRunner.run(["dump", "--db", db, "--ride", "99", "--format", "gpx"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("no ride 99 in \(db)"))
    }

    @Test(.needs(FileManager.default.fileExists(atPath: CLIRunner.repoRoot.appendingPathComponent("Tests/Data/gpsd").path),
            "Tests/Data/gpsd is missing from this checkout"))
    func replayedCaptureKeepsItsOwnDates() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let capture = CLIRunner.repoRoot.appendingPathComponent("Tests/Data/gpsd/telit-he910.log").standardizedFileURL.path
        let rec = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet", "--replay", capture])
        #expect(rec.status == 0, "\(rec.stderr)")
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        // gpsd reports this capture on 2019-03-12; a 2019 date is not a week rollover.
        #expect(show.stdout.contains("2019-03-12T10:5"), "\(show.stdout)")
    }

    @Test func benchRideIsRecordedAcknowledgedAndDumped() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let rec = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--acks", "--quiet"])
        #expect(rec.status == 0, "\(rec.stderr)")
        let acked = rec.stdout.split(separator: "\n").filter { $0.hasPrefix("ack ") }
            .map { line -> Int in Int(line.split(separator: " ").first { $0.hasPrefix("fixes=") }!.dropFirst(6))! }
            .reduce(0, +)
        #expect(acked == 2191)
        let status = try CLIRunner.run(["status", "--db", db])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains(" h of riding at 1 Hz ("), "\(status.stdout)")
        let rides = try CLIRunner.run(["rides", "--db", db, "--last-id"])
        #expect(rides.stdout == "1\n")
        let gpx = dir.appendingPathComponent("ride.gpx").path
        let dump = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx", "--out", gpx])
        #expect(dump.status == 0, "\(dump.stderr)")
        let text = try String(contentsOfFile: gpx, encoding: .utf8)
        #expect(text.hasSuffix("</gpx>\n"))
        let again = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx", "--out", gpx])
        #expect(again.status == 0 && again.stderr.contains("already holds it, byte for byte"), "\(again.stderr)")
        try Data("edited by hand\n".utf8).write(to: URL(fileURLWithPath: gpx))
        let edited = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx", "--out", gpx])
        #expect(edited.status != 0)
        #expect(edited.stderr.contains("exists with other contents; pass --force"), "\(edited.stderr)")
    }

    @Test func secondRecorderOnTheSameDatabaseIsRefusedNamingTheFirst() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let first = Process()
        first.executableURL = CLIRunner.binary
        first.arguments = ["record", "--board", "Boards/bench", "--db", db, "--realtime", "--quiet"]
        first.currentDirectoryURL = CLIRunner.repoRoot
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { first.terminate(); first.waitUntilExit() }
        // Wait until the first holds the lock (its pid is in the lock file): seconds on a loaded
        // machine, so a generous deadline, and a failure that says so rather than a second recorder
        // started against a lock nobody holds yet.
        let lockPath = db + ".lock"
        func holdsLock() -> Bool {
            (try? String(contentsOfFile: lockPath, encoding: .utf8))?.hasPrefix("\(first.processIdentifier)") == true
        }
        let deadline = Date(timeIntervalSinceNow: 60)
        while !holdsLock() && Date() < deadline { usleep(50_000) }
        try #require(holdsLock(), "the first recorder (pid \(first.processIdentifier)) did not write its pid into \(lockPath) within 60 s")
        let second = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("another recorder (pid \(first.processIdentifier)) is already recording"))
    }
}

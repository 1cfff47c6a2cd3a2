import Foundation
import Testing
import RoamStore

/// What a new rider met walking every command with wrong or missing input: each case once misled
/// (a wrong exit status, a count of nothing, a crash, an error under another name).
@Suite struct CommandWalkTests {
    /// A file named on the command line that is not there is EX_NOINPUT (66), as a missing database is.
    @Test func aMissingReplayOrParametersFileIsNoInput() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let replay = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", "/nonexistent/ride.gpx", "--quiet"])
        #expect(replay.status == 66, "\(replay.stderr)")
        #expect(replay.stderr.contains("--replay /nonexistent/ride.gpx does not exist"), "\(replay.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "a replay of nothing made a database")

        let f = try DumpFixture.make()
        defer { f.remove() }
        let params = try CLIRunner.run(["rederive", "--db", f.dbPath, "--ride", "\(f.a.id)", "--params", "/nonexistent/p.json"])
        #expect(params.status == 66, "\(params.stderr)")
        #expect(params.stderr.contains("cannot read the parameters file /nonexistent/p.json (--params): it does not exist"), "\(params.stderr)")
    }

    /// Inputs that give no file once read "1 of 0 inputs failed; the others are imported".
    @Test func importOfInputsThatAllFailSaysNothingWasImported() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let one = try CLIRunner.run(["import", "--db", db, "/nonexistent/ride.gpx"])
        #expect(one.status == 66, "a named input not there: \(one.stderr)")
        #expect(one.stderr.contains("imported 0 of 1 file (1 failed)"), "\(one.stderr)")
        #expect(one.stderr.contains("roam-board import: nothing imported: the input failed (see the lines above)"), "\(one.stderr)")
        let empty = dir.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let two = try CLIRunner.run(["import", "--db", db, "/nonexistent/ride.gpx", empty])
        #expect(two.stderr.contains("nothing imported: all 2 inputs failed"), "\(two.stderr)")
        #expect(!two.stderr.contains(" of 0 "), "\(two.stderr)")
    }

    /// `bench --rounds -1` once crashed in a range (exit 132, a backtrace) after making its scratch folder.
    @Test func benchCountsBelowOneAreAUsageError() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for args in [["--rounds", "-1"], ["--per-round", "0"], ["--small", "-1"], ["--count-syncs", "-1"]] {
            let scratch = dir.appendingPathComponent("scratch").path
            let r = try CLIRunner.run(["bench", "--dir", scratch] + args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("expect 1 or more"), "\(args): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: scratch), "\(args): a scratch folder for nothing")
        }
    }

    /// The parser's refusals name the command as the command's own errors do.
    @Test func usageErrorsNameTheirCommand() throws {
        let show = try CLIRunner.run(["show", "--db", "x.db"])
        #expect(show.status == 64)
        #expect(show.stderr.hasPrefix("roam-board show: missing required option --ride N"), "\(show.stderr)")
        let none = try CLIRunner.run(["nonsense"])
        #expect(none.stderr.hasPrefix("roam-board: unknown subcommand 'nonsense'"), "\(none.stderr)")
    }

    /// `--help` stood two columns after its name while every other option's words stood in one column.
    @Test func helpIsListedInTheOptionsColumn() throws {
        let r = try CLIRunner.run(["rides", "--help"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let db = try #require(lines.first { $0.hasPrefix("  --db FILE") })
        let help = try #require(lines.first { $0.hasPrefix("  --help") })
        func column(_ line: String, _ words: String) -> Int? { line.range(of: words).map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
        #expect(column(help, "Show this help.") == column(db, "The ride database"), "\(help)\n\(db)")
    }
}

extension CommandWalkTests {
    /// An empty file is "no roam-board schema" to every reader; rederive, even --dry-run, once wrote a schema into it.
    @Test func rederiveLeavesAFileWithoutSchemaAsItIs() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("empty.db").path
        #expect(FileManager.default.createFile(atPath: db, contents: Data()))
        let r = try CLIRunner.run(["rederive", "--db", db, "--ride", "1", "--dry-run"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("holds no roam-board schema"), "\(r.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int == 0, "the dry run wrote into the file")
    }
}

extension CommandWalkTests {
    /// `drive --board /typo` once said configfs was missing (74), the board never looked at.
    @Test func driveSaysAWrongBoardOrCapBeforeLookingForTheGadget() throws {
        let root = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let board = try CLIRunner.run(["drive", "--board", "/nonexistent", "--sys-root", root.path])
        // 78: the drive's unit does not restart it every 5 s for a board folder no restart brings (RefusedForGood).
        #expect(board.status == 78, "\(board.stderr)")
        #expect(board.stderr.contains("cannot read board file /nonexistent/board.conf: it does not exist"), "\(board.stderr)")
        let cap = try CLIRunner.run(["drive", "--board", "Boards/bench", "--max-mib", "1", "--sys-root", root.path])
        #expect(cap.status == 64, "\(cap.stderr)")
        #expect(cap.stderr.contains("--max-mib 1 is too small"), "\(cap.stderr)")
    }
}

extension CommandWalkTests {
    /// `rides` of a database with no ride printed its header alone, as a listing that failed.
    @Test func ridesOfADatabaseWithoutRidesSaysSo() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try RideStore(path: db).close()
        let r = try CLIRunner.run(["rides", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1, "\(r.stdout)")
        #expect(r.stderr.contains("no rides in \(db) yet (record a ride first, or bring past ones with 'roam-board import')"), "\(r.stderr)")
        let last = try CLIRunner.run(["rides", "--db", db, "--last-id"])
        #expect(last.status == 65 && last.stderr.contains("no rides in \(db) yet: no id to print"), "\(last.stderr)")
        // Kept a data error: every script and test that asks uses the id at once (dump --ride "$ride").
        #expect(try CLIRunner.run(["rides", "--help"]).stdout.contains("none yet is exit 65"))
    }
}

extension CommandWalkTests {
    /// view's --out once spoke of "the format's extension": view takes no --format.
    @Test func outSaysWhichEndingMakesAFile() throws {
        let view = try CLIRunner.run(["view", "--help"]).stdout
        #expect(view.contains("a name ending in .html is one file"), "\(view)")
        #expect(!view.contains("format"), "\(view)")
        let dump = try CLIRunner.run(["dump", "--help"]).stdout
        #expect(dump.contains("a name ending in the --format's extension (.gpx, .fit, .geojson, .csv) is one file"), "\(dump)")
    }
}

extension CommandWalkTests {
    /// `view --explored` of a database with no ride once exited 65 where `view --history` and
    /// `explored --summary` exit 0: an empty database is not bad data.
    @Test func viewExploredOfADatabaseWithoutRidesWritesItsPage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try RideStore(path: db).close()
        let page = dir.appendingPathComponent("explored.html").path
        let r = try CLIRunner.run(["view", "--explored", "--db", db, "-o", page])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("no rides in \(db) yet"), "\(r.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<tr><th>Rides</th><td>0</td></tr>"), "\(html.prefix(400))")
        #expect(html.contains("role=\"alert\">No rides yet: record a ride first"), "the page says nothing of why it is empty")
        for others in [["view", "--history", "-o", "-"], ["explored", "--summary"]] {
            #expect(try CLIRunner.run(others + ["--db", db]).status == 0, "\(others)")
        }
    }

    /// `import` of a typo'd name once left a new empty database behind; one that was there stays.
    @Test func importOfNothingLeavesNoNewDatabase() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let bad = dir.appendingPathComponent("bad.gpx").path
        #expect(FileManager.default.createFile(atPath: bad, contents: Data("not xml".utf8)))
        for (input, status) in [("/nonexistent/ride.gpx", Int32(66)), (bad, 65)] {
            let r = try CLIRunner.run(["import", "--db", db, input])
            #expect(r.status == status, "\(r.stderr)")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("rides.db") }
            #expect(left.isEmpty, "\(input) left \(left)")
        }
        try RideStore(path: db).close()
        #expect(try CLIRunner.run(["import", "--db", db, "/nonexistent/ride.gpx"]).status == 66)
        #expect(FileManager.default.fileExists(atPath: db), "a database that was there was removed")
    }

    /// The folders `import` made for a new database went when nothing was imported; one that was there stays.
    @Test func importOfNothingLeavesNoNewFolder() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let made = dir.appendingPathComponent("typo/data")
        let r = try CLIRunner.run(["import", "--db", made.appendingPathComponent("rides.db").path, "/nonexistent/ride.gpx"])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "typo/data was left behind")
        let there = dir.appendingPathComponent("there")
        try FileManager.default.createDirectory(at: there, withIntermediateDirectories: false)
        #expect(try CLIRunner.run(["import", "--db", there.appendingPathComponent("new/rides.db").path, "/nonexistent/ride.gpx"]).status == 66)
        #expect(try FileManager.default.contentsOfDirectory(atPath: there.path).isEmpty, "there/new was left behind")
        #expect(FileManager.default.fileExists(atPath: there.path), "a folder that was there was removed")
    }

    /// `dump --out /proc/x.gpx` once said "it does not exist" of a folder that exists but takes no file.
    @Test func anOutputFolderThatExistsButTakesNoFileIsNotMissing() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        for out in ["/proc/x.gpx", "/proc/sub/"] {
            let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "--out", out])
            #expect(r.status == 74, "\(out): \(r.stderr)")
            #expect(!r.stderr.contains("does not exist:") && !r.stderr.contains("its folder must exist"), "\(out): \(r.stderr)")
            #expect(r.stderr.contains("cannot write there: the folder /proc exists but"), "\(out): \(r.stderr)")
        }
    }
}

extension CommandWalkTests {
    /// `drive-image --image` of a folder once built the image, moved the folder aside as the old
    /// image (FOLDER.spare), and failed every later run on renaming over it.
    @Test func aDriveImageThatIsAFolderIsRefusedAndTheFolderStays() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let folder = f.directory.appendingPathComponent("drive.img")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let r = try CLIRunner.run(["drive-image", "--db", f.dbPath, "--image", folder.path])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("the drive image \(folder.path) is a folder: give --image a file name"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.directory.path).sorted() == ["drive.img", "rides.db"])
    }
}

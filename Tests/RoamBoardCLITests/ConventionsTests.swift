import Foundation
import Glibc
import RoamCore
import Testing
@testable import RoamStore

/// The command-line conventions, on the dump fixture's database (A, B stopped; C recording).
@Suite struct ConventionsTests {
    @Test func outDashIsStandardOutputForDumpAndView() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let dump = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", "-"], cwd: f.directory)
        #expect(dump.status == 0 && dump.stdout.hasSuffix("</gpx>\n"), "\(dump.stderr)")
        let view = try CLIRunner.run(["view", "--db", f.dbPath, "--ride", "\(f.a.id)", "--out", "-"], cwd: f.directory)
        #expect(view.status == 0 && view.stdout.contains("</html>"), "\(view.stderr)")
        #expect(!FileManager.default.fileExists(atPath: f.directory.appendingPathComponent("-").path), "no file or folder named -")
    }

    @Test func outEndingInAnotherExtensionIsAUsageErrorNotAFolder() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "--out", "x.fit"], cwd: f.directory)
        #expect(r.status == 64)
        #expect(r.stderr.contains("--out x.fit ends in .fit and is not a folder; this writes .gpx: name a file x.gpx, or a folder x.fit/"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: f.directory.appendingPathComponent("x.fit").path))
    }

    /// `-o q.xml`, `-o ride1.htm` and `-o ride1` once made a folder of that name and put the file in it.
    @Test(arguments: [("dump", "gpx", "q.xml", "q.gpx"), ("view", "html", "ride1.htm", "ride1.html"), ("dump", "csv", "ride1", "ride1.csv")])
    func outWithAnExtensionNotTheFormatsOrNoneIsAUsageErrorNamingBothChoices(command: String, format: String, out: String, file: String) throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let formatArguments = command == "dump" ? ["--format", format] : []
        let r = try CLIRunner.run([command, "--db", f.dbPath, "--ride", "\(f.a.id)"] + formatArguments + ["-o", out], cwd: f.directory)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("name a file \(file), or a folder \(out)/"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: f.directory.appendingPathComponent(out).path))
    }

    /// `-o /dev/stdout` was told to "name a file /dev/stdout.gpx": standard output by its path is `-o -`.
    @Test(arguments: ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
    func outNamingStandardOutputByAPathPointsToDash(out: String) throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", out], cwd: f.directory)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--out \(out) is standard output: give -o -"), "\(r.stderr)")
        #expect(!r.stderr.contains("name a file"), "\(r.stderr)")
    }

    @Test func trailingSlashIsAFolderCreatedForViewAndDump() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let view = try CLIRunner.run(["view", "--db", f.dbPath, "--ride", "\(f.a.id)", "--out", "newdir/deeper/"], cwd: f.directory)
        #expect(view.status == 0, "\(view.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: f.directory.appendingPathComponent("newdir/deeper").path)
        #expect(pages == ["20260614T073000Z-ride-\(f.a.id).html"])
        let file = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "csv", "-o", "sub/one.csv"], cwd: f.directory)
        #expect(file.status == 0, "\(file.stderr)")
        #expect(FileManager.default.fileExists(atPath: f.directory.appendingPathComponent("sub/one.csv").path))
    }

    /// A rider re-running `view` into the same folder: the page already there, the same bytes, is left
    /// as it is and the run succeeds (it was "exists; pass --force" and exit 1); another page there is
    /// still refused without --force.
    @Test func theSamePageAgainIsLeftAsItIsAnotherStillNeedsForce() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let args = ["view", "--db", f.dbPath, "--ride", "\(f.a.id)", "--out", "pages/"]
        let first = try CLIRunner.run(args, cwd: f.directory)
        #expect(first.status == 0, "\(first.stderr)")
        let page = f.directory.appendingPathComponent("pages/20260614T073000Z-ride-\(f.a.id).html").path
        let again = try CLIRunner.run(args, cwd: f.directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("already holds this page, byte for byte: left as it is"), "\(again.stderr)")
        #expect(again.stdout.contains("ride-\(f.a.id).html"), "\(again.stdout)")
        try Data("<p>mine</p>".utf8).write(to: URL(fileURLWithPath: page))
        let other = try CLIRunner.run(args, cwd: f.directory)
        #expect(other.status != 0, "\(other.stderr)")
        #expect(other.stderr.contains("pass --force"), "\(other.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "<p>mine</p>")
    }

    @Test func fitToATerminalIsRefusedWithAHint() throws {
        // A pseudo-terminal by hand: posix_openpt is not imported without _XOPEN_SOURCE. The ioctl
        // numbers are TIOCSPTLCK and TIOCGPTN of Linux's generic ioctl layout (x86_64 and arm64).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0, number: UInt32 = 0
        try #require(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        defer { close(slave) }
        let f = try DumpFixture.make()
        defer { f.remove() }
        let p = Process()
        p.executableURL = CLIRunner.binary
        p.arguments = ["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "fit"]
        p.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        let err = Pipe()
        p.standardError = err
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 64)
        #expect(text.contains("FIT is binary and standard output is a terminal"), "\(text)")
    }

    @Test func boardConfFileAndMissingDatabaseAreSentences() throws {
        let r = try CLIRunner.run(["rides", "--board", "Boards/bench/board.conf"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("is a file; give the folder that holds board.conf"), "\(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"))
        for command in [["rides"], ["show", "--ride", "1"], ["dump", "--ride", "1", "--format", "gpx"], ["check"], ["status"],
                        ["rederive", "--ride", "1"], ["prune", "--dumped-before", "2026-01-01"], ["view", "--ride", "1", "-o", "-"],
                        ["explored"], ["drive-image", "--image", "/nonexistent/drive.img"]] {
            let m = try CLIRunner.run(command + ["--db", "/nonexistent/rides.db"])
            #expect(m.status == 66, "\(command): \(m.stderr)")
            #expect(m.stderr.contains("no database at /nonexistent/rides.db: record a ride first, or check --db/--board"), "\(command): \(m.stderr)")
            #expect(!m.stderr.contains("SQLite error"), "\(command): \(m.stderr)")
        }
    }

    @Test func ridesShowsDumpedAtAndInterruptedRides() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        try DumpLedger(path: f.dbPath).markDumped(id: f.a.id, dumpedUTCms: DumpFixture.startUTCms + 86_400_000)
        let r = try CLIRunner.run(["rides", "--db", f.dbPath])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("dumped"))
        #expect(lines[1].contains("2026-06-15T07:30:00.000Z"), "\(lines[1])")
        #expect(lines[2].contains("never"), "\(lines[2])")
        // No recorder runs on the fixture: its recording ride is shown as interrupted. Only a live
        // start goes on with it: a replay started next closes it (`RearmPolicy.replaying`).
        #expect(lines[3].contains("interrupted (resumes when the recorder next starts; a replay closes it)"), "\(lines[3])")
    }

    @Test func gapsAreOneWordAndOneCountWithPlurals() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let store = try RideStore(path: f.dbPath)
        let gapsA = try #require(try store.ride(id: f.a.id)).totals.gapCount
        #expect(gapsA > 1)
        let show = try CLIRunner.run(["show", "--db", f.dbPath, "--ride", "\(f.a.id)"])
        #expect(show.stdout.contains(" \(gapsA) gaps; parked"), "\(show.stdout)")
        // One count of set-aside fixes, in words, the same in show, the page's card and its checkbox.
        let totals = try #require(try store.ride(id: f.a.id)).totals
        // Paused points kept for distance are said beside them: "… kept for distance (1 while paused); 389 set aside".
        let kept = "\(totals.acceptedCount) points kept for distance", said = "; \(totals.flaggedCount) set aside ("
        #expect(show.stdout.contains(kept) && show.stdout.contains(said) && show.stdout.contains("nothing deleted"), "\(show.stdout)")
        let page = try CLIRunner.run(["view", "--db", f.dbPath, "--ride", "\(f.a.id)", "-o", "-"]).stdout
        #expect(page.contains(kept) && page.contains(said) && page.contains("Show flagged fixes (\(totals.flaggedCount)"),
                "the page counts otherwise")
        // Where a fix was set aside for more than one reason the reasons add up to more than the count:
        // show and the page say why in the same words, or a rider reading the sum is misled.
        let fixesLine = String(try #require(show.stdout.split(separator: "\n").first { $0.hasPrefix("  fixes ") }))
        let reasons = fixesLine.components(separatedBy: said).last?.prefix { $0 != ")" && $0 != ";" } ?? ""
        let sum = reasons.split(separator: ",").compactMap { Int($0.drop { $0 == " " }.prefix { $0.isNumber }) }.reduce(0, +)
        try #require(sum > totals.flaggedCount, "no fix of ride \(f.a.id) is set aside for two reasons: \(fixesLine)")
        let overlap = "; one fix may have more than one reason); nothing deleted"
        #expect(fixesLine.hasSuffix(overlap), "\(fixesLine)")
        #expect(page.contains(overlap), "the page's card says it otherwise")
        let check = try CLIRunner.run(["check", "--db", f.dbPath])
        #expect(check.stdout.contains("fixes, \(gapsA) gaps:"), "\(check.stdout)")
        #expect(!check.stdout.contains("gap markers"))
        let rederive = try CLIRunner.run(["rederive", "--db", f.dbPath, "--ride", "\(f.a.id)", "--dry-run"])
        #expect(rederive.stdout.contains("  gaps       \(gapsA) -> "), "\(rederive.stdout)")
        let rides = try CLIRunner.run(["rides", "--db", f.dbPath])
        #expect(rides.stdout.split(separator: "\n")[1].hasSuffix(" \(gapsA)"), "\(rides.stdout)")
    }

    @Test func dryRunsLeaveTheDatabaseByteForByte() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        try DumpLedger(path: f.dbPath).markDumped(id: f.a.id, dumpedUTCms: DumpFixture.startUTCms)
        // Checkpointed, so the main file holds everything and the WAL is empty before the dry runs.
        try SQLiteConnection(path: f.dbPath, mode: .readWrite).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let files = [f.dbPath, f.dbPath + "-wal"]
        let before = files.map { FileManager.default.contents(atPath: $0) }
        let prune = try CLIRunner.run(["prune", "--db", f.dbPath, "--dumped-before", "2030-01-01", "--dry-run"])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(prune.stdout.contains("would prune 1 ride dumped before 2030-01-01: \(f.a.id)"), "\(prune.stdout)")
        #expect(prune.stdout.contains("would free \(f.a.fixes.count) fixes"), "\(prune.stdout)")
        let params = f.directory.appendingPathComponent("p.json")
        try Data(#"{"gapAfterS": 9.0}"#.utf8).write(to: params)
        let rederive = try CLIRunner.run(["rederive", "--db", f.dbPath, "--ride", "\(f.a.id)", "--params", params.path, "--dry-run"])
        #expect(rederive.status == 0, "\(rederive.stderr)")
        #expect(rederive.stdout.hasPrefix("dry run, nothing changed: ride \(f.a.id) would be rederived"), "\(rederive.stdout)")
        #expect(files.map { FileManager.default.contents(atPath: $0) } == before, "a dry run changed the database")
        #expect(try RideReader(path: f.dbPath).ride(id: f.a.id) != nil)
    }

    @Test func oneStartAndOneEndForEveryCommandAndExport() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let span = try RideReader(path: f.dbPath).span(f.a.id)
        let start = CivilDate.iso8601(utcMs: try #require(span.startUTCms)), end = CivilDate.iso8601(utcMs: try #require(span.endUTCms))
        #expect(span.endUTCms == f.a.fixes.compactMap(\.utcMs).last, "the end is the last dated fix, not the last accepted one")
        let show = try CLIRunner.run(["show", "--db", f.dbPath, "--ride", "\(f.a.id)"])
        #expect(show.stdout.contains("  start       \(start)") && show.stdout.contains("  end         \(end)"), "\(show.stdout)")
        let rides = try CLIRunner.run(["rides", "--db", f.dbPath])
        #expect(rides.stdout.split(separator: "\n")[1].contains(start), "\(rides.stdout)")
        let geojson = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "geojson"])
        #expect(geojson.stdout.contains("\"start_utc\":\"\(start)\"") && geojson.stdout.contains("\"end_utc\":\"\(end)\""), "geojson")
        let view = try CLIRunner.run(["view", "--db", f.dbPath, "--ride", "\(f.a.id)", "-o", "-"])
        #expect(view.stdout.contains(end), "the page shows the same end")
    }
}

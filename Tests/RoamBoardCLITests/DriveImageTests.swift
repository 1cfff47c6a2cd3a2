import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamCore
import RoamStore

/// `drive-image`: the FAT image a computer sees when the board is plugged in. Built from real
/// recorded rides with Debian's dosfstools/mtools, read back the way a computer would (mtools,
/// fsck.vfat), its files judged by Garmin's FIT SDK and gpxpy and compared with `dump`'s.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveImageTests {
    @Test(.needs(Judge.isAvailable, Judge.skipReason))
    func imageOfABenchRideHoldsDumpsFilesJudgedByTheFITSDKAndGpxpy() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-image")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let id = try DriveProbe.recordBenchRide(db)
        let build = try CLIRunner.run(["drive-image", "--db", db])
        #expect(build.status == 0, "\(build.stderr)")
        let image = dir.appendingPathComponent("drive.img").path
        #expect(build.stdout.contains("\(image): 1 ride on the drive (3 files)"), "\(build.stdout)")
        let fsck = try DriveProbe.fsck(image)
        #expect(fsck.status == 0, "fsck.vfat -n: \(fsck.out) \(fsck.err)")

        // The same names and bytes as dump --out DIR.
        let dumped = dir.appendingPathComponent("dumped")
        for format in ["fit", "gpx"] {
            let d = try CLIRunner.run(["dump", "--db", db, "--ride", "\(id)", "--format", format, "--out", dumped.path + "/"])
            #expect(d.status == 0, "\(d.stderr)")
        }
        let expectedNames = try FileManager.default.contentsOfDirectory(atPath: dumped.path).sorted()
        #expect(expectedNames.count == 2)
        let seen12 = try DriveProbe.rideFiles(image)
        #expect(seen12.filter { !$0.hasSuffix(".html") } == expectedNames)
        // Beside them the ride's page, and index.html (the history page) at the top linking to it.
        let pageName = try #require(expectedNames.first { $0.hasSuffix(".fit") }).replacing(".fit", with: ".html")
        #expect(seen12.contains(pageName), "\(seen12)")
        let index = try DriveProbe.run("mtype", ["-i", image, "::/index.html"])
        #expect(index.status == 0 && index.out.contains("\"href\":\"Rides/\(pageName)\""), "\(index.err)")
        let page = try DriveProbe.run("mtype", ["-i", image, "::/Rides/" + pageName])
        // Where the board has Debian's libjs-leaflet the page links the drive's one shared copy (DriveLeafletTests), else it keeps the static map.
        #expect(page.status == 0 && page.out.contains("<title>"))
        #expect(page.out.contains("<script id=\"leaflet-js\" src=\"../Leaflet/leaflet.js\"></script>") == ViewLeaflet.isInstalled)
        if PageJudge.isAvailable {
            // As a rider's browser opens it from the drive: the links lead to the ride's page, FIT and GPX, nothing is
            // fetched but the drive's own Leaflet.
            let host = dir.appendingPathComponent("browser")
            try FileManager.default.createDirectory(at: host, withIntermediateDirectories: true)
            let copied = try DriveProbe.run("mcopy", ["-i", image, "-s", "-n", "::/Rides", "::/index.html"] + (ViewLeaflet.isInstalled ? ["::/Leaflet"] : []) + [host.path + "/"])
            #expect(copied.status == 0, "\(copied.err)")
            let links = "JSON.stringify(Array.from(document.querySelectorAll('#rides a')).map(a => a.getAttribute('href')))"
            let v = try PageJudge.run(page: host.appendingPathComponent("index.html"), steps: [.viewport(1400, 1000), .eval(links)])
            #expect(v.errors.isEmpty && v.requests.isEmpty, "\(v.errors) \(v.requests)")
            let hrefs = try JSONSerialization.jsonObject(with: Data((v.results.first as? String ?? "[]").utf8)) as? [String]
            #expect(hrefs == ["Rides/" + pageName] + expectedNames.sorted().map { "Rides/" + $0 }, "\(hrefs ?? [])")
            let opened = try PageJudge.run(page: host.appendingPathComponent("Rides/" + pageName), steps: [.viewport(1400, 1000)])
            let shared = host.appendingPathComponent("Leaflet").absoluteURL.absoluteString
            #expect(opened.errors.isEmpty && opened.requests.allSatisfy { $0.hasPrefix(shared) }, "\(opened.errors) \(opened.requests)")
        }
        let rides = try DriveProbe.copyOut(image, into: dir.appendingPathComponent("host"))
        for name in expectedNames {
            let onDrive = try DriveProbe.bytes(rides.appendingPathComponent(name))
            let fromDump = try DriveProbe.bytes(dumped.appendingPathComponent(name))
            #expect(onDrive == fromDump, "\(name): \(onDrive.count) bytes on the drive, \(fromDump.count) from dump")
        }

        // Outside readers, against the totals `show` prints (the ride row).
        let ride = try #require(try RideReader(path: db).ride(id: id))
        let t = ride.totals
        let fit = rides.appendingPathComponent(try #require(expectedNames.first { $0.hasSuffix(".fit") })).path
        let fitVerdict = try #require(try Judge.verdicts("fit_judge.py", [fit])[fit])
        #expect(fitVerdict["integrity"] as? Bool == true)
        #expect((fitVerdict["errors"] as? [String])?.isEmpty == true, "\(fitVerdict["errors"] ?? "")")
        let session = try #require(fitVerdict["session"] as? [String: Any])
        #expect(abs((session["total_distance"] as? Double ?? -1) - t.distanceM) <= 0.005, "FIT \(session) against \(t.distanceM) m")
        #expect(session["total_ascent"] as? Int == t.ascentM.map { Int($0.rounded()) })
        #expect((fitVerdict["counts"] as? [String: Int])?["record_mesgs"] == t.acceptedCount)
        let gpx = rides.appendingPathComponent(try #require(expectedNames.first { $0.hasSuffix(".gpx") })).path
        let gpxVerdict = try #require(try Judge.verdicts("gpx_judge.py", [gpx])[gpx])
        let gpxpy = try #require(gpxVerdict["gpxpy"] as? [String: Any])
        #expect(gpxpy["points"] as? Int == t.acceptedCount)
        let measured = t.distanceM - t.bridgedM
        let d = try #require(gpxpy["distance_m"] as? Double)
        #expect(abs(d - measured) <= 0.005 * measured, "gpxpy \(d) m against our measured \(measured) m")
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "\(id)"])
        let km = String(format: "%.3f km", t.distanceM / 1000)
        #expect(show.stdout.contains(km), "show prints \(km)")

        // README.txt names the board's rides and says what the files are.
        let readme = try DriveProbe.readme(image)
        #expect(readme.contains("ride \(id)  ") && readme.contains(km), "\(readme)")
        #expect(readme.contains("Storage left on the board: ") && readme.contains("Garmin FIT activity"))
        // A second run with nothing changed leaves the image alone.
        let before = try DriveProbe.bytes(URL(fileURLWithPath: image))
        let again = try CLIRunner.run(["drive-image", "--db", db])
        #expect(again.status == 0 && !again.stderr.contains("built"), "\(again.stderr)")
        let seen13 = try DriveProbe.bytes(URL(fileURLWithPath: image))
        #expect(seen13 == before)
    }

    /// Only stopped rides go on the drive: a recording ride is handed over once it stops.
    @Test func onlyStoppedRidesGoOnTheDrive() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let image = fixture.directory.appendingPathComponent("drive.img").path
        let all = try CLIRunner.run(["drive-image", "--db", fixture.dbPath, "--image", image])
        #expect(all.status == 0, "\(all.stderr)")
        let ids = try DriveProbe.rideIDs(image)
        #expect(ids == [fixture.a.id, fixture.b.id], "recording ride \(fixture.c.id) stays off: \(ids)")
    }

    /// `drive-image --help` names what the image holds: it said "Rides/*.fit, *.gpx and README.txt" of a
    /// drive that also holds each ride's page, index.html and, with libjs-leaflet, Leaflet/ (as the README says).
    @Test func theHelpNamesWhatTheImageHolds() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let image = fixture.directory.appendingPathComponent("drive.img").path
        try #require(try CLIRunner.run(["drive-image", "--db", fixture.dbPath, "--image", image]).status == 0)
        let help = try CLIRunner.run(["drive-image", "--help"]).stdout
        let top = try DriveProbe.run("mdir", ["-i", image, "-b", "::/"]).out.split(separator: "\n").map { String($0.dropFirst(3)) }
        for name in top { #expect(help.contains(name), "the help does not name \(name)") }
        for ext in Set(try DriveProbe.rideFiles(image).compactMap { $0.split(separator: ".").last }) {
            #expect(help.contains("*.\(ext)"), "the help does not name the rides' .\(ext) files")
        }
    }

    /// README.txt lists each ride by the start its files are named by: in the board's zone, with the
    /// offset, as the names are (it said UTC beside names in local time).
    @Test func readmeListsRidesByTheLocalStartTheirFilesAreNamedBy() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let board = try LocalTimeTests.board(zone: "Europe/Berlin", in: fixture.directory)
        let image = fixture.directory.appendingPathComponent("drive.img").path
        let built = try CLIRunner.run(["drive-image", "--board", board.path, "--db", fixture.dbPath, "--image", image])
        #expect(built.status == 0, "\(built.stderr)")
        // 2026-06-14 07:30 UTC is 09:30 summer time in Berlin.
        let names = try DriveProbe.rideFiles(image)
        #expect(names.contains("20260614T093000+0200-ride-\(fixture.a.id).gpx"), "\(names)")
        let readme = try DriveProbe.readme(image)
        #expect(readme.contains("\r\n  ride \(fixture.a.id)  2026-06-14T09:30:00.000+02:00  "), "\(readme)")
        #expect(readme.contains("+01:00 (board clock).") || readme.contains("+02:00 (board clock)."), "\(readme)")
        #expect(!readme.contains("Z  ") && !readme.contains("Z (board clock)"), "\(readme)")
    }

    /// FAT dates carry no zone and a computer shows them as its own local time: the drive's are the
    /// wall clock of the zone its file names are in, whatever TZ the board's environment names
    /// (they were UTC, so every ride's files were dated hours off). A ride's files are dated at its
    /// end; README.txt and the Rides folder, written by the build, at the time README.txt says it
    /// was built (board clock, in the same zone).
    @Test func fileDatesAreTheWallClockOfTheZoneTheNamesAreIn() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let board = try LocalTimeTests.board(zone: "Europe/Berlin", in: fixture.directory)
        let image = fixture.directory.appendingPathComponent("drive.img").path
        let built = try CLIRunner.run(["drive-image", "--board", board.path, "--db", fixture.dbPath, "--image", image],
                                      environment: ["TZ": "America/New_York"])
        try #require(built.status == 0, "\(built.stderr)")
        /// Minutes since 1970 of a wall clock as mdir prints it ("2026-06-14   9:45").
        func minutes(_ line: Substring) -> Int64? {
            let parts = line.split(separator: " ")
            guard let day = parts.firstIndex(where: { $0.count == 10 && $0.dropFirst(4).first == "-" }), day + 1 < parts.count else { return nil }
            let ymd = parts[day].split(separator: "-").compactMap { Int($0) }, hm = parts[day + 1].split(separator: ":").compactMap { Int64($0) }
            guard ymd.count == 3, hm.count == 2 else { return nil }
            return CivilDate.daysFromCivil(year: ymd[0], month: ymd[1], day: ymd[2]) * 1440 + hm[0] * 60 + hm[1]
        }
        // 2026-06-14 is summer time in Berlin: the wall clock is UTC + 2 h.
        let end = try #require(try RideReader(path: fixture.dbPath).ride(id: fixture.a.id)?.endedUTCms)
        let rides = try DriveProbe.run("mdir", ["-i", image, "::/Rides"])
        let lines = rides.out.split(separator: "\n").filter { $0.contains("-ride-\(fixture.a.id).") }
        #expect(lines.count == 3, "\(rides.out)")
        for line in lines { #expect(minutes(line) == (end + 7_200_000) / 60_000, "\(line)") }
        // Built now, said in README.txt with its offset: the build's own dates are that wall clock.
        let readme = try DriveProbe.readme(image)
        let builtLine = try #require(readme.split(separator: "\r\n").first { $0.hasPrefix("Built ") })
        let stamp = builtLine.dropFirst("Built ".count).prefix(29)  // 2026-12-04T21:53:07.123+01:00
        let wall = try #require(minutes(Substring(stamp.prefix(10) + " " + stamp.dropFirst(11).prefix(5))), "\(builtLine)")
        let root = try DriveProbe.run("mdir", ["-i", image, "::/"])
        for name in ["README   txt", "RIDES        <DIR>"] {
            let line = try #require(root.out.split(separator: "\n").first { $0.hasPrefix(name) }, "\(root.out)")
            let dated = try #require(minutes(line), "\(line)")
            // Written seconds after the build began; an offset wrong by an hour or more is not.
            #expect(dated >= wall && dated - wall <= 10, "\(line) against \(builtLine)")
        }
    }

    /// Three bench rides under a 3 MiB cap (about 1.9 MiB for files, 0.71 MiB per ride: its FIT, GPX
    /// and page). Not yet
    /// handed over, all three go on whatever the cap. Once handed over (dumped), the cap holds: with a
    /// fourth ride not handed over, the drive holds it and the newest handed-over ride that fits;
    /// README.txt names the others as left off by the cap (not for lack of room: the disk has plenty).
    /// That is the cap at work, not an incomplete drive (the rider has those rides): named with the
    /// cap, and the exit stays 0. A larger cap is a change: the next run puts them on.
    @Test func ridesNotHandedOverAllGoOnAndOfTheOthersTheNewestThatFit() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-cap")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        var ids: [Int64] = []
        for _ in 0..<3 { ids.append(try DriveProbe.recordBenchRide(db)) }
        let image = dir.appendingPathComponent("drive.img").path
        let all = try CLIRunner.run(["drive-image", "--db", db, "--max-mib", "3"])
        #expect(all.status == 0 && !all.stderr.contains("left off"), "\(all.stderr)")
        let first = try DriveProbe.rideIDs(image)
        #expect(first == Set(ids), "\(first)")

        for id in ids {
            let d = try CLIRunner.run(["dump", "--db", db, "--ride", "\(id)", "--format", "gpx", "--out", dir.appendingPathComponent("r\(id).gpx").path])
            #expect(d.status == 0, "\(d.stderr)")
        }
        ids.append(try DriveProbe.recordBenchRide(db))
        let capped = try CLIRunner.run(["drive-image", "--db", db, "--max-mib", "3"])
        #expect(capped.status == 0, "\(capped.stderr)")
        #expect(capped.stderr.contains("left off, handed over already and beyond the 3 MiB cap for those (--max-mib): rides \(ids[1]), \(ids[0])"),
                "\(capped.stderr)")
        #expect(capped.stderr.contains("rides \(ids[1]), \(ids[0]) handed over already, left off beyond the 3 MiB cap for those (--max-mib)"),
                "\(capped.stderr)")
        #expect(!capped.stderr.contains("lack of room"), "the disk had room: \(capped.stderr)")
        let onDrive = try DriveProbe.rideIDs(image)
        #expect(onDrive == [ids[2], ids[3]], "\(onDrive)")
        let readme = try DriveProbe.readme(image)
        #expect(readme.contains("handed over already and beyond the room the drive gives those:\r\n  ride \(ids[1]), ride \(ids[0])\r\n")
                && readme.contains("may take 3 MiB of this drive") && !readme.contains("for lack of room"), "\(readme)")
        let fsck = try DriveProbe.fsck(image)
        #expect(fsck.status == 0, "\(fsck.out)")

        let larger = try CLIRunner.run(["drive-image", "--db", db, "--max-mib", "5"])
        #expect(larger.status == 0 && larger.stderr.contains("drive: built") && !larger.stderr.contains("left off"), "\(larger.stderr)")
        #expect(try DriveProbe.rideIDs(image) == Set(ids))
    }

    /// Storage too full for a new image: one line saying what and what to do, with the sizes in the
    /// unit of the options (the reserve is "64 MiB", not "67.1 MB"), exit 74, and the previous
    /// image kept byte for byte. A real small file system (tmpfs), filled by a real file. The rides
    /// are stored, not recorded live: a bench recording under load left the second one unstopped, so
    /// the rides on the drive had not changed and nothing was built (exit 0, nothing said).
    @Test(.needs(geteuid() == 0, "mounting a small tmpfs needs root"))
    func storageTooFullKeepsThePreviousImage() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-full")
        defer { TrialPaths.remove(dir) }
        let mountPoint = dir.appendingPathComponent("fs")
        try DriveProbe.mountTmpfs(at: mountPoint, megabytes: 100)
        defer { LoopFilesystem.unmount(mountPoint) }
        let db = mountPoint.appendingPathComponent("rides.db").path
        let first = try DriveProbe.storeRide(db)
        let built = try CLIRunner.run(["drive-image", "--db", db])
        #expect(built.status == 0, "\(built.stderr)")
        let image = mountPoint.appendingPathComponent("drive.img")
        let before = try DriveProbe.bytes(image)
        try DriveProbe.storeRide(db, day: 1)
        // Leave 40 MB: less than the 64 MiB kept for recording.
        var fs = statvfs()
        #expect(statvfs(mountPoint.path, &fs) == 0)
        let free = Int(fs.f_bavail) * Int(fs.f_frsize)
        let filler = mountPoint.appendingPathComponent("filler")
        #expect(FileManager.default.createFile(atPath: filler.path, contents: Data(count: max(0, free - 40_000_000))))
        let full = try CLIRunner.run(["drive-image", "--db", db])
        #expect(full.status == 74, "exit \(full.status): \(full.stderr)")
        let lines = full.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(full.stderr)")
        // Nothing said must fail this test, not crash the test process (lines[0] of none trapped it, and every test beside it).
        let line = try #require(lines.first, "drive-image said nothing (exit \(full.status))")
        #expect(line.contains("storage too full for a new drive image") && line.contains("previous image is kept")
                && line.contains("roam-board prune"), "\(full.stderr)")
        #expect(line.contains("64 MiB stay for recording") && line.firstMatch(of: /[0-9] MB\b/) == nil, "\(full.stderr)")
        // The prune it advises runs as printed (it said "roam-board prune --dumped-before DATE": exit 64).
        try PrintedCommands.expectEachParses(String(line), atLeast: 1)
        let seen14 = try DriveProbe.bytes(image)
        #expect(seen14 == before)
        let seen15 = try DriveProbe.rideIDs(image.path)
        #expect(seen15 == [first])
        #expect(!FileManager.default.fileExists(atPath: image.path + ".new"))
    }
}

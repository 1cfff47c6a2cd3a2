import Foundation
import Glibc
import RoamTestSupport
import Testing

/// `import` on a nearly full card: it keeps the room the recorder needs (`RecordingReserve`, 64 MiB),
/// checked before each file and each chunk, and stops in words that name what was imported, where
/// it stopped and what was never tried; a full card (ENOSPC) is said in the same words. Real small
/// tmpfs file systems, as the drive's full-card tests use.
@Suite(.serialized, .needs(geteuid() == 0, "mounting a small tmpfs needs root"))
struct ImportRoomTests {
    static let reserve: Int64 = 64 << 20

    /// A GPX ride of `points` points a second apart, its track starting at `lat`.
    static func gpx(_ points: Int, lat: Double) -> String {
        var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Test Logger\"><trk><trkseg>\n"
        for i in 0..<points {
            let t = 8 * 3600 + i
            let time = String(format: "2022-05-01T%02d:%02d:%02dZ", t / 3600, t / 60 % 60, t % 60)
            s += "<trkpt lat=\"\(lat + Double(i) * 0.00005)\" lon=\"8.0\"><ele>400</ele><time>\(time)</time></trkpt>\n"
        }
        return s + "</trkseg></trk></gpx>\n"
    }

    /// A folder of GPX rides a.gpx, b.gpx, … of `points` points each.
    static func rides(in dir: URL, _ names: [String], points: Int) throws -> URL {
        let folder = dir.appendingPathComponent("rides")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (i, name) in names.enumerated() {
            try Data(gpx(points, lat: 40 + Double(i)).utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test("Less than 64 MiB free: nothing imported, the files named as not tried, exit 75")
    func stopsBeforeTheFirstFileBelowTheReserve() throws {
        try DriveProbe.onSmallCard("import-room-before", megabytes: 40) { dir, mount in
            let folder = try Self.rides(in: dir, ["a.gpx", "b.gpx", "c.gpx"], points: 100)
            let r = try CLIRunner.run(["import", "--db", mount.appendingPathComponent("data/rides.db").path, folder.path])
            #expect(r.status == 75, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.isEmpty, "\(r.stdout)")
            // Nothing written: no database, and no folder made for it, is left behind.
            #expect(!FileManager.default.fileExists(atPath: mount.appendingPathComponent("data").path))
            let said = try #require(r.stderr.split(separator: "\n").last.map(String.init))
            #expect(said.firstMatch(of: /^roam-board import: import stopped before .*\/rides\/a\.gpx: [0-9.]+ MiB free on .*\/data, 64 MiB stay for recording; imported: none; not tried: b\.gpx, c\.gpx\. Free room \(prune rides already handed over: '(sudo )?roam-board prune --db [^ ]*\/data\/rides\.db --dumped-before [0-9-]{10} --dry-run' lists those handed over before [0-9-]{10}, and the same without --dry-run deletes them\) and import again$/) != nil, "\(said)")
            // It printed "roam-board prune --dumped-before DATE": no database named, a placeholder the parser refuses (64).
            try PrintedCommands.expectEachParses(said)
        }
    }

    @Test("Free space falls below the reserve during a long file: it stops between chunks, the ride said unfinished, the rest not tried")
    func stopsBetweenChunksAtTheReserve() throws {
        try DriveProbe.onSmallCard("import-room-chunks", megabytes: 80) { dir, mount in
            let db = mount.appendingPathComponent("rides.db").path
            let folder = try Self.rides(in: dir, ["a.gpx", "b.gpx", "c.gpx"], points: 40_000)
            // The database made with a first small ride while there is room.
            let first = dir.appendingPathComponent("first.gpx")
            try Data(Self.gpx(10, lat: 30).utf8).write(to: first)
            #expect(try CLIRunner.run(["import", "--db", db, first.path]).status == 0)
            try FullStorage.fill(mount, leaving: Self.reserve + (1 << 20))
            let r = try CLIRunner.run(["import", "--db", db, folder.path])
            #expect(r.status == 75, "\(r.stdout)\(r.stderr)")
            let said = try #require(r.stderr.split(separator: "\n").last.map(String.init))
            #expect(said.firstMatch(of: /^roam-board import: import stopped in .*\/rides\/a\.gpx after [0-9]+ of 40000 points \(import unfinished: import the file again to finish it\): [0-9.]+ MiB free on .*, 64 MiB stay for recording; imported: none; not tried: b\.gpx, c\.gpx\. Free room/) != nil, "\(said)")
            var fs = statvfs()
            try #require(statvfs(mount.path, &fs) == 0)
            #expect(Int64(fs.f_bavail) * Int64(fs.f_frsize) > Self.reserve - (4 << 20), "the import took the recorder's room")
            let rides = try CLIRunner.run(["rides", "--db", db])
            #expect(rides.stdout.contains("import unfinished"), "\(rides.stdout)")
        }
    }

    @Test("The card filled by another writer after the reserve's check (ENOSPC): the file it failed on and the files never tried are named, exit 74",
          .needs(ImportCommandTests.hasGPSBabel, "gpsbabel is not installed (scripts/test installs it)"))
    func aFullCardNamesTheFileAndTheRest() throws {
        try DriveProbe.onSmallCard("import-room-full", megabytes: 80) { dir, mount in
            let db = mount.appendingPathComponent("rides.db").path
            let folder = dir.appendingPathComponent("rides")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, ride) in [("a.fit", "bolt-2017-07-06.fit"), ("b.fit", "bolt-2017-07-22.fit"), ("c.fit", "edge510-2015-10-12.fit")] {
                try FileManager.default.copyItem(at: ImportCommandTests.rides.appendingPathComponent(ride), to: folder.appendingPathComponent(name))
            }
            let first = dir.appendingPathComponent("first.gpx")
            try Data(Self.gpx(10, lat: 30).utf8).write(to: first)
            #expect(try CLIRunner.run(["import", "--db", db, first.path]).status == 0)
            // gpsbabel runs after the check, before the first chunk: this one fills the card first, as another writer would.
            let filler = mount.appendingPathComponent("filler").path
            let tools = try DriveProbe.toolScript(in: dir, "gpsbabel", """
                for bs in 1M 4k; do dd if=/dev/zero of=\(filler)-$bs bs=$bs 2>/dev/null; done
                exec /usr/bin/gpsbabel "$@"
                """)
            let path = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let r = try CLIRunner.run(["import", "--db", db, folder.path], environment: ["PATH": path])
            #expect(r.status == 74, "\(r.stdout)\(r.stderr)")
            let said = try #require(r.stderr.split(separator: "\n").last.map(String.init))
            #expect(said.hasPrefix("roam-board import: import failed on \(folder.path)/a.fit: the storage holding \(db)")
                    && said.hasSuffix("; imported: none; not tried: b.fit, c.fit"), "\(said)")
        }
    }
}

import Foundation
import RoamTestSupport
import Testing

/// `import` of gzip-compressed rides, as Strava's bulk export holds them (`activities/NNN.fit.gz`,
/// `NNN.tcx.gz`, sometimes `NNN.gpx.gz`): read exactly as the plain file, judged on what they
/// uncompress to; damaged ones named in one line, nothing stored for them, the rest imported.
@Suite(.needs(ImportCommandTests.hasGPSBabel, "gpsbabel is not installed (scripts/test installs it)"))
struct ImportGzipTests {
    /// `bytes` as `gzip -c -n` writes them; several inputs give several members, as `gzip -c a b > c`.
    static func gzip(_ parts: [Data], in dir: URL) throws -> Data {
        let paths = try parts.enumerated().map { i, data in
            let url = dir.appendingPathComponent("part-\(i)-\(UUID().uuidString)")
            try data.write(to: url)
            return url.path
        }
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "for f in \"$@\"; do gzip -c -n \"$f\"; done", "sh"] + paths
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        return data
    }

    static func fit(_ name: String) throws -> Data { try Data(contentsOf: ImportCommandTests.rides.appendingPathComponent(name)) }

    @Test("A Strava export's activities folder: a.gpx, b.fit.gz and c.tcx.gz are three rides, named as given")
    func activitiesFolderAsItComes() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("activities")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(ImportCommandTests.gpx(40).utf8).write(to: folder.appendingPathComponent("a.gpx"))
        try Self.gzip([Self.fit("edge200-2015-10-13.fit")], in: dir).write(to: folder.appendingPathComponent("b.fit.gz"))
        try Self.gzip([ImportCommandTests.tcx(of: "edge530-2022-11-26.fit", in: dir)], in: dir).write(to: folder.appendingPathComponent("c.tcx.gz"))
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["import", "--db", db, folder.path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("ride 1: imported from a.gpx (Test Logger)"), "\(r.stdout)")
        #expect(r.stdout.contains("ride 2: imported from b.fit.gz (garmin edge200), 11.46 km"), "\(r.stdout)")
        #expect(r.stdout.contains("ride 3: imported from c.tcx.gz (device not named in the file), 16.67 km"), "\(r.stdout)")
        #expect(r.stderr.contains("imported 3 of 3 files"), "\(r.stderr)")
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "2"])
        #expect(show.stdout.contains("source      imported from b.fit.gz"), "\(show.stdout)")
    }

    @Test("A .fit and its .fit.gz are one ride (the key is the uncompressed bytes'); gzip found by its bytes whatever the name")
    func fitAndItsGzipAreOneRide() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fit = try Self.fit("edge200-2015-10-13.fit")
        try fit.write(to: dir.appendingPathComponent("ride.fit"))
        try Self.gzip([fit], in: dir).write(to: dir.appendingPathComponent("ride.fit.gz"))
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["import", "--db", db] + ["ride.fit", "ride.fit.gz"].map { dir.appendingPathComponent($0).path })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("ride 1: imported from ride.fit (garmin edge200)"), "\(r.stdout)")
        #expect(r.stdout.contains("ride.fit.gz: already imported as ride 1; nothing done"), "\(r.stdout)")
        // A GPX gzipped under a name that says nothing: told by its magic bytes 1F 8B, then by its content.
        let odd = dir.appendingPathComponent("download.bin")
        try Self.gzip([Data(ImportCommandTests.gpx(30).utf8)], in: dir).write(to: odd)
        let named = try CLIRunner.run(["import", "--db", db, odd.path])
        #expect(named.status == 0 && named.stdout.contains("ride 2: imported from download.bin (Test Logger)"),
                "\(named.stdout)\(named.stderr)")
        #expect(try CLIRunner.run(["rides", "--db", db, "--last-id"]).stdout == "2\n")
    }

    @Test("Cut short, a wrong CRC, not a ride, empty, a .zip: one line each, nothing stored, the rest imported")
    func damagedGzipFilesAreNamedAndSkipped() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("activities")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let good = try Self.gzip([Self.fit("edge200-2015-10-13.fit")], in: dir)
        var badCRC = good
        badCRC[badCRC.count - 8] ^= 0xFF
        let files: [(String, Data, String)] = [
            ("a-cut.fit.gz", good.prefix(good.count / 2), "is cut short"),
            ("b-crc.fit.gz", badCRC, "is damaged: its gzip data does not check out"),
            ("c-notes.gpx.gz", try Self.gzip([Data("shopping list\n".utf8)], in: dir), "is not a GPX file"),
            ("d-empty.tcx.gz", try Self.gzip([Data()], in: dir), "is empty once uncompressed"),
            ("e-zero.fit.gz", Data(), "is empty"),
            ("f-good.fit.gz", good, ""),
        ]
        for (name, data, _) in files { try data.write(to: folder.appendingPathComponent(name)) }
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["import", "--db", db, folder.path])
        #expect(r.status == 65, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1 && r.stdout.hasPrefix("ride 1: imported from f-good.fit.gz (garmin edge200)"),
                "\(r.stdout)")
        for (name, _, says) in files where !says.isEmpty {
            let lines = r.stderr.split(separator: "\n").filter { $0.contains(name) }
            #expect(lines.count == 1 && lines[0].contains("skipped \(folder.path)/\(name)") && lines[0].contains(says), "\(name): \(r.stderr)")
        }
        #expect(r.stderr.contains("imported 1 of 6 files (5 failed)"), "\(r.stderr)")
        #expect(try CLIRunner.run(["rides", "--db", db, "--last-id"]).stdout == "1\n")
        let zip = dir.appendingPathComponent("export.zip")
        try Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40)).write(to: zip)
        let z = try CLIRunner.run(["import", "--db", db, zip.path])
        #expect(z.status == 65 && z.stderr.contains("export.zip is a ZIP archive: unpack it first (unzip"), "\(z.stderr)")
    }
}

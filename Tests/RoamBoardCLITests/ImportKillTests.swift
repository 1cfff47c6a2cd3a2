import Foundation
import Testing

/// One transaction per imported ride: an import killed with SIGKILL keeps every ride it committed,
/// whole and with its provenance, and the same folder imported again adds only the rest.
@Suite struct ImportKillTests {
    @Test("SIGKILL mid-folder: committed rides stay whole, check passes, the rerun imports only the rest")
    func killedImportLosesAtMostTheRideInHand() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let count = 120
        for i in 0..<count {
            var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"kill\"><trk><trkseg>\n"
            for k in 0..<60 {
                let time = String(format: "2021-%02d-%02dT09:%02d:%02dZ", 1 + i / 28, 1 + i % 28, k * 2 / 60, k * 2 % 60)
                s += "<trkpt lat=\"\(46.0 + Double(i) * 0.01 + Double(k) * 0.0001)\" lon=\"7.0\"><time>\(time)</time></trkpt>\n"
            }
            try Data((s + "</trkseg></trk></gpx>\n").utf8).write(to: folder.appendingPathComponent(String(format: "r%03d.gpx", i)))
        }
        let db = dir.appendingPathComponent("rides.db").path
        let p = Process()
        p.executableURL = CLIRunner.binary
        p.arguments = ["import", "--db", db, folder.path]
        p.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        p.standardError = err
        try p.run()
        // Wait for the first progress line (after the 50th commit), whatever the machine's speed.
        var said = ""
        while !said.contains("imported 50 of \(count)") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()

        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let listed = try CLIRunner.run(["rides", "--db", db]).stdout.split(separator: "\n").dropFirst()
        #expect(listed.count >= 50, "\(said)")
        #expect(listed.allSatisfy { $0.contains("imported from r") && $0.contains("(kill)") && $0.contains("    60  ") },
                "every committed ride is whole and says where it came from: \(listed)")
        let rerun = try CLIRunner.run(["import", "--db", db, folder.path])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.split(separator: "\n").filter { $0.contains("already imported") }.count == listed.count)
        #expect(try CLIRunner.run(["rides", "--db", db, "--last-id"]).stdout == "\(count)\n")
    }
}

import Foundation
import Testing

/// Each board's unit as systemd itself reads it: `systemd-analyze verify` finds nothing to say, and
/// `systemd-analyze security --offline=true` rates its exposure at 1.0 or less (0 is fully locked
/// down, 10 is a unit with no sandboxing at all). `scripts/test` installs systemd's tools.
@Suite struct UnitSecurityTests {
    static let analyze = "/usr/bin/systemd-analyze"

    struct Output { var status: Int32; var text: String }

    func run(_ arguments: [String]) throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.analyze)
        p.arguments = arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, text: String(decoding: data, as: UTF8.self))
    }

    func requireAnalyze() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.analyze),
                     "systemd-analyze is missing: install Debian's 'systemd' package (scripts/test does)")
    }

    /// ProcSubset=pid hid /proc/sys from the recorder, so its status file carried no boot id and
    /// `status` could never age a stamp by the monotonic clock; other processes stay invisible.
    @Test func theRecordersSandboxLeavesTheBootIDReadable() throws {
        for board in try BoardFiles.all() where board.hasUnit {
            let lines = try String(contentsOf: board.unitURL, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(!lines.contains { $0.hasPrefix("ProcSubset=") && !$0.hasSuffix("=all") }, "\(board.name): ProcSubset hides /proc/sys/kernel/random/boot_id")
            #expect(lines.contains("ProtectProc=invisible"), "\(board.name)")
        }
    }

    @Test("P8: systemd-analyze verify accepts every unit")
    func verifyAcceptsEveryUnit() throws {
        try requireAnalyze()
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for board in try BoardFiles.all() where board.hasUnit {
            // verify also checks that ExecStart's (and ExecStopPost's) program exists: point them at the
            // binary just built, in a copy that differs from the unit only in that path.
            let text = try String(contentsOf: board.unitURL, encoding: .utf8)
            #expect(text.contains("ExecStart=/usr/bin/roam-board "), "\(board.name): the .deb installs to /usr/bin")
            let copy = dir.appendingPathComponent(board.name).appendingPathComponent("roam-board.service")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.replacingOccurrences(of: "/usr/bin/roam-board ", with: "\(CLIRunner.binary.path) ")
                .write(to: copy, atomically: true, encoding: .utf8)
            let out = try run(["verify", "--man=no", copy.path])
            #expect(out.status == 0 && out.text.isEmpty, "\(board.name): systemd-analyze verify said:\n\(out.text)")
        }
    }

    @Test("P8: systemd-analyze security rates every unit at an exposure of 1.0 or less")
    func exposureIsAtMostOne() throws {
        try requireAnalyze()
        var scores: [String] = []
        for board in try BoardFiles.all() where board.hasUnit {
            let out = try run(["security", "--offline=true", "--no-pager", board.unitURL.path])
            #expect(out.status == 0, "\(board.name): \(out.text)")
            let line = try #require(out.text.split(separator: "\n").first { $0.contains("Overall exposure level") })
            let match = line.firstMatch(of: #/: ([0-9]+\.[0-9]+)\s/#)
            let value = try #require(match.flatMap { Double($0.1) }, "\(line)")
            scores.append("\(board.name) \(value)")
            #expect(value <= 1.0, "\(board.name): \(line)")
            // systemd's own reading of the device ACL: exactly the board's devices, read-write.
            let acl = out.text.split(separator: "\n").first { $0.contains("device ACL with some special devices:") }
            let devices = acl.map { l in
                l.split(separator: ":", maxSplits: 1)[1].split(separator: " ").map(String.init).filter { $0.hasPrefix("/") || $0.hasPrefix("char-") || $0.hasPrefix("block-") }
            } ?? []
            #expect(devices.sorted() == board.deviceNodes.map { "\($0):rw" }.sorted(), "\(board.name): effective ACL \(devices)")
        }
        print("systemd-analyze security --offline=true exposure: " + scores.joined(separator: ", "))
    }
}

import Foundation
import RoamTestSupport
import Testing
@testable import RoamBoardCLI

/// Each recorder and drive unit as shipped: restarted 5 s after any exit, for ever, except a start
/// refused for good (`RefusedForGood`: exactly `ExitStatus.refusedForGood`), and started again by its
/// path unit when the board folder it reads changes. P8: systemd's own `verify` has nothing to say.
@Suite struct RestartUnitTests {
    /// Every service unit under Boards/ with the path unit beside it: 4 recorders, 3 drive keepers.
    static func units() throws -> [(service: URL, path: URL)] {
        try BoardFiles.all().flatMap { board in
            ["roam-board.service", "roam-board-drive.service"].map { board.dir.appendingPathComponent($0) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
                .map { ($0, $0.deletingPathExtension().appendingPathExtension("path")) }
        }
    }

    /// A unit file's settings, `key -> values in order`, comments and section headers left out.
    static func settings(_ url: URL) throws -> [String: [String]] {
        var settings: [String: [String]] = [:]
        for raw in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("["), let eq = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<eq]), default: []].append(String(line[line.index(after: eq)...]))
        }
        return settings
    }

    @Test func everyUnitIsRestartedButForTheRefusalsForGood() throws {
        let units = try Self.units()
        #expect(units.count == 7, "\(units.map(\.service.path))")
        let listed = ExitStatus.refusedForGood.map(String.init).joined(separator: " ")
        for (service, path) in units {
            let s = try Self.settings(service)
            #expect(s["Restart"] == ["always"] && s["RestartSec"] == ["5"] && s["StartLimitIntervalSec"] == ["0"], "\(service.path)")
            #expect(s["RestartPreventExitStatus"] == [listed], "\(service.path): \(s["RestartPreventExitStatus"] ?? [])")
            // Its path unit watches the folder ExecStart's --board names, and starts this unit.
            let words = (s["ExecStart"] ?? []).first.map { $0.split(separator: " ").map(String.init) } ?? []
            let board = words.firstIndex(of: "--board").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
            let p = try Self.settings(path)
            #expect(board != nil && p["PathChanged"] == [board ?? ""], "\(path.path): \(p["PathChanged"] ?? []) for --board \(board ?? "none")")
            #expect(p["Unit"] == [service.lastPathComponent] && p["WantedBy"] == ["paths.target"], "\(path.path)")
        }
    }

    /// On a Pi a released output keeps its level: after any exit of the recorder (a crash, a kill, a
    /// refusal) its LED line is darkened by `led-off` of the board ExecStart reads, once the main
    /// process is gone, and never fails the unit ("-"). The drive's keeper holds no LED.
    @Test func everyRecorderUnitDarkensItsLEDAfterItsProcessIsGone() throws {
        let recorders = try Self.units().map(\.service).filter { $0.lastPathComponent == "roam-board.service" }
        #expect(recorders.count == 4, "\(recorders.map(\.path))")
        for service in try Self.units().map(\.service) {
            let s = try Self.settings(service)
            guard service.lastPathComponent == "roam-board.service" else {
                #expect(s["ExecStopPost"] == nil, "\(service.path)")
                continue
            }
            let start = (s["ExecStart"] ?? []).first ?? ""
            let board = start.components(separatedBy: " --board ").dropFirst().first?.split(separator: " ").first.map(String.init) ?? "none"
            #expect(s["ExecStopPost"] == ["-/usr/bin/roam-board led-off --board \(board)"], "\(service.path): \(s["ExecStopPost"] ?? [])")
            // Not ExecStop=: that would run while the recorder still holds the line.
            #expect(s["ExecStop"] == nil, "\(service.path)")
        }
    }

    @Test(.needs(FileManager.default.isExecutableFile(atPath: UnitSecurityTests.analyze), "systemd-analyze is missing: install Debian's 'systemd' package (scripts/test does)"))
    func systemdVerifiesEachPathUnitWithItsService() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (n, (service, path)) in try Self.units().enumerated() {
            // verify checks that ExecStart's program exists: the binary just built stands for /usr/bin's.
            let folder = dir.appendingPathComponent("\(n)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copies = [service, path].map { folder.appendingPathComponent($0.lastPathComponent) }
            try String(contentsOf: service, encoding: .utf8).replacingOccurrences(of: "/usr/bin/roam-board ", with: "\(CLIRunner.binary.path) ")
                .write(to: copies[0], atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(at: path, to: copies[1])
            let child = try TrialChild(URL(fileURLWithPath: UnitSecurityTests.analyze), ["verify", "--man=no"] + copies.map(\.path))
            let status = child.finish()
            let said = (child.stdoutLines + child.stderrLines).joined(separator: "\n")
            #expect(status == 0 && said.isEmpty, "\(path.path): systemd-analyze verify said:\n\(said)")
        }
    }
}

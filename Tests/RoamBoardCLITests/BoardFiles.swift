import Foundation
import RoamCore

/// A board folder as the P8 tests read it: the board file, the systemd unit, the udev rule.
struct BoardFiles {
    let name: String
    let dir: URL
    let profile: BoardProfile

    static var boardsDir: URL { CLIRunner.repoRoot.appendingPathComponent("Boards") }

    /// Every folder under Boards/ that holds a board.conf.
    static func all() throws -> [BoardFiles] {
        try FileManager.default.contentsOfDirectory(atPath: boardsDir.path).sorted().compactMap { name in
            let dir = boardsDir.appendingPathComponent(name)
            let conf = dir.appendingPathComponent("board.conf")
            guard FileManager.default.fileExists(atPath: conf.path) else { return nil }
            let profile = try BoardProfile.parse(try String(contentsOf: conf, encoding: .utf8), file: conf.path)
            return BoardFiles(name: name, dir: dir, profile: profile)
        }
    }

    var unitURL: URL { dir.appendingPathComponent("roam-board.service") }
    var udevURL: URL { dir.appendingPathComponent("99-roam-board.rules") }
    var hasUnit: Bool { FileManager.default.fileExists(atPath: unitURL.path) }

    /// The device nodes the board declares: its UART, I2C bus and GPIO chip ("bench" declares none).
    var deviceNodes: [String] {
        [profile.uart, profile.i2cBus, profile.gpioChip]
            .filter { $0 != "bench" }
            .map { $0.hasPrefix("/") ? $0 : "/dev/" + $0 }
    }

    /// The unit's settings, `key -> values in order` ([Unit], [Service], [Install] alike; no key here
    /// is used in two sections). Comments and blank lines are skipped.
    func unit() throws -> [String: [String]] {
        var settings: [String: [String]] = [:]
        for raw in try String(contentsOf: unitURL, encoding: .utf8).split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix(";"), !line.hasPrefix("["),
                  let eq = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<eq]), default: []].append(String(line[line.index(after: eq)...]))
        }
        return settings
    }

    /// The data directory as the unit's recorder sees it: board.conf's `data_dir`, resolved against
    /// the board folder named by `ExecStart=… record --board DIR`.
    func dataDir(installedAt boardDir: String) -> String {
        if profile.dataDir.hasPrefix("/") { return profile.dataDir }
        return URL(fileURLWithPath: boardDir, isDirectory: true).appendingPathComponent(profile.dataDir).standardizedFileURL.path
    }

    /// The udev rule's lines, comments and blank lines left out.
    func udevRules() throws -> [Substring] {
        try String(contentsOf: udevURL, encoding: .utf8).split(separator: "\n")
            .filter { let t = $0.trimmingCharacters(in: .whitespaces); return !t.isEmpty && !t.hasPrefix("#") }
    }

    /// The value of `KEY` in one rule line: `KEY=="v"`, `KEY+="v"`, `KEY="v"`; nil when absent.
    static func udevValue(_ key: String, in line: Substring) -> String? {
        for op in ["==", "+=", "="] {
            if let r = line.range(of: "\(key)\(op)\"") { return String(line[r.upperBound...].prefix { $0 != "\"" }) }
        }
        return nil
    }

    /// The device names the rule makes user roam the owner of, in order: the link it makes when it
    /// makes one (the GPIO chip, found by label), else the KERNEL== name.
    func udevOwnedNames() throws -> [String] {
        try udevRules().filter { Self.udevValue("OWNER", in: $0) != nil }.compactMap { line in
            Self.udevValue("SYMLINK", in: line) ?? Self.udevValue("KERNEL", in: line)
        }
    }
}

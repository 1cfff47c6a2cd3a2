import Foundation
import RoamTestSupport
import Testing

/// A packaging script run as `sh SCRIPT ARGS…`, under `strace -f -y` when asked: every process it
/// starts, with the fsyncs, renames and execs they made and what it wrote to standard output, in order.
struct ScriptTrace {
    static let log = "strace.log"

    /// Runs `command` (a script and its arguments) with /bin/sh and the fake tools' `path`; traced
    /// into `dir`/strace.log when `dir` is given.
    static func run(_ command: [String], path: String, tracedIn dir: URL?) throws -> CLIRunner.Result {
        guard let dir else { return try CLIRunner.run(command, environment: ["PATH": path], executable: URL(fileURLWithPath: "/bin/sh")) }
        let strace = try #require(TrialPaths.tool("strace"), "strace is missing")
        let options = ["-f", "-qq", "-y", "-s", "4096", "-o", dir.appendingPathComponent(log).path,
                       "-e", "trace=execve,write,fsync,fdatasync,syncfs,sync,rename,renameat,renameat2"]
        return try CLIRunner.run(options + ["/bin/sh"] + command, environment: ["PATH": path], executable: strace)
    }

    let lines: [String]

    init(dir: URL) throws {
        lines = try String(contentsOf: dir.appendingPathComponent(Self.log), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Where each file was fsync'd (fsync or fdatasync that succeeded), by its path as the kernel names it.
    func synced(_ path: String) -> [Int] {
        lines.indices.filter { i in
            (lines[i].contains(" fsync(") || lines[i].contains(" fdatasync(")) && lines[i].contains("<\(path)>)") && lines[i].hasSuffix("= 0")
        }
    }

    /// The successful renames onto `path`: where, and from which name.
    func renames(onto path: String) -> [(index: Int, from: String)] {
        lines.indices.compactMap { i in
            let line = lines[i]
            guard line.contains(" rename"), line.hasSuffix("= 0") else { return nil }
            let names = line.matches(of: /"([^"]*)"/).map { String($0.output.1) }
            guard names.count == 2, names[1] == path else { return nil }
            return (i, names[0])
        }
    }

    /// The first line the script wrote to its standard output containing `text`.
    func said(_ text: String) -> Int? { lines.firstIndex { $0.contains(" write(1<") && $0.contains(text) } }
    /// The script's last line of standard output.
    var lastSaid: Int? { lines.lastIndex { $0.contains(" write(1<") } }
    /// The first start of `command` (its argv joined by spaces).
    func started(_ command: String) -> Int? {
        let argv = command.split(separator: " ").map { "\"\($0)\"" }.joined(separator: ", ")
        return lines.firstIndex { $0.contains(" execve(") && $0.contains("[\(argv)]") }
    }

    /// Why `file` would not survive a power cut right after line `by` (nil: it would): it must be
    /// written under another name, fsync'd, renamed onto its name and its folder fsync'd, in that order.
    func notDurable(_ file: String, by: Int) -> String? {
        guard let rename = renames(onto: file).last else { return "\(file): never renamed into place (written in place)" }
        guard synced(rename.from).contains(where: { $0 < rename.index }) else { return "\(file): \(rename.from) not fsync'd before its rename" }
        let folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        guard let dirSync = synced(folder).first(where: { $0 > rename.index }) else { return "\(file): its folder \(folder) not fsync'd after the rename" }
        return dirSync < by ? nil : "\(file): its folder fsync'd only at line \(dirSync), after line \(by)"
    }
}

/// On ext4 a file written with `install` or `>>` and no fsync was EMPTY after a power cut up to ~30 s
/// later: an empty unit is masked, an empty board.conf refused (exit 78), an empty udev rule makes
/// no /dev/roam-gpiochip. Every file roam-board-enable and postinst write is on the disk, as seen
/// by strace, before the script says to ride (or ends).
@Suite(.needs(TrialPaths.tool("strace") != nil, "strace is missing: install Debian's strace (scripts/test does)"))
struct PackagingDurableWriteTests {
    /// The regular files under `etc`, by their real paths (what strace -y names).
    static func files(under etc: URL) -> [String] {
        let root = etc.resolvingSymlinksInPath()
        let all = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])?
            .compactMap { $0 as? URL } ?? []
        return all.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            && (try? $0.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) != true }
            .map { $0.resolvingSymlinksInPath().path }.sorted()
    }

    static func wantsFolders(_ etc: URL) throws {
        for wants in ["multi-user.target.wants", "paths.target.wants"] {
            try FileManager.default.createDirectory(at: etc.appendingPathComponent("systemd/system/\(wants)"), withIntermediateDirectories: true)
        }
    }

    /// Fresh, or in place of another board's board.conf (kept beside it): each of the recorder's
    /// files and the links `systemctl enable` made are on the disk before "press the button", the
    /// drive's before the last line.
    @Test(arguments: [nil, "rpi-4"])
    func enableWritesEveryFileDurablyBeforeSayingToRide(replacing board: String?) throws {
        let before = try board.map { try EnableAgainTests.packageBoardConf($0) }
        let run = try EnableAgainTests.enable(boardConf: before, recorder: "inactive", selftestStatus: 0, udc: true, traced: true) { etc in
            try EnableTimeZoneTests.localtime("zoneinfo/Europe/Berlin")(etc)
            try Self.wantsFolders(etc)
        }
        let dir = run.etc.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(run.status == 0, "\(run.stderr)")
        let trace = try ScriptTrace(dir: dir)
        let ride = try #require(trace.said("press the button"), "\(run.stdout)")
        let last = try #require(trace.lastSaid)
        let etc = run.etc.resolvingSymlinksInPath().path
        let files = Self.files(under: run.etc)
        let kept = board.map { ["\(etc)/roam-board/board.conf.\($0)"] } ?? []
        #expect(files == (["roam-board/board.conf", "roam-board/usb.md", "roam-board/wiring.md", "systemd/system/roam-board-drive.path",
                           "systemd/system/roam-board-drive.service", "systemd/system/roam-board.path", "systemd/system/roam-board.service",
                           "udev/rules.d/99-roam-board.rules"].map { "\(etc)/\($0)" } + kept).sorted(), "no staged file is left behind")
        for file in files where !kept.contains(file) {
            let by = file.contains("roam-board-drive") ? last : ride
            #expect(trace.notDurable(file, by: by) == nil, "\(trace.notDurable(file, by: by) ?? "")")
        }
        let enabled = try #require(trace.started("systemctl enable --now roam-board.service roam-board.path"))
        let linksSynced = trace.synced("\(etc)/systemd/system/multi-user.target.wants").contains { $0 > enabled && $0 < ride }
        #expect(linksSynced, "the links systemctl enable made are not fsync'd before the rider is told to ride")
    }

    /// An upgrade rewrites the enabled board's units, udev rule, path units and notes: each on the
    /// disk before postinst ends, and the links its `systemctl enable` made.
    @Test func postinstWritesEveryFileDurably() throws {
        let both = ["roam-board.service", "roam-board-drive.service"]
        let (dir, calls, _) = try PostinstUpgradeTests.upgrade(active: [], enabled: both, traced: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try ScriptTrace(dir: dir)
        let etc = dir.appendingPathComponent("etc").resolvingSymlinksInPath().path
        let files = Self.files(under: dir.appendingPathComponent("etc")).filter { !$0.hasSuffix("/board.conf") }
        #expect(files == ["roam-board/usb.md", "roam-board/wiring.md", "systemd/system/roam-board-drive.path",
                          "systemd/system/roam-board-drive.service", "systemd/system/roam-board.path", "systemd/system/roam-board.service",
                          "udev/rules.d/99-roam-board.rules"].map { "\(etc)/\($0)" }, "no staged file is left behind")
        for file in files { #expect(trace.notDurable(file, by: trace.lines.count) == nil, "\(trace.notDurable(file, by: trace.lines.count) ?? "")") }
        #expect(calls.contains("systemctl enable roam-board.path"), "\(calls)")
        let enabled = try #require(trace.started("systemctl enable roam-board-drive.path"))
        #expect(trace.synced("\(etc)/systemd/system/multi-user.target.wants").contains { $0 > enabled },
                "the links systemctl enable made are not fsync'd")
    }
}

/// A write that failed (a full card, a file that may not be replaced or linked) ended the script with
/// the package's copy left under its hidden name in /etc/roam-board, which nothing reads or removes.
/// Now the script exits non-zero saying what failed, what was there is unchanged, and no staged file is left.
@Suite(.needs(geteuid() == 0 && ImmutableFile.canBeMade, "root only, where chattr +i works: mounts a tmpfs, makes files immutable"))
struct PackagingDurableFailureTests {
    static func staged(in etc: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: etc.appendingPathComponent("roam-board").path).filter { $0.hasSuffix(".roam-new") }
    }

    /// durable_stage: `install` on a full tmpfs creates the staged file and fails writing it.
    @Test func aFullCardLeavesNoStagedFile() throws {
        var undo: [() -> Void] = []
        defer { undo.reversed().forEach { $0() } }
        let run = try EnableAgainTests.enable(boardConf: nil, recorder: "inactive", selftestStatus: 0) { etc in
            undo.append { TrialPaths.remove(etc.deletingLastPathComponent()) }
            let folder = etc.appendingPathComponent("roam-board")
            try DriveProbe.mountTmpfs(at: folder, megabytes: 1)
            undo.append { LoopFilesystem.unmount(folder) }
            try LoopFilesystem.fill(folder.appendingPathComponent("fill"))
        }
        #expect(run.status != 0, "\(run.stdout)")
        #expect(run.stderr.contains("board.conf was not written") && run.stderr.contains("No space left on device"), "\(run.stderr)")
        #expect(try Self.staged(in: run.etc) == [], "\(run.stderr)")
        #expect(run.file("board.conf") == nil)
    }

    /// durable_commit: the rename over an immutable wiring.md fails.
    @Test func aFileThatCannotBeReplacedLeavesNoStagedFile() throws {
        var undo: [() -> Void] = []
        defer { undo.reversed().forEach { $0() } }
        let run = try EnableAgainTests.enable(boardConf: nil, recorder: "inactive", selftestStatus: 0) { etc in
            undo.append { TrialPaths.remove(etc.deletingLastPathComponent()) }
            let wiring = etc.appendingPathComponent("roam-board/wiring.md")
            try "old notes\n".write(to: wiring, atomically: false, encoding: .utf8)
            try ImmutableFile.make(wiring)
            undo.append { ImmutableFile.release(wiring) }
        }
        #expect(run.status != 0, "\(run.stdout)")
        #expect(run.stderr.contains("wiring.md was not replaced") && run.stderr.contains("Operation not permitted"), "\(run.stderr)")
        #expect(try Self.staged(in: run.etc) == [], "\(run.stderr)")
        #expect(run.file("wiring.md") == "old notes\n")
    }

    /// Between stage and commit: another board's board.conf, immutable, cannot be linked to its kept name.
    @Test func aBoardConfThatCannotBeKeptLeavesNoStagedFile() throws {
        var undo: [() -> Void] = []
        defer { undo.reversed().forEach { $0() } }
        let pi4 = try EnableAgainTests.packageBoardConf("rpi-4")
        let run = try EnableAgainTests.enable(boardConf: pi4, recorder: "inactive", selftestStatus: 0) { etc in
            undo.append { TrialPaths.remove(etc.deletingLastPathComponent()) }
            let conf = etc.appendingPathComponent("roam-board/board.conf")
            try ImmutableFile.make(conf)
            undo.append { ImmutableFile.release(conf) }
        }
        #expect(run.status != 0, "\(run.stdout)")
        #expect(run.stderr.contains("could not be kept as") && run.stderr.contains("Operation not permitted"), "\(run.stderr)")
        #expect(try Self.staged(in: run.etc) == [], "\(run.stderr)")
        #expect(run.file("board.conf") == pi4 && run.file("board.conf.rpi-4") == nil)
    }
}

/// A file even root may not rename over or link (`chattr +i`), where the file system supports it.
enum ImmutableFile {
    static func make(_ file: URL) throws {
        let set = try HostileFixtures.tool("chattr", ["+i", file.path])
        try #require(set.status == 0, "chattr +i \(file.path): \(set.stderr)")
    }

    static func release(_ file: URL) {
        do {
            let unset = try HostileFixtures.tool("chattr", ["-i", file.path])
            if unset.status != 0 { print("chattr -i \(file.path): \(unset.stderr)") }
        } catch {
            print("chattr -i \(file.path): \(error)")
        }
    }

    /// Probed once on a scratch file, so the tests that need it are skipped with the reason instead.
    static let canBeMade: Bool = {
        guard let dir = try? CLIRunner.temporaryDirectory() else { return false }
        defer { TrialPaths.remove(dir) }
        let probe = dir.appendingPathComponent("probe")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()),
              let set = try? HostileFixtures.tool("chattr", ["+i", probe.path]), set.status == 0 else { return false }
        release(probe)
        return true
    }()
}

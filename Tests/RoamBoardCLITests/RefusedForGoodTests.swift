import Foundation
import Testing
@testable import RoamStore
import RoamSystem
@testable import RoamBoardCLI

/// The units restart `record` and `drive` 5 s after any exit (Restart=always), and a start refused
/// for a cause no restart fixes was restarted every 5 s for ever: a process and journal lines every
/// 5 s on a battery and an SD card. Those refusals exit with statuses of their own, which the units
/// list in RestartPreventExitStatus=; what a restart may fix keeps its status, outside that list.
@Suite struct RefusedForGoodTests {
    /// A real board's folder (the recorder's code path, `HardwareRig`): its UART is not there, which
    /// a refusal at start never reaches. `baud`: the line as written.
    static func board(baud: String = "baud = 9600") throws -> (board: URL, data: URL) {
        let data = try CLIRunner.temporaryDirectory()
        let board = try SelftestCommandTests.boardFolder(uart: data.appendingPathComponent("ttyGNSS").path, dataDir: data)
        let conf = board.appendingPathComponent("board.conf")
        try String(contentsOf: conf, encoding: .utf8).replacingOccurrences(of: "baud = 9600", with: baud)
            .write(to: conf, atomically: true, encoding: .utf8)
        return (board, data)
    }

    /// `roam-board ARGUMENTS` in a terminal (INVOCATION_ID empty) or as a unit's process.
    static func run(_ arguments: [String], underSystemd: Bool) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, environment: ["INVOCATION_ID": underSystemd ? "0123456789abcdef" : ""])
    }

    static func lines(_ r: CLIRunner.Result) -> [Substring] { r.stderr.split(separator: "\n") }

    @Test func theUnitsListTheRefusalsForGoodAndNothingElse() {
        #expect(ExitStatus.refusedForGood == [64, 78, 79])
        let restartable = [ExitStatus.failure, ExitStatus.dataError, ExitStatus.noInput, ExitStatus.ioError,
                           ExitStatus.noPermission, ExitStatus.tempFailure]
        #expect(Set(restartable).isDisjoint(with: ExitStatus.refusedForGood))
    }

    /// When in doubt a refusal stays restartable (P2): a board.conf the card failed to read, or a
    /// descriptor table full for a moment, may read at the next start; a damaged database, or one whose
    /// creation was cut short (the recorder makes it anew), is not a newer roam-board's.
    @Test func onlyWhatNoRestartFixesIsSortedForGood() {
        for errno in [EIO, EMFILE, ENFILE, ENOMEM] {
            let unread = BoardFileUnreadable(description: "cannot read board file", errno: Errno(rawValue: errno))
            #expect(ExitStatus.of(RefusedForGood.sorted(unread, unit: "roam-board")) == 66, "errno \(errno)")
        }
        for errno in [ENOENT, ENOTDIR, EISDIR, EACCES, ELOOP, ENAMETOOLONG] {
            let unread = BoardFileUnreadable(description: "cannot read board file", errno: Errno(rawValue: errno))
            #expect(ExitStatus.of(RefusedForGood.sorted(unread, unit: "roam-board")) == 78, "errno \(errno)")
        }
        #expect(ExitStatus.of(RefusedForGood.sorted(BoardFileUnreadable(description: "not a regular file", errno: nil), unit: "roam-board")) == 78)
        let cutShort = StoreError.schemaTooOld(found: 0, supported: Migrations.latestVersion, path: "rides.db")
        let damaged = StoreError.corruptRow(table: "rides", detail: "unknown state", path: "rides.db")
        #expect(ExitStatus.of(RefusedForGood.sorted(cutShort, unit: "roam-board")) == 65)
        #expect(ExitStatus.of(RefusedForGood.sorted(damaged, unit: "roam-board")) == 65)
        #expect(ExitStatus.of(RefusedForGood.sorted(StoreError.schemaTooNew(found: 99, supported: 5, path: "rides.db"), unit: "roam-board")) == 79)
    }

    @Test func aBadBoardConfIsRefusedForGoodInOneLine() throws {
        let (board, data) = try Self.board(baud: "baud = fast")
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        let terminal = try Self.run(["record", "--board", board.path, "--quiet"], underSystemd: false)
        #expect(terminal.status == 78, "\(terminal.stderr)")
        #expect(Self.lines(terminal).count == 1, "\(terminal.stderr)")
        #expect(terminal.stderr.contains("\(board.path)/board.conf") && terminal.stderr.contains("baud"), "\(terminal.stderr)")
        #expect(!terminal.stderr.contains("not restarted"), "\(terminal.stderr)")
        let service = try Self.run(["record", "--board", board.path, "--quiet"], underSystemd: true)
        #expect(service.status == 78, "\(service.stderr)")
        #expect(Self.lines(service).count == 1, "\(service.stderr)")
        #expect(service.stderr.hasSuffix(". roam-board is not restarted until board.conf changes: saving it starts roam-board again\n"),
                "\(service.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("rides.db").path))
        // The drive's keeper the same; its set-up (ExecStartPre=, whose status systemd does not judge)
        // leaves the refusal to the keeper, the unit's main process.
        let root = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let keeper = try Self.run(["drive", "--board", board.path, "--sys-root", root.path], underSystemd: true)
        #expect(keeper.status == 78 && Self.lines(keeper).count == 1, "\(keeper.stderr)")
        #expect(keeper.stderr.hasSuffix(". roam-board-drive is not restarted until board.conf changes: saving it starts roam-board-drive again\n"),
                "\(keeper.stderr)")
        let setUp = try Self.run(["drive", "--board", board.path, "--sys-root", root.path, "--setup-only", "--owner", "\(getuid()):\(getgid())"],
                                 underSystemd: true)
        #expect(setUp.status == 0 && setUp.stderr.hasPrefix("roam-board drive: nothing set up: "), "\(setUp.status) \(setUp.stderr)")
    }

    @Test func aBoardFolderWithoutBoardConfIsRefusedForGood() throws {
        let (board, data) = try Self.board()
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        try FileManager.default.removeItem(at: board.appendingPathComponent("board.conf"))
        let r = try Self.run(["record", "--board", board.path, "--quiet"], underSystemd: true)
        #expect(r.status == 78 && Self.lines(r).count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot read board file \(board.path)/board.conf: it does not exist"), "\(r.stderr)")
        // Any other command: a missing input, as before.
        let rides = try Self.run(["rides", "--board", board.path], underSystemd: false)
        #expect(rides.status == 66, "\(rides.stderr)")
    }

    @Test func aDatabaseOfANewerRoamBoardIsRefusedForGoodBeforeAnyDevice() throws {
        let (board, data) = try Self.board()
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        let db = data.appendingPathComponent("rides.db").path
        do { _ = try RideStore(path: db) }
        try HostileFixtures.setSchemaVersion(db, to: 99)
        let terminal = try Self.run(["record", "--board", board.path, "--quiet"], underSystemd: false)
        #expect(terminal.status == 79, "\(terminal.stderr)")
        // One line: the database is opened before any device (P7), so no device was looked at, the LED neither.
        #expect(Self.lines(terminal).count == 1, "\(terminal.stderr)")
        #expect(terminal.stderr.contains("schema version 99, newer than version \(Migrations.latestVersion)"), "\(terminal.stderr)")
        let service = try Self.run(["record", "--board", board.path, "--quiet"], underSystemd: true)
        #expect(service.status == 79 && Self.lines(service).count == 1, "\(service.stderr)")
        #expect(service.stderr.hasSuffix(". roam-board is not restarted until a newer roam-board is installed, which starts it again\n"),
                "\(service.stderr)")
        let left = try SQLiteConnection(path: db, mode: .readOnly).singleText("SELECT value FROM meta WHERE key = 'schema_version'")
        #expect(left == "99", "the refused database was changed")
    }

    /// What a restart may fix keeps its status, which the units restart: another recorder on the
    /// database (it may stop), a data directory not made yet (StateDirectory= makes it).
    /// A zone the system lacks is fixed by installing tzdata (or a package that moved the name back),
    /// which no path unit sees: restarted, not refused for good.
    @Test func aZoneTheSystemLacksIsNotRefusedForGood() throws {
        let (board, data) = try Self.board(baud: "baud = 9600\ntime_zone = Atlantis/Lost")
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        let r = try Self.run(["record", "--board", board.path, "--quiet"], underSystemd: true)
        #expect(r.status == 65 && r.stderr.contains("unknown zone 'Atlantis/Lost'"), "\(r.status) \(r.stderr)")
        #expect(!r.stderr.contains("not restarted"), "\(r.stderr)")
    }

    @Test func whatARestartMayFixIsNotRefusedForGood() throws {
        let (board, data) = try Self.board()
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        let db = data.appendingPathComponent("rides.db").path
        do { _ = try RideStore(path: db) }
        let held = try RecorderLock(databasePath: db)
        let locked = try Self.run(["record", "--board", board.path, "--quiet"], underSystemd: true)
        withExtendedLifetime(held) {}
        #expect(locked.status == 1 && locked.stderr.contains("another recorder"), "\(locked.status) \(locked.stderr)")
        #expect(!ExitStatus.refusedForGood.contains(locked.status) && !locked.stderr.contains("not restarted"), "\(locked.stderr)")
        try FileManager.default.removeItem(at: data)
        let missing = try Self.run(["record", "--board", board.path, "--quiet"], underSystemd: true)
        #expect(missing.status == 74 && missing.stderr.contains("no data directory"), "\(missing.status) \(missing.stderr)")
        #expect(!missing.stderr.contains("not restarted"), "\(missing.stderr)")
    }

    /// The path unit starts a refused recorder at a save's first event and does not watch while it
    /// runs, so the rest of that save (an editor's rename) would start nothing: a board.conf refused
    /// while the board folder changed exits 75, restarted, not 78. Unchanged, it stays refused for good.
    @Test func aBoardConfSavedWhileItWasReadIsRestartedNotRefusedForGood() throws {
        let (board, data) = try Self.board()
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        let conf = board.appendingPathComponent("board.conf")
        let good = try String(contentsOf: conf, encoding: .utf8)
        try (good + "\nunits imperial\n").write(to: conf, atomically: true, encoding: .utf8)
        func start(saving: String?, atomically: Bool) -> Int32 {
            do {
                try RefusedForGood.judgingStart(unit: "roam-board", board: board.path) {
                    do { _ = try BoardLoader.load(board.path) } catch {
                        if let saving { try saving.write(to: conf, atomically: atomically, encoding: .utf8) }
                        throw error
                    }
                }
                return ExitStatus.ok
            } catch { return ExitStatus.of(error) }
        }
        #expect(start(saving: nil, atomically: false) == ExitStatus.configRefused)
        // Renamed over (an editor's save), then written in place with another length (nano's).
        #expect(start(saving: good + "\nunits imperial\n\n", atomically: true) == ExitStatus.tempFailure)
        #expect(start(saving: good + "\nunits imperial\n\n\n", atomically: false) == ExitStatus.tempFailure)
    }
}

import Foundation
import Glibc
import RoamHardware
import RoamRig
import RoamStore
import Testing

/// `selftest` while a recorder holds the database's lock. Root opens the recorder's UART all the
/// same (TIOCEXCL stops no root), so a check would set the receiver up again and read the sentences
/// the recorder never gets: a false "receiver silent" gap mid-ride. The devices are left alone and
/// the rider is told how to stop the recorder; the data folder is still checked.
@Suite struct SelftestBesideRecorderTests {
    @Test func aRunningRecordersDevicesAreLeftAloneAndTheRiderIsToldHowToStopIt() throws {
        let pty = try PseudoTerminal()
        let data = try CLIRunner.temporaryDirectory()
        let board = try SelftestCommandTests.boardFolder(uart: pty.secondaryPath, dataDir: data)
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        let recorder = try RecorderLock(databasePath: data.appendingPathComponent("rides.db").path)

        let r = try CLIRunner.run(["selftest", "--board", board.path])
        withExtendedLifetime(recorder) {}
        let lines = r.stdout.split(separator: "\n").dropFirst().map(String.init)
        #expect(r.status == 74, "\(r.stdout)\(r.stderr)")
        let devices = lines.first { $0.hasPrefix("FAIL devices: ") } ?? ""
        #expect(devices.contains("not checked: the recorder is running (pid \(getpid()))"), "\(r.stdout)")
        #expect(devices.hasSuffix("To check the devices, stop it first: Ctrl-C where it runs, or kill \(getpid())."), "\(devices)")
        #expect(!lines.contains { $0.hasPrefix("FAIL uart") || $0.hasPrefix("FAIL i2c") || $0.hasPrefix("FAIL gpio") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("OK   data \(data.path): writable") }, "\(r.stdout)")
        // Nothing was written to the receiver: no set-up command reached the port.
        #expect(try pty.read(timeoutMs: 100).isEmpty)
    }

    /// On the installed board the recorder is the units': killed, it would be started again.
    @Test func onTheInstalledBoardTheUnitsAreStoppedAndStartedAgain() throws {
        let installed = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: installed) }
        let advice = InstalledBoard.stopAdvice(pid: 4321, boardFolder: installed.path + "/", installed: installed.path)
        #expect(advice == "sudo systemctl stop roam-board.path roam-board (and sudo systemctl start roam-board roam-board.path once done)")
        #expect(InstalledBoard.stopAdvice(pid: 4321, boardFolder: "/elsewhere", installed: installed.path).contains("kill 4321"))
    }

    /// `record` beside a running recorder names how to stop it.
    @Test func aSecondRecordSaysHowToStopTheFirst() throws {
        let data = try CLIRunner.temporaryDirectory()
        let board = try SelftestCommandTests.boardFolder(uart: "/dev/null-uart", dataDir: data)
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        let db = data.appendingPathComponent("rides.db").path
        do { _ = try RideStore(path: db) }
        let recorder = try RecorderLock(databasePath: db)
        let r = try CLIRunner.run(["record", "--board", board.path, "--quiet"], environment: ["INVOCATION_ID": ""])
        withExtendedLifetime(recorder) {}
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("stop it first: Ctrl-C where it runs, or kill \(getpid())"), "\(r.stderr)")
    }
}

import Foundation
import RoamHardware
import Testing

/// `record` on a real board's code path (HardwareRig, BoardSession, sigwait) with what this machine
/// has: a pseudo-terminal as the UART, and no I2C bus or gpiochip, which must be reported in words
/// and not stop the recorder. The receiver is unplugged mid-run; SIGTERM ends it cleanly.
@Suite struct RecordOnBoardTests {
    /// A child's standard error, collected as it comes, to wait for lines in it.
    final class Collected: @unchecked Sendable {
        private let condition = NSCondition()
        private var text = ""
        func append(_ data: Data) { condition.lock(); text += String(decoding: data, as: UTF8.self); condition.broadcast(); condition.unlock() }
        var all: String { condition.lock(); defer { condition.unlock() }; return text }
        func wait(for needle: String, timeoutS: Double = 60) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeoutS)
            condition.lock(); defer { condition.unlock() }
            while !text.contains(needle) { if !condition.wait(until: deadline) { return text.contains(needle) } }
            return true
        }
    }

    @Test("P7: record on a board survives absent devices and a vanished receiver, and stops on SIGTERM")
    func recordOnABoardWithoutI2CAndGPIO() throws {
        let rig = try PtyBoard()
        let (pty, data, uart) = (rig.pty, rig.data, rig.uart)
        defer { rig.remove() }
        let (p, err, stderr) = try Self.startRecord(rig.board)
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }

        #expect(stderr.wait(for: "led: gpio open on /dev/gpiochip99 failed"))
        let text = stderr.all
        #expect(text.contains("barometer: i2c open on /dev/i2c-99 failed: it does not exist."))
        #expect(text.contains("button: gpio open on /dev/gpiochip99 failed"))
        #expect(text.contains("Rides cannot be started or stopped until it appears (tried again every 2 s)."))
        #expect(text.contains("Recording without it until the bus appears (retried every 2 s)"))

        try FileManager.default.removeItem(atPath: uart)  // the receiver is unplugged: its node goes away
        pty.close()
        #expect(stderr.wait(for: "receiver silent: uart read on \(uart) failed: I/O error"))
        #expect(stderr.wait(for: "reopening \(uart) failed: it does not exist. Check that the UART is enabled"))

        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        // The last line may still be in the pipe when the process has exited: its handler delivers it
        // asynchronously, so wait for it before the handler goes (reading `all` at once raced it).
        #expect(stderr.wait(for: "stopped by signal 15"))
        err.fileHandleForReading.readabilityHandler = nil
        #expect(p.terminationReason == .exit && p.terminationStatus == 0, "\(stderr.all)")
        // The journal keeps every line: a warning starts no blank entry of its own.
        #expect(!stderr.all.contains("\n\n"), "\(stderr.all)")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("rides.db").path))
    }
}

extension RecordOnBoardTests {
    /// A board on this machine: a pseudo-terminal as its UART, no I2C bus and no gpiochip.
    struct PtyBoard {
        let pty: PseudoTerminal
        let data: URL
        let uart: String
        let board: URL

        init() throws {
            pty = try PseudoTerminal()
            data = try CLIRunner.temporaryDirectory()
            // The UART is named through a link we own: once unplugged, the kernel may hand the same
            // /dev/pts/N to a parallel test, and a reopening recorder must not read that one's bytes.
            uart = data.appendingPathComponent("ttyGNSS").path
            try FileManager.default.createSymbolicLink(atPath: uart, withDestinationPath: pty.secondaryPath)
            board = try SelftestCommandTests.boardFolder(uart: uart, dataDir: data)
        }

        func remove() { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
    }

    /// `record --board board --quiet` started, its standard error collected as it comes.
    static func startRecord(_ board: URL) throws -> (Process, Pipe, Collected) {
        let p = Process()
        p.executableURL = CLIRunner.binary
        p.arguments = ["record", "--board", board.path, "--quiet"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        let stderr = Collected()
        err.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { handle.readabilityHandler = nil } else { stderr.append(chunk) }
        }
        try p.run()
        return (p, err, stderr)
    }
}

import CShims
import Glibc
import RoamSystem
import Synchronization
import Testing
@testable import RoamHardware

/// The primary side of the bench's pseudo-terminal, as the bench's fake receiver (`ModuleLink`) uses
/// it: a poll, then a read. A read must never wait: a test hung once with the link thread in a
/// blocking read the poll had said was due, and `ModuleLink.stop` joining it.
@Suite struct PseudoTerminalTests {
    private func primary(_ pty: PseudoTerminal) throws -> CInt {
        guard case .descriptor(let fd) = pty.readiness else { throw Errno.ioError }
        return fd
    }

    /// The race, in order: the host closes the secondary (the primary polls as hung up, so a read
    /// is due), then opens it again (a set-up reopening the port) before the read. Nothing is waiting.
    @Test func aReadThePollSaidWasDueDoesNotWaitWhenTheSecondaryCameBack() throws {
        let pty = try PseudoTerminal()
        let fd = try primary(pty)
        var port: SerialPort? = try SerialPort(path: pty.secondaryPath, baud: 9600)
        port?.close(); port = nil
        #expect(roam_fd_poll(fd, Int16(POLLIN), 0) & CInt(POLLHUP) != 0, "the host gone is a hang-up, a read is due")
        port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        // A blocking primary would wait here for ever: said as a failure instead of hanging the run.
        try #require(fcntl(fd, F_GETFL) & O_NONBLOCK != 0, "the primary side is O_NONBLOCK")
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(try buffer.withUnsafeMutableBufferPointer { try TerminalRead.now(fd, into: $0.baseAddress!, count: $0.count) } == 0)
        #expect(try pty.read(timeoutMs: 0).isEmpty)
        withExtendedLifetime(port) {}
    }

    /// More than the kernel holds for a reader that is not reading: the write waits for room, as a
    /// blocking one would, and every byte arrives in order.
    @Test func aWriteLargerThanThePseudoTerminalHoldsWaitsForTheReader() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 115200)
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let failure = Mutex<String?>(nil)
        let writer = try SystemThread(name: "test-pty-write") {
            do { try pty.write(bytes) } catch { failure.withLock { $0 = "\(error)" } }
        }
        var got: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while got.count < bytes.count {
            let n = try buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 10_000) }
            if n == 0 { break }
            got += buffer[0..<n]
        }
        writer.join()
        #expect(failure.withLock { $0 } == nil)
        #expect(got.count == bytes.count)
        #expect(got == bytes)
    }
}

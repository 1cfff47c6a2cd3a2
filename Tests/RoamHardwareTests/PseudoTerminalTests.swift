import CShims
import Foundation
import Glibc
import RoamPorts
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

    /// One `write` on a thread of its own: its failure, and a semaphore signalled when it returns.
    private final class WriteRun: @unchecked Sendable {
        let failure = Mutex<DeviceError?>(nil)
        let done = DispatchSemaphore(value: 0)
        /// Set once in `start`, before the test reads it.
        private(set) var thread: SystemThread?

        static func start(_ pty: PseudoTerminal, _ bytes: [UInt8]) throws -> WriteRun {
            let run = WriteRun()
            run.thread = try SystemThread(name: "test-pty-write") {
                do throws(DeviceError) { try pty.write(bytes) } catch { run.failure.withLock { $0 = error } }
                run.done.signal()
            }
            return run
        }
    }

    /// More than the kernel holds for a host that does not read.
    private let tooMuch = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 9) }

    /// The host holds the secondary and never reads (the bench module's host gone quiet): the write
    /// waiting for room ends when its owner abandons writes, as `ModuleLink.stop` does before it
    /// joins the thread. Abandoning is kept: a write that had not begun waiting yet ends the same way.
    @Test func aWriteWaitingForRoomEndsWhenWritesAreAbandoned() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 115200)
        let run = try WriteRun.start(pty, tooMuch)
        pty.abandonWrites()
        let ended = run.done.wait(timeout: .now() + 60) == .success
        #expect(ended, "the write still waits for room after abandonWrites")
        if !ended { drain(port, until: run.done) }
        run.thread?.join()
        #expect(run.failure.withLock { $0?.errno } == Errno(rawValue: ECANCELED))
    }

    /// The buffer full and nobody holding the secondary: poll says hung up at once, never writable.
    /// The write backs off (at most one look per 20 ms) instead of spinning, and ends once a host
    /// opens the secondary and reads, its last bytes last.
    @Test func aFullBufferWithNoHostBacksOffAndDeliversOnceAHostReads() throws {
        let pty = try PseudoTerminal()
        var port: SerialPort? = try SerialPort(path: pty.secondaryPath, baud: 115200)
        let started = MonotonicClock.nowNs()
        let run = try WriteRun.start(pty, tooMuch)
        port?.close(); port = nil
        // Until the write has found no host at least once (60 s at most: a failure, not a hang).
        while pty.hostAbsentWaits == 0 && MonotonicClock.nowNs() - started < 60_000_000_000 { usleep(1000) }
        #expect(pty.hostAbsentWaits > 0, "the write never found the secondary unheld")
        let host = try SerialPort(path: pty.secondaryPath, baud: 115200)
        let got = drain(host, until: run.done)
        run.thread?.join()
        let elapsedMs = Int((MonotonicClock.nowNs() - started) / 1_000_000)
        #expect(run.failure.withLock { $0 } == nil)
        #expect(got.suffix(4096) == tooMuch.suffix(4096), "the write's last bytes came last")
        #expect(pty.hostAbsentWaits <= elapsedMs / 20 + 2, "\(pty.hostAbsentWaits) looks in \(elapsedMs) ms: a spin")
    }

    /// Reads the secondary until `done` is signalled and nothing more comes; returns every byte.
    @discardableResult
    private func drain(_ port: SerialPort, until done: DispatchSemaphore) -> [UInt8] {
        var got: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096), finished = false
        while true {
            let n = (try? buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 200) }) ?? 0
            got += buffer[0..<n]
            if !finished { finished = done.wait(timeout: .now()) == .success; if finished { done.signal() } }
            if finished && n == 0 { return got }
        }
    }
}

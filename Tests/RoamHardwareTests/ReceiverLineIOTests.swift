import RoamPorts
import RoamSystem
import RoamCore
@testable import RoamHardware
import Synchronization
import Testing

/// A listen's deadlines count what the line was seen to hold, not the clock: an answer already in the
/// line's buffer (the set-up's thread was late to read it on a loaded machine) is heard, not counted
/// as unanswered, and sentences behind junk are read before the junk's deadline is judged.
/// A real `SerialPort` on a real pty; only the clock is the test's.
struct ReceiverLineIOTests {
    /// A clock whose deadline has passed by its second reading: the listen's thread came back from
    /// being descheduled after its whole wait.
    final class LateClock: Sendable {
        private let readings = Atomic<Int>(0)
        func now() -> UInt64 { readings.add(1, ordering: .relaxed).oldValue == 0 ? 0 : 60_000_000_000 }
    }

    @Test func anAnswerBufferedWhenTheDeadlinePassesIsHeard() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        let rate = UBX.setRate(hz: 10)
        try pty.write(UBX.ack(rate, accepted: true).bytes)
        // The ACK is in the port's buffer before the listen starts.
        guard case .descriptor(let fd) = port.readiness else { Issue.record("no descriptor"); return }
        #expect(try WakePipe(for: "a test").wait(for: fd, timeoutMs: 10_000) == .ready)

        let clock = LateClock()
        let io = ReceiverLineIO(line: port, clock: clock.now, shouldStop: { false })
        let seen = io.listen(ms: 1200, garbageMs: 1200) { $0.ubxAck(rate.messageClass, rate.messageID) != nil }
        #expect(seen.ubxAck(rate.messageClass, rate.messageID) == true)
    }

    /// A clock read by a listen whose thread is held once it has read the junk in the line: the
    /// module's sentences arrive meanwhile and the clock jumps `heldNs` (past the junk's deadline).
    final class HeldAfterJunk: @unchecked Sendable {
        let pty: PseudoTerminal, fd: Int32, sentences: [UInt8], heldNs: UInt64
        private(set) var held = false
        private let look: WakePipe
        init(pty: PseudoTerminal, fd: Int32, sentences: [UInt8], heldNs: UInt64) throws {
            self.pty = pty; self.fd = fd; self.sentences = sentences; self.heldNs = heldNs
            look = try WakePipe(for: "the held reader's look at the line")
        }
        func now() -> UInt64 {
            if !held && look.wait(for: fd, timeoutMs: 0) == .timedOut {
                held = true
                do { try pty.write(sentences) } catch { Issue.record("writing the sentences: \(error)") }
            }
            return held ? heldNs : 0
        }
    }

    /// Junk, then sentences that arrive while the listen's thread is held past the junk's deadline:
    /// they are read before the junk is judged, and the baud is found (not given up as a wrong one).
    @Test func sentencesThatArriveWhileTheReaderIsHeldAreReadBeforeTheJunkIsJudged() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        try pty.write([UInt8](repeating: 0x5A, count: 40))  // 40 bytes, no sentence
        guard case .descriptor(let fd) = port.readiness else { Issue.record("no descriptor"); return }
        let look = try WakePipe(for: "the test's look at the line")
        #expect(look.wait(for: fd, timeoutMs: 10_000) == .ready)
        let clock = try HeldAfterJunk(pty: pty, fd: fd, sentences: Array((HandBackTests.rmc + HandBackTests.gga).utf8),
                                  heldNs: 1_000_000_000)
        let io = ReceiverLineIO(line: port, clock: clock.now, shouldStop: { false })
        let seen = io.listen(ms: 2500, garbageMs: 900) { $0.framesProvingBaud >= 2 }
        #expect(clock.held)
        #expect(seen.framesProvingBaud >= 2, "\(seen.bytes) bytes, \(seen.framesProvingBaud) frames")
    }
}

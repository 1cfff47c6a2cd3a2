import RoamPorts
import RoamSystem
import RoamCore
@testable import RoamHardware
import Synchronization
import Testing

/// A listen that ends at its deadline reads once more without waiting: an answer already in the
/// line's buffer (the set-up's thread was late to read it on a loaded machine) is heard, not
/// counted as unanswered. A real `SerialPort` on a real pty; only the clock is the test's.
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
}

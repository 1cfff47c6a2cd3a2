import RoamPorts
import RoamSystem
import Foundation
import RoamCore
@testable import RoamRecorder
import Synchronization
import Testing

/// P5: a sensor thread denied the CPU after a wait that found the line empty (a loaded Pi) comes
/// back seconds late while the module's next epoch waits for it. Only the wait was seen empty: the
/// line was quiet for the wait, not for the thread's lateness, and no "receiver silent" gap is made.
@Suite struct SensorLoopHeldThreadTests {
    /// A receiver that cannot be polled (its waits are its reads), sending an epoch every 100 ms: its
    /// second read waits its time in vain and returns `heldMs` late (the thread held), while the next
    /// epoch arrives.
    final class HeldAfterAnEmptyWait: ByteSource, @unchecked Sendable {
        let device = "held-receiver"
        let heldMs: UInt32
        private let reads = Atomic<Int>(0)
        private let sent = Atomic<Int>(0)
        init(heldMs: UInt32) { self.heldMs = heldMs }

        func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
            // The module's cadence and the load, not a synchronisation.
            guard reads.add(1, ordering: .relaxed).newValue != 2 else {
                usleep(UInt32(max(0, timeoutMs)) * 1000 + heldMs * 1000)
                return 0
            }
            usleep(100_000)
            let next = SensorLoopHeldThreadTests.epoch(second: sent.add(1, ordering: .relaxed).oldValue)
            buffer.copyBytes(from: next)
            return next.count
        }
    }

    static func epoch(second: Int) -> [UInt8] {
        EastboundEpoch.nmea(step: second, time: EastboundEpoch.time(hour: 15, second: second))
    }

    @Test func aThreadHeldAfterAnEmptyWaitMakesNoSilence() throws {
        let source = HeldAfterAnEmptyWait(heldMs: 3500)
        let queue = SensorQueue(capacity: 64)
        let events = Mutex<[RecorderEvent]>([])
        let loop = try SensorLoop(source: source, barometer: nil, queue: queue, options: .init(),
                              clock: MonotonicClock.nowNs, emit: { event in events.withLock { $0.append(event) } })
        let done = DispatchSemaphore(value: 0)
        Thread { loop.run(); done.signal() }.start()
        // Each epoch is closed by the bytes after it: four handed over, the hold behind them.
        let deadline = Date(timeIntervalSinceNow: 60)
        while loop.epochsAssembled.load(ordering: .acquiring) < 4 && Date() < deadline { usleep(20_000) }
        loop.requestStop()
        done.wait()
        #expect(loop.epochsAssembled.load(ordering: .acquiring) >= 4)
        let silences = events.withLock { $0.compactMap { if case .receiverSilent(let why) = $0 { why } else { nil } } }
        #expect(silences.isEmpty, "\(silences)")
    }
}

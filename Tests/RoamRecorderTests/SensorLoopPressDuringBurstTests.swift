import RoamPorts
import RoamSystem
import Foundation
import RoamCore
@testable import RoamRecorder
import Synchronization
import Testing

/// P2, P5: a press held for the sensor thread settles only an epoch the line was seen quiet after.
/// The thread was held 400 ms (past the 300 ms quiet time) and its last read found nothing for
/// 250 ms only; bytes came meanwhile. The rest of the same burst: the press does not split the
/// epoch and goes in front of it (it was still being received). The next burst: the epoch was
/// complete before the press, which is stored after it and before the next one.
@Suite struct SensorLoopPressDuringBurstTests {
    /// A receiver line in lockstep with the test: bytes queued are read at once (`.now`); with none,
    /// a read waits until the test releases it, and then finds nothing (its bytes came just after).
    final class LockstepLine: ByteSource, PollableSource, @unchecked Sendable {
        let device = "lockstep-receiver"
        private let state = Mutex<(bytes: [UInt8], closed: Bool)>(([], false))
        private let release = DispatchSemaphore(value: 0)
        /// Reads that found nothing queued and waited for the test.
        let waitingReads = Atomic<Int>(0)

        var readiness: PortReadiness { state.withLock { $0.bytes.isEmpty } ? .timedReadsOnly : .now }
        func queue(_ bytes: [UInt8]) { state.withLock { $0.bytes += bytes } }
        func releaseRead() { release.signal() }
        func close() { state.withLock { $0.closed = true }; release.signal() }

        func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
            if let served = take(buffer) { return served }
            waitingReads.add(1, ordering: .releasing)
            release.wait()
            return 0
        }

        private func take(_ buffer: UnsafeMutableRawBufferPointer) -> Int? {
            state.withLock { s in
                if s.closed { return 0 }
                guard !s.bytes.isEmpty else { return nil }
                let n = min(buffer.count, s.bytes.count)
                buffer.copyBytes(from: s.bytes[..<n])
                s.bytes.removeFirst(n)
                return n
            }
        }
    }

    /// The loop's clock, moved on by the test: the time a held thread did not run.
    final class HeldClock: Sendable {
        private let ns = Atomic<UInt64>(1_000_000_000)
        func now() -> UInt64 { ns.load(ordering: .acquiring) }
        func hold(ms: UInt64) { ns.add(ms * 1_000_000, ordering: .releasing) }
    }

    final class Run {
        let line: LockstepLine, clock: HeldClock, queue: SensorQueue
        let loop: SensorLoop
        private let done = DispatchSemaphore(value: 0)
        private var stopped = false

        /// `first`: the bytes the thread's first read takes (queued before it starts, so its first read
        /// that finds nothing comes after them). No hold limit in reach: a press hands over on the
        /// loop's answer, never on the queue's timer (a loaded machine).
        init(first: [UInt8]) throws {
            var options = SensorLoop.Options()
            options.epochSettleMs = 60_000
            options.silentAfterMs = 60_000
            let line = LockstepLine(), clock = HeldClock(), queue = SensorQueue(capacity: 100, pressHoldLimitNs: 600_000_000_000)
            line.queue(first)
            self.line = line
            self.clock = clock
            self.queue = queue
            loop = try SensorLoop(source: line, barometer: nil, queue: queue, options: options,
                                  clock: { clock.now() }, emit: { _ in })
            let loop = self.loop, done = self.done
            Thread { loop.run(); done.signal() }.start()
        }

        /// Until the thread waits in its `n`th read that found nothing.
        func waitForWaitingRead(_ n: Int) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 60)
            while line.waitingReads.load(ordering: .acquiring) < n { if Date() > deadline { return false }; usleep(5_000) }
            return true
        }

        /// Stops the thread (it hands over everything read) and takes what it queued.
        func stopAndTake() throws -> [SensorItem] {
            if !stopped { stopped = true; loop.requestStop(); line.close(); done.wait() }
            return try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0)).items
        }

        deinit { if !stopped { loop.requestStop(); line.close(); done.wait() } }
    }

    static func burst(second: Int) -> [UInt8] {
        EastboundEpoch.nmea(step: second, time: EastboundEpoch.time(hour: 15, second: second))
    }

    /// "press", or the epoch's second and its sentence count.
    static func described(_ items: [SensorItem]) -> [String] {
        items.compactMap { item in
            if item.isPress { return "press" }
            guard case .batched(.epoch(let sensed)) = item else { return nil }
            return "\((sensed.epoch.timeOfDayMs ?? -1) / 1000 - 54_000):\(sensed.epoch.sentences.count)"
        }
    }

    @Test func aPressWhileTheRestOfTheBurstWaitsSplitsNothingAndGoesInFrontOfIt() throws {
        let first = Self.burst(second: 0)
        let cut = try #require(first.firstIndex(of: UInt8(ascii: "\n"))) + 1
        let run = try Run(first: Array(first[..<cut]))  // second 0's RMC
        #expect(run.waitForWaitingRead(1))
        // Held 400 ms; meanwhile the press, and the burst's GGA just after the read gave up.
        run.clock.hold(ms: 400)
        run.queue.push(.press(monoNs: run.clock.now()))
        run.line.queue(Array(first[cut...]))
        run.line.releaseRead()
        #expect(run.waitForWaitingRead(2))
        // Second 1's burst, read after one more read that found nothing.
        run.line.queue(Self.burst(second: 1))
        run.line.releaseRead()
        #expect(run.waitForWaitingRead(3))
        let stored = try Self.described(run.stopAndTake())
        #expect(stored == ["press", "0:2", "1:2"])
    }

    @Test func aPressWhileTheNextBurstWaitsIsStoredAfterTheEpochBeforeIt() throws {
        let run = try Run(first: Self.burst(second: 0))
        #expect(run.waitForWaitingRead(1))
        // Held 400 ms; meanwhile the press, and second 1's burst just after the read gave up.
        run.clock.hold(ms: 400)
        run.queue.push(.press(monoNs: run.clock.now()))
        run.line.queue(Self.burst(second: 1))
        run.line.releaseRead()
        #expect(run.waitForWaitingRead(2))
        let stored = try Self.described(run.stopAndTake())
        #expect(stored == ["0:2", "press", "1:2"])
    }

}

import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Testing

/// Issue 25: with no ride recording, a receiver sending epochs costs the sensor thread one wake-up
/// per epoch. It does not wait for the epoch's quiet time (nobody takes the epoch): the next wake
/// settles it (the next epoch's bytes, a press, the silence threshold). An epoch whose quiet time
/// passed before a press is skipped as it was when closed on time; after a press the quiet time
/// closes each epoch again without waiting for the next.
@Suite struct SensorLoopIdleTests {
    private final class Run {
        let pty: PseudoTerminal
        let queue = SensorQueue(capacity: 100)
        let loop: SensorLoop
        private let done = DispatchSemaphore(value: 0)

        init(silentAfterMs: UInt64) throws {
            pty = try PseudoTerminal()
            let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
            var options = SensorLoop.Options()
            options.silentAfterMs = silentAfterMs
            loop = SensorLoop(source: port, barometer: nil, queue: queue, options: options,
                              clock: MonotonicClock.nowNs, emit: { _ in })
            let loop = self.loop, done = self.done
            Thread { loop.run(); done.signal() }.start()
        }

        var assembled: Int { loop.epochsAssembled.load(ordering: .acquiring) }

        func waitFor(_ condition: () -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 60)
            while !condition() { if Date() > deadline { return false }; usleep(5_000) }
            return true
        }

        func stop() { loop.requestStop(); done.wait() }

        /// The consumer says it records nothing (no ride, nothing parked).
        func declareIdle() { _ = queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true) }

        /// With the consumer idle, the receiver sends the first second's epoch.
        func idleThenFirstEpoch() throws {
            declareIdle()
            try pty.write(SensorLoopIdleTests.seconds[0].nmea)
        }
    }

    fileprivate static let seconds = SensorLoopReopenTests.seconds

    @Test func withNoRideTheNextEpochClosesTheOneInProgress() throws {
        let run = try Run(silentAfterMs: 4000)
        defer { run.stop() }
        try run.idleThenFirstEpoch()
        // Three times the quiet time (300 ms): a recording consumer would have had the epoch by now.
        usleep(900_000)
        #expect(run.assembled == 0, "the epoch waits for the next one, not for its quiet time")
        try run.pty.write(Self.seconds[1].nmea)
        #expect(run.waitFor { run.assembled == 1 }, "the next epoch's bytes settle it")
        #expect(run.queue.epochsSkippedIdle.load(ordering: .acquiring) == 1, "and nobody is handed it")
        // The receiver stops: the silence threshold closes the last epoch and says so.
        #expect(run.waitFor { run.assembled == 2 })
        let silence = try #require(run.queue.takeBatch(notBeforeNs: 0, timeoutNs: 60_000_000_000, consumerIdle: true))
        #expect(silence.items.count == 1)
        if case .batched(.receiverSilent) = silence.items.first {} else { Issue.record("expected the silence, got \(silence.items)") }
    }

    @Test func aPressQueuedBringsBackTheQuietTime() throws {
        let run = try Run(silentAfterMs: 60_000)
        defer { run.stop() }
        run.declareIdle()
        run.queue.push(.press(monoNs: MonotonicClock.nowNs()))
        try run.pty.write(Self.seconds[0].nmea)
        // No next epoch and no silence for a minute: only the quiet time can close this one.
        #expect(run.waitFor { run.assembled == 1 })
        let batch = try #require(run.queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true))
        #expect(batch.items.count == 2 && batch.items.first?.isPress == true && batch.items.last?.isEpoch == true)
        #expect(run.queue.epochsSkippedIdle.load(ordering: .acquiring) == 0)
    }

    @Test func anEpochCompleteBeforeThePressIsSkippedAndTheNextIsKept() throws {
        let run = try Run(silentAfterMs: 60_000)
        defer { run.stop() }
        try run.idleThenFirstEpoch()
        // Its quiet time (300 ms) passes with nobody wanting it: complete, not yet settled. Long enough
        // for the sensor thread to have read the bytes on a loaded machine before the press comes.
        usleep(2_000_000)
        #expect(run.assembled == 0)
        // The press wakes the sensor thread, which settles the epoch as complete before it.
        run.queue.push(.press(monoNs: MonotonicClock.nowNs()))
        #expect(run.waitFor { run.assembled == 1 })
        #expect(run.queue.epochsSkippedIdle.load(ordering: .acquiring) == 1)
        try run.pty.write(Self.seconds[1].nmea)
        #expect(run.waitFor { run.assembled == 2 }, "after the press the quiet time closes the next epoch")
        let batch = try #require(run.queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true))
        #expect(batch.items.count == 2 && batch.items.first?.isPress == true && batch.items.last?.isEpoch == true)
        #expect(run.queue.epochsSkippedIdle.load(ordering: .acquiring) == 1)
    }
}

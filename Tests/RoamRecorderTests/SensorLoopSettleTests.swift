import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Testing

/// Issue 25: a receiver sending epochs costs the sensor thread one wake-up per epoch, riding or not.
/// It does not wake for an epoch's quiet time: the next wake settles it (the next epoch's bytes, a
/// press, the late settle, the silence threshold). An epoch whose quiet time passed before a press
/// lands in front of it (skipped with no ride); one still being received (more of it read after the
/// press) lands behind it.
/// The loop's clock is the test's: a quiet time passes when the test moves it, not after a sleep.
@Suite struct SensorLoopSettleTests {
    private final class Run {
        let pty: PseudoTerminal
        let queue = SensorQueue(capacity: 100)
        let clock = SensorLoopPressMidSentenceTests.TestClock()
        private let backlog: LineBacklog
        let loop: SensorLoop
        private let done = DispatchSemaphore(value: 0)
        private var stopped = false

        init(silentAfterMs: UInt64 = 60_000, settleMs: UInt64 = 60_000, quietMs: UInt64 = 300) throws {
            pty = try PseudoTerminal()
            backlog = try LineBacklog(path: pty.secondaryPath)
            let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
            var options = SensorLoop.Options()
            options.silentAfterMs = silentAfterMs
            options.epochSettleMs = settleMs
            options.epochQuietMs = quietMs
            let clock = self.clock
            loop = try SensorLoop(source: port, barometer: nil, queue: queue, options: options,
                              clock: { clock.now() }, emit: { _ in })
            let loop = self.loop, done = self.done
            Thread { loop.run(); done.signal() }.start()
        }

        var assembled: Int { loop.epochsAssembled.load(ordering: .acquiring) }
        var skipped: Int { queue.epochsSkippedIdle.load(ordering: .acquiring) }

        func waitFor(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !condition() { if Date() > deadline { return false }; usleep(5_000) }
            return true
        }

        func stop() { if !stopped { stopped = true; loop.requestStop(); done.wait() } }

        /// The consumer says it records nothing (no ride, nothing parked).
        func declareIdle() { _ = queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: true) }

        /// The receiver sends second `n`'s epoch; returns once the sensor thread has read all its
        /// bytes (none left in the line's input queue: a read after the clock moved would stamp the
        /// epoch's last byte late) and holds the epoch unsettled.
        func send(_ n: Int) throws -> Bool {
            try pty.write(SensorLoopSettleTests.seconds[n].nmea)
            return waitFor { queue.sensorHoldsEpoch.load(ordering: .acquiring) && backlog.unread == 0 }
        }

        /// Everything queued, as the consumer takes it (idle or not).
        func take(idle: Bool) throws -> [SensorItem] {
            try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0, consumerIdle: idle)).items
        }
    }

    fileprivate static let seconds = SensorLoopReopenTests.seconds

    @Test func theNextEpochsBytesSettleTheOneInProgress() throws {
        let run = try Run(silentAfterMs: 4000)
        defer { run.stop() }
        run.declareIdle()
        #expect(try run.send(0))
        // Past its quiet time (300 ms): complete, but nobody woke for it.
        run.clock.move(ms: 400)
        #expect(run.assembled == 0, "the epoch waits for the next one, not for its quiet time")
        try run.pty.write(Self.seconds[1].nmea)
        #expect(run.waitFor { run.assembled == 1 }, "the next epoch's bytes settle it")
        #expect(run.skipped == 1, "and with no ride nobody is handed it")
        // The receiver stops: the silence threshold (4 s) settles the last epoch and says so.
        run.clock.move(ms: 4_000)
        #expect(run.waitFor { run.assembled == 2 })
        let silence = try #require(run.queue.takeBatch(notBeforeNs: 0, timeoutNs: 60_000_000_000, consumerIdle: true))
        #expect(silence.items.count == 1)
        if case .batched(.receiverSilent) = silence.items.first {} else { Issue.record("expected the silence, got \(silence.items)") }
    }

    @Test func theLateSettleClosesTheLastEpochBeforeTheSilence() throws {
        let run = try Run(settleMs: 1500)
        defer { run.stop() }
        #expect(try run.send(0))
        // No next epoch and no silence for a minute: only the late settle (1.5 s) can close this one,
        // and well before the silence would.
        run.clock.move(ms: 1_500)
        #expect(run.waitFor(seconds: 20) { run.assembled == 1 })
        let items = try run.take(idle: false)
        #expect(items.count == 1 && items.first?.isEpoch == true)
    }

    @Test func whileRidingAnEpochCompleteBeforeThePressLandsInFrontOfIt() throws {
        let run = try Run()
        defer { run.stop() }
        #expect(try run.send(0))
        run.clock.move(ms: 400)  // its quiet time passes: complete, not settled
        #expect(run.assembled == 0)
        run.queue.push(.press(monoNs: MonotonicClock.nowNs()))
        // The press is held until the sensor thread has settled the epoch in front of it.
        let batch = try #require(run.queue.takeBatch(notBeforeNs: .max, timeoutNs: 60_000_000_000))
        #expect(batch.items.count == 2 && batch.items.first?.isEpoch == true && batch.items.last?.isPress == true)
    }

    @Test func anEpochStillBeingReceivedLandsBehindThePress() throws {
        // The burst's first sentence, the press, then the rest of the same burst: the epoch was not
        // over when the press came (a press within the quiet time waits for the line to say so).
        let run = try Run()
        defer { run.stop() }
        let burst = Self.seconds[0].nmea
        let cut = try #require(burst.firstIndex(of: UInt8(ascii: "\n"))) + 1
        try run.pty.write(Array(burst[..<cut]))
        #expect(run.waitFor { run.queue.sensorHoldsEpoch.load(ordering: .acquiring) })
        run.queue.push(.press(monoNs: MonotonicClock.nowNs()))
        try run.pty.write(Array(burst[cut...]))
        let pressed = try #require(run.queue.takeBatch(notBeforeNs: .max, timeoutNs: 60_000_000_000))
        #expect(pressed.items.count == 1 && pressed.items.first?.isPress == true, "the sensor answers without it")
        run.stop()  // stopping hands over everything read
        let rest = try run.take(idle: false)
        #expect(rest.count == 1 && rest.first?.isEpoch == true)
    }

    @Test func withNoRideAnEpochCompleteBeforeThePressIsSkippedAndTheNextIsKept() throws {
        let run = try Run()
        defer { run.stop() }
        run.declareIdle()
        #expect(try run.send(0))
        run.clock.move(ms: 400)  // its quiet time passes: complete, not settled
        #expect(run.assembled == 0)
        // The press wakes the sensor thread, which settles the epoch as complete before it.
        run.queue.push(.press(monoNs: MonotonicClock.nowNs()))
        #expect(run.waitFor { run.assembled == 1 })
        #expect(run.skipped == 1)
        try run.pty.write(Self.seconds[1].nmea)
        #expect(run.waitFor { run.queue.sensorHoldsEpoch.load(ordering: .acquiring) })
        run.stop()
        #expect(run.assembled == 2)
        let items = try run.take(idle: true)
        #expect(items.count == 2 && items.first?.isPress == true && items.last?.isEpoch == true)
        #expect(run.skipped == 1, "the epoch after the press is kept: it may be the ride's first")
    }
}

import RoamSystem
import Foundation
@testable import RoamRecorder
import Testing

/// P2: a press that comes just after an epoch's last byte, within its quiet time (300 ms). Everything
/// the receiver sent before the press is in front of it: the sensor thread answers the press once the
/// line says the epoch was over (its quiet time seen, or the next epoch's first sentence), not at once
/// with the epoch behind it (a stop there lost the ride's last second; at 10 Hz a burst every 100 ms
/// never leaves 300 ms of quiet). A real pipe, polled as the UART is; the loop's clock moves only
/// when the test moves it, so the press is always within the quiet time until the test says otherwise.
@Suite struct SensorLoopPressAfterLastByteTests {
    typealias Run = SensorLoopPressMidSentenceTests.Run
    static func burst(second: Int) -> [UInt8] { SensorLoopPressMidSentenceTests.burst(second: second) }
    static func described(_ items: [SensorItem]) -> [String] { SensorLoopPressMidSentenceTests.described(items) }

    /// Presses while the loop holds the epoch read last, then writes `after` (nothing: none); returns
    /// what the press handed over with it once the loop answered.
    static func press(_ run: Run, thenWrite after: [UInt8]? = nil, moveClockMs: UInt64 = 0) throws -> [String] {
        try #require(Run.waitFor { run.queue.sensorHoldsEpoch.load(ordering: .acquiring) })
        run.queue.push(.press(monoNs: run.clock.now()))
        run.clock.move(ms: moveClockMs)
        if let after { #expect(run.send(after)) }
        let batch = try #require(run.queue.takeBatch(notBeforeNs: 0, timeoutNs: 60_000_000_000))
        return described(batch.items)
    }

    /// 10 Hz: the next burst 100 ms later, the quiet time never seen. Its first sentence closes the
    /// epoch the rider pressed after, which goes in front of the press, and the next goes behind.
    @Test func theNextBurstClosesTheEpochInFrontOfAPressJustAfterItsLastByte() throws {
        let run = try Run()
        #expect(run.send(Self.burst(second: 0)))
        let pressed = try Self.press(run, thenWrite: Self.burst(second: 1), moveClockMs: 100)
        let after = try run.stopAndTake()
        #expect(pressed == ["0:2", "press"])
        #expect(pressed + after == ["0:2", "press", "1:2"])
    }

    /// 1 Hz, the ride's last second: no more bytes. The press is answered once the quiet time has
    /// passed and the line was seen empty then, with the epoch in front of it.
    @Test func theQuietTimeSettlesTheEpochInFrontOfAPressJustAfterItsLastByte() throws {
        let run = try Run()
        #expect(run.send(Self.burst(second: 0)))
        let pressed = try Self.press(run, moveClockMs: 400)
        let after = try run.stopAndTake()
        #expect(pressed == ["0:2", "press"])
        #expect(after.isEmpty)
    }

    /// The next burst's first read brings only `$GP`: which sentence it begins is not known yet (the
    /// same burst's GGA would join the epoch). The press waits for the rest, which closes the epoch.
    @Test func aTagNotAllInYetIsWaitedFor() throws {
        let run = try Run()
        #expect(run.send(Self.burst(second: 0)))
        let next = Self.burst(second: 1)
        try #require(Run.waitFor { run.queue.sensorHoldsEpoch.load(ordering: .acquiring) })
        run.queue.push(.press(monoNs: run.clock.now()))
        #expect(run.send(Array(next[..<3])))
        #expect(run.send(Array(next[3...])))
        let pressed = Self.described(try #require(run.queue.takeBatch(notBeforeNs: 0, timeoutNs: 60_000_000_000)).items)
        let after = try run.stopAndTake()
        #expect(pressed == ["0:2", "press"])
        #expect(pressed + after == ["0:2", "press", "1:2"])
    }

    /// `$GP` read just before the press, then the line stalls: the epoch's quiet time passes (seen) but
    /// half a tag may join the epoch, so the press waits for its own quiet time. The loop waits for
    /// that, not in 1 ms polls from the epoch's quiet deadline, long past (up to 300 ms of them). A line
    /// whose every read waits for the test, so each read's timeout is what the loop asked for.
    @Test func aPressWaitingAfterAStalledTagWaitsForItsOwnQuietTimeNotInMillisecondPolls() throws {
        var options = SensorLoop.Options()
        (options.epochSettleMs, options.silentAfterMs, options.readTimeoutMs) = (60_000, 60_000, 60_000)
        let line = SensorLoopPressMidSentenceTests.GatedLine(), clock = SensorLoopPressMidSentenceTests.TestClock()
        let queue = SensorQueue(capacity: 100, pressHoldLimitNs: 600_000_000_000)
        let loop = try SensorLoop(source: line, barometer: nil, queue: queue, options: options, clock: { clock.now() }, emit: { _ in })
        let done = DispatchSemaphore(value: 0)
        Thread { loop.run(); done.signal() }.start()
        var stopped = false
        func stop() { if !stopped { stopped = true; loop.requestStop(); line.close(); done.wait() } }
        defer { stop() }
        func served(_ bytes: [UInt8], reads: Int) { line.serve(bytes); #expect(Run.waitFor { line.reads.load(ordering: .acquiring) >= reads }) }

        let next = Self.burst(second: 1)
        served(Self.burst(second: 0), reads: 2)
        served(Array(next[..<3]), reads: 3)          // `$GP` at the loop's time T
        clock.move(ms: 200)
        queue.push(.press(monoNs: clock.now()))      // seen at T + 200: its own quiet time ends at T + 500
        served([], reads: 4)                         // the wait to the epoch's quiet time, T + 300
        clock.move(ms: 150)
        served([], reads: 5)                         // quiet seen; the press waits on, to T + 500
        let timeouts = line.timeouts.withLock { $0 }
        #expect(timeouts.count == 5 && timeouts[3] == 101 && timeouts[4] == 151, "the loop's read timeouts: \(timeouts)")
        clock.move(ms: 200)
        served(Array(next[3...]), reads: 6)
        stop()
        let batch = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0))
        #expect(Self.described(batch.items) == ["0:2", "press", "1:2"])
    }

    /// A press pushed after the read that brought the epoch's last sentence returned, before the loop
    /// framed it (its thread preempted there on a loaded machine): the press came after those bytes,
    /// and the epoch goes in front. The test pushes it at the loop's first clock reading after that
    /// read. Taken after the framing, the press ticket counted it as before them: `["press"]`.
    @Test func aPressBetweenTheLastSentencesReadAndItsFramingComesAfterIt() throws {
        let run = try Run()
        let first = Self.burst(second: 0)
        let ggaAt = try #require(first.firstIndex(of: UInt8(ascii: "\n"))) + 1
        #expect(run.send(Array(first[..<ggaAt])))
        try #require(Run.waitFor { run.queue.sensorHoldsEpoch.load(ordering: .acquiring) })
        let queue = run.queue, clock = run.clock
        run.line.afterRead.withLock { $0 = { clock.atNextReading.withLock { $0 = { _ = queue.push(.press(monoNs: clock.now())) } } } }
        #expect(run.send(Array(first[ggaAt...])))
        try #require(Run.waitFor { queue.heldPressTicket.load(ordering: .acquiring) != 0 })
        run.clock.move(ms: 400)
        let pressed = Self.described(try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 60_000_000_000)).items)
        let after = try run.stopAndTake()
        #expect(pressed == ["0:2", "press"])
        #expect(after.isEmpty)
    }

    /// The same burst's next sentence read after the press: the epoch was still being received, and
    /// the press goes in front of it, unsplit (as a press while that sentence is half read).
    @Test func theSameBurstsNextSentenceAfterThePressPutsThePressInFront() throws {
        let run = try Run()
        let first = Self.burst(second: 0)
        let ggaAt = try #require(first.firstIndex(of: UInt8(ascii: "\n"))) + 1
        #expect(run.send(Array(first[..<ggaAt])))
        let pressed = try Self.press(run, thenWrite: Array(first[ggaAt...]))
        #expect(run.send(Self.burst(second: 1)))
        let after = try run.stopAndTake()
        #expect(pressed == ["press"])
        #expect(pressed + after == ["press", "0:2", "1:2"])
    }
}

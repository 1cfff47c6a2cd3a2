import RoamSystem
import Foundation
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// P5: an epoch is closed on quiet the line was seen to have (a wait or read that found it empty),
/// not on the clock alone. A sensor thread held for 400 ms in the middle of a burst (a loaded board)
/// comes back to the rest of the same burst: it is one fix, not two (the first half undated, every
/// later fix shifted).
@Suite struct SensorLoopSplitBurstTests {
    /// The loop's clock, moved on by the test: the time a held thread did not run.
    final class HeldClock: Sendable {
        private let ns = Atomic<UInt64>(1_000_000_000)
        func now() -> UInt64 { ns.load(ordering: .acquiring) }
        func hold(ms: UInt64) { ns.add(ms * 1_000_000, ordering: .releasing) }
    }

    static func burst(second: Int) -> [UInt8] {
        EastboundEpoch.nmea(step: second, time: EastboundEpoch.time(hour: 15, second: second))
    }

    static func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        while !condition() { if Date() > deadline { return false }; usleep(5_000) }
        return true
    }

    @Test func aBurstReadInTwoPartsAcrossTheQuietTimeIsOneFix() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        var options = SensorLoop.Options()
        // Only the quiet time could close the epoch early: no late settle, no silence in this test.
        options.epochSettleMs = 60_000
        options.silentAfterMs = 60_000
        let clock = HeldClock(), queue = SensorQueue(capacity: 100)
        let loop = try SensorLoop(source: port, barometer: nil, queue: queue, options: options,
                                  clock: { clock.now() }, emit: { _ in })
        let done = DispatchSemaphore(value: 0)
        Thread { loop.run(); done.signal() }.start()
        var stopped = false
        func stop() { if !stopped { stopped = true; loop.requestStop(); done.wait() } }
        defer { stop() }

        // Second 0's burst: its RMC (the date) is read, then the thread is held 400 ms (past the
        // 300 ms quiet time) while its GGA arrives; no wait in between found the line empty.
        let first = Self.burst(second: 0)
        let cut = try #require(first.firstIndex(of: UInt8(ascii: "\n"))) + 1
        try pty.write(Array(first[..<cut]))
        #expect(Self.waitFor { queue.sensorHoldsEpoch.load(ordering: .acquiring) })
        clock.hold(ms: 400)
        try pty.write(Array(first[cut...]))
        // Second 1's bytes close second 0's epoch.
        try pty.write(Self.burst(second: 1))
        #expect(Self.waitFor { loop.epochsAssembled.load(ordering: .acquiring) >= 1 })
        stop()  // hands over everything read: second 1's epoch too

        let items = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0)).items
        let epochs = items.compactMap { item -> Epoch? in
            if case .batched(.epoch(let sensed)) = item { return sensed.epoch } else { return nil }
        }
        #expect(epochs.map(\.timeOfDayMs) == [54_000_000, 54_001_000], "one epoch per second: \(epochs.map(\.sentences))")
        let whole = try #require(epochs.first)
        #expect(whole.sentences.count == 2 && whole.date != nil && whole.hasPosition)
    }
}

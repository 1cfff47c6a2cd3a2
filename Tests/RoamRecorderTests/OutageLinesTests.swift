import Foundation
import Synchronization
@testable import RoamRecorder
import RoamStore
import Testing

/// P3 in words over a long outage: a Pi's journal is in RAM, so an hour of refused retries (one
/// every 8 s once the back-off caps) must not push the outage's first, cause-naming lines out of it.
/// The commit loop runs on a clock the test drives from one retry deadline to the next, against a
/// real SQLite file whose write lock another connection holds.
@Suite struct OutageLinesTests {
    final class DrivenClock: Sendable {
        let nowNs = Atomic<UInt64>(1_000_000_000)
        func read() -> UInt64 { nowNs.load(ordering: .relaxed) }
    }

    @Test("P3: an hour of refused retries says the first ones, then one line a minute, each counting the tries it stood for")
    func anHourOfRefusedRetriesIsSaidOnceAMinute() throws {
        let h = try RecorderHarness()
        let store = try RideStore(path: h.dbPath, busyTimeoutMs: 0)
        let blocker = try h.holdWriteLock()
        let clock = DrivenClock(), events = h.events
        let status = StatusPublisher(pid: getpid(), bootID: "test", healthyIntervalS: 5, alarmIntervalS: 0,
                                     clock: { clock.read() }, realtimeMs: { 0 }, emit: { events.append($0) })
        let loop = CommitLoop(store: store, queue: SensorQueue(capacity: 16), options: CommitLoop.Options(), status: status,
                              clock: { clock.read() }, realtimeMs: { 0 }, emit: { events.append($0) })
        // A press: the ride it starts is refused by the lock, so it stays parked and is retried.
        let start = clock.read()
        loop.parked.append(contentsOf: [.press(monoNs: start)])
        let hourNs: UInt64 = 3_600_000_000_000
        for _ in 0..<1_000 where clock.read() - start < hourNs {
            loop.commitParked()
            try #require(!loop.parked.isEmpty && loop.nextRetryNs > clock.read(), "the retry was not refused")
            clock.nowNs.store(loop.nextRetryNs, ordering: .relaxed)
        }
        #expect(clock.read() - start >= hourNs)
        let failures = try #require(loop.outage?.failures)
        #expect(failures >= 440, "\(failures) retries in an hour")

        var lines: [(unsaid: Int, error: String)] = []
        var alarms = 0
        for event in events.all {
            if case .commitFailed(let error, _, _, let unsaid) = event { lines.append((unsaid, error)) }
            if case .alarmRaised = event { alarms += 1 }
        }
        // The first five retries as they fail, then one a minute: about 65, not 450.
        #expect(lines.count >= 60 && lines.count <= 5 + 61, "\(lines.count) lines for \(failures) failed retries")
        #expect(lines.prefix(5).allSatisfy { $0.unsaid == 0 })
        // Every failed retry is accounted for: said, or counted by the next line said.
        #expect(lines.count + lines.reduce(0) { $0 + $1.unsaid } <= failures)
        #expect(lines.count + lines.reduce(0) { $0 + $1.unsaid } + 8 > failures)
        #expect(alarms == 1)
        #expect(lines.first?.error == "\(h.dbPath) is locked by another process writing it")
        try blocker.execute("ROLLBACK")
    }

    @Test("P3: a refused retry whose cause changed is said at once, then the minute starts again")
    func aChangedCauseIsSaidAtOnce() {
        var lines = RefusedRetryLines()
        var said: [Bool] = []
        let s = 1_000_000_000 as UInt64
        for i in 0..<UInt64(RefusedRetryLines.saidAtFirst) { said.append(lines.says("locked", nowNs: i * s)) }
        said.append(lines.says("locked", nowNs: 10 * s))
        let unsaidBeforeChange = lines.unsaid
        said.append(lines.says("full", nowNs: 18 * s))
        lines.said()
        for t: UInt64 in [26, 77, 78] { said.append(lines.says("full", nowNs: t * s)) }
        #expect(said == [true, true, true, true, true, false, true, false, false, true])
        #expect(unsaidBeforeChange == 1)
        #expect(lines.unsaid == 2)
    }
}

import Foundation
import RoamCore
@testable import RoamRecorder
import RoamStore
import Testing

/// The commit cadence: epochs of one commit interval are one batch, one transaction
/// (P1), and whatever must not wait — a press, a silent receiver, a stop — commits at once.
/// Each test sets an interval of an hour, so nothing it sees committed was brought by the timer:
/// the assertions hold on any machine, however slow, and a flush that waited would hang to the bound.
@Suite struct CommitCadenceTests {
    static let hourS = 3600.0

    /// `silentForever`: the receiver's silence never hands a batch over either, so only what the
    /// test does can (a slow machine pausing between feed and press changes nothing).
    private func startedRide(_ h: RecorderHarness, busyTimeoutMs: Int32 = 5_000, silentForever: Bool = false) throws -> Recorder {
        var options = Recorder.Options()
        options.commit.commitIntervalS = Self.hourS
        if silentForever { options.sensor.silentAfterMs = UInt64(Self.hourS * 1000) }
        let r = try h.recorder(options: options, busyTimeoutMs: busyTimeoutMs)
        try r.start()
        r.press()
        #expect(h.events.wait { $0.contains { if case .session(.rideStarted) = $0 { return true }; return false } })
        return r
    }

    /// Bounded polling for a state another thread reaches (a failure bound, not a timing assertion).
    private func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        while !condition() { guard Date() < deadline else { return false }; usleep(5_000) }
        return true
    }

    private func fixReports(_ h: RecorderHarness) -> [CommitReport] {
        h.events.all.compactMap { if case .committed(let r) = $0, r.fixCount > 0 { return r }; return nil }
    }

    private func stopped(_ h: RecorderHarness) -> Bool {
        h.events.wait { $0.contains { if case .session(.rideStopped) = $0 { return true }; return false } }
    }

    @Test("P1: ten epochs of one interval are one batch: one transaction in the WAL, one commit report")
    func oneIntervalIsOneTransaction() throws {
        let h = try RecorderHarness()
        let r = try startedRide(h, silentForever: true)
        let before = try WALCommits.count(database: h.dbPath)
        try h.feed(10)
        #expect(waitFor { r.sensor.epochsAssembled.load(ordering: .acquiring) >= 10 })
        // Read and queued, not yet committed: nothing of them is in the file, nothing acknowledged.
        let whileGathering = try WALCommits.count(database: h.dbPath), storedWhileGathering = try h.reader().seqs(ride: 1)
        #expect(whileGathering == before)
        #expect(storedWhileGathering.isEmpty)
        #expect(fixReports(h).isEmpty)

        r.press()  // the rider stops: the batch lands at once, then the stop
        #expect(stopped(h))
        let afterStop = try WALCommits.count(database: h.dbPath)
        #expect(afterStop - before == 2)
        let reports = fixReports(h)
        #expect(reports.count == 1)
        #expect(reports.first?.fixCount == 10 && reports.first?.seqs == 0...9)
        r.stop()
        let stored = try h.reader().seqs(ride: 1), check = try Rederivation.check(path: h.dbPath)
        #expect(stored == Array(0..<10))
        #expect(check.isConsistent)
    }

    @Test("Shutdown commits the epochs read so far at once, without waiting for the interval")
    func stopFlushesAtOnce() throws {
        let h = try RecorderHarness()
        let r = try startedRide(h, silentForever: true)
        try h.feed(5)
        #expect(waitFor { r.sensor.epochsAssembled.load(ordering: .acquiring) >= 5 })
        #expect(fixReports(h).isEmpty)
        // stop() on its own thread: a flush that waited for the hour would fail at the bound, not hang the suite.
        let done = DispatchSemaphore(value: 0)
        Thread { r.stop(); done.signal() }.start()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(fixReports(h).map(\.fixCount) == [5])
        let ride = try #require(try h.reader().rides().last)
        #expect(ride.state == .recording)  // a stop signal leaves it to be re-armed (P7)
        let stored = try h.reader().seqs(ride: ride.id)
        #expect(stored == Array(0..<5))
    }

    @Test("P5: a receiver gone silent commits the batch at once, its gap with it")
    func silenceFlushesAtOnce() throws {
        let h = try RecorderHarness()
        let r = try startedRide(h)
        try h.feed(3)
        #expect(h.waitForAck(through: 2))
        #expect(fixReports(h).map(\.fixCount) == [3])
        r.stop()
        let reader = try h.reader()
        let stored = try reader.seqs(ride: 1), gaps = try reader.gapEvents(ride: 1, .receiverSilent)
        #expect(stored == Array(0..<3))
        #expect(gaps.count == 1)
    }

    @Test("P3: a multi-epoch batch that fails is parked whole, alarms, and lands in one transaction in order")
    func multiEpochBatchParksAndLands() throws {
        let h = try RecorderHarness()
        let r = try startedRide(h, busyTimeoutMs: 50)
        let blocker = try h.holdWriteLock()
        try h.feed(10)  // the silence after it hands the ten over; the commit fails on the lock
        #expect(waitFor { r.status.parkedEpochs == 10 })
        #expect(r.status.alarm?.cause == .storageFailing)
        #expect(fixReports(h).isEmpty)
        let before = try WALCommits.count(database: h.dbPath)

        try blocker.execute("ROLLBACK")
        #expect(h.events.wait { $0.contains { if case .alarmCleared(_, 10) = $0 { return true }; return false } })
        let afterLanding = try WALCommits.count(database: h.dbPath)
        #expect(afterLanding - before == 1)
        let reports = fixReports(h)
        #expect(reports.count == 1)
        #expect(reports.first?.seqs == 0...9 && reports.first?.recoveredParkedEpochs == 10)
        r.press()
        #expect(stopped(h))
        r.stop()

        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        var times: [Int64] = []
        try reader.forEachFix(ride: ride.id) { times.append($0.utcMs ?? -1) }
        #expect(times == (0..<10).map { RecorderHarness.simulation.seconds[$0].utcMs })
        #expect(ride.parkedCount == 1)
        let kinds = try reader.events(ride: ride.id).map(\.kind)
        #expect(kinds.contains(.alarm) && kinds.contains(.recovered))
        let check = try Rederivation.check(path: h.dbPath)
        #expect(check.isConsistent)
    }
}

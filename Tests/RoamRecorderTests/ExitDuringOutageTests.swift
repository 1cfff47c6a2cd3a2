import RoamSystem
@testable import RoamRecorder
import RoamStore
import Testing

/// A recorder stopped (SIGTERM, a shutdown) while storage fails: its parked items get retries until
/// `exitRetryS`, and what storage never took is named, kept in the status file and recorded as lost
/// in the ride by the next recorder (P2: never absorbed without a word). Storage is made to fail by
/// another connection holding the write lock, as a long `dump` or `check` could.
@Suite struct ExitDuringOutageTests {
    private func options(exitRetryS: Double) -> Recorder.Options {
        var options = Recorder.Options()
        options.commit.exitRetryS = exitRetryS
        return options
    }

    /// A recorder on a ride acknowledged through second 3, then storage failing (the returned
    /// connection holds the write lock) while `secondsAfter` more are read, until the alarm.
    private func rideWithStorageFailing(_ h: RecorderHarness, exitRetryS: Double, secondsAfter: Int) throws -> (Recorder, SQLiteConnection) {
        let recorder = try h.recorder(options: options(exitRetryS: exitRetryS), busyTimeoutMs: 50)
        try recorder.start()
        recorder.press()
        try h.feed(5)
        #expect(h.waitForAck(through: 3))
        let blocker = try h.holdWriteLock()
        try h.feed(secondsAfter)
        #expect(waitForAlarm(h))
        return (recorder, blocker)
    }

    private func waitForAlarm(_ h: RecorderHarness) -> Bool {
        h.events.wait { $0.contains { if case .alarmRaised = $0 { return true }; return false } }
    }

    private func statusAfterExit(_ h: RecorderHarness) throws -> RecorderStatus {
        try #require(try RecorderStatusFile.read(path: RecorderStatusFile.path(forDatabase: h.dbPath))?.status)
    }

    @Test func whatStorageNeverTookBeforeExitIsRecordedAsLostByTheNextStart() throws {
        let h = try RecorderHarness()
        let (first, blocker) = try rideWithStorageFailing(h, exitRetryS: 1, secondsAfter: 5)
        first.press()   // the rider's stop, during the alarm
        first.stop()    // retried for a second, then what is left is named
        let named = h.events.all.compactMap { event -> (Int, Int)? in
            if case .parkedLostAtExit(let epochs, let presses, _) = event { return (epochs, presses) }
            return nil
        }
        let (epochs, presses) = try #require(named.first)
        #expect(named.count == 1 && presses == 1 && epochs >= 4, "\(named)")
        let kept = try statusAfterExit(h)
        #expect(kept.lostAtExitEpochs == epochs && kept.lostAtExitPresses == 1)
        try blocker.execute("ROLLBACK")

        let second = try h.recorder(options: options(exitRetryS: 1))
        try second.start()
        #expect(h.events.wait { $0.contains { if case .lossFromLastExit(epochs, 1, recordedInRide: true) = $0 { return true }; return false } })
        #expect(h.events.wait { $0.contains { if case .session(.rideStarted(_, resumedWith: .some)) = $0 { return true }; return false } })
        second.stop()
        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        // The stop never reached the card: the ride was resumed, and its events say what was lost.
        #expect(ride.state == .recording)
        #expect(ride.lostCount == Int64(epochs))
        let lost = try reader.events(ride: ride.id).filter { $0.kind == .lost }
        #expect(lost.count == 1)
        #expect(lost.first?.detail.hasPrefix("\(epochs) epochs read and 1 button press lost: storage failed until the recorder stopped") == true,
                "\(lost)")
        let cleared = try statusAfterExit(h)
        #expect(cleared.lostAtExitEpochs == 0 && cleared.lostAtExitPresses == 0)
    }

    @Test func aLostStartPressIsSaidAndNotPutOnTheNextRide() throws {
        let h = try RecorderHarness()
        let first = try h.recorder(options: options(exitRetryS: 0.5), busyTimeoutMs: 50)
        try first.start()
        let blocker = try h.holdWriteLock()
        first.press()   // a start the storage never takes
        try h.feed(3)
        #expect(waitForAlarm(h))
        first.stop()
        #expect(h.events.all.contains { if case .parkedLostAtExit(_, 1, _) = $0 { return true }; return false })
        try blocker.execute("ROLLBACK")

        // No ride was recording: the loss is said at the next start, and a ride begun then did not lose it.
        let second = try h.recorder(options: options(exitRetryS: 0.5))
        try second.start()
        #expect(h.events.wait { $0.contains { if case .lossFromLastExit(_, 1, recordedInRide: false) = $0 { return true }; return false } })
        second.press()
        try h.feed(3)
        #expect(h.waitForAck(through: 0))
        second.stop()
        let ride = try #require(try h.reader().rides().last)
        #expect(ride.lostCount == 0)
        #expect(try h.reader().events(ride: ride.id).allSatisfy { $0.kind != .lost })
        #expect(try statusAfterExit(h).lostAtExitPresses == 0)
    }

    @Test func storageBackDuringTheExitRetriesLosesNothing() throws {
        let h = try RecorderHarness()
        let (recorder, blocker) = try rideWithStorageFailing(h, exitRetryS: 30, secondsAfter: 3)
        recorder.press()
        // Storage comes back while the recorder is stopping: the retries land everything, stop included.
        let stopping = try SystemThread(name: "stopping") { recorder.stop() }
        let deadline = MonotonicClock.nowNs() + 25_000_000_000  // well inside the 30 s of retries
        while recorder.exitTries == 0 && MonotonicClock.nowNs() < deadline { MonotonicClock.sleep(ns: 1_000_000) }
        try #require(recorder.exitTries > 0, "the stopping recorder made no try of what is parked within 25 s")
        try blocker.execute("ROLLBACK")
        stopping.join()
        #expect(!h.events.all.contains { if case .parkedLostAtExit = $0 { return true }; return false })
        let ride = try #require(try h.reader().rides().last)
        #expect(ride.state == .stopped && ride.lostCount == 0)
        #expect(try statusAfterExit(h).lostAtExitEpochs == 0)
    }
}

import Foundation
import RoamSimulator
import RoamCore
@testable import RoamRecorder
import RoamStore
import Testing

/// A Pi has no RTC: with fake-hwclock it wakes up next morning believing it is still last night,
/// so re-arm (which must not wait for GNSS, P7) resumes yesterday's ride. The first fix with
/// GNSS time then settles it: a ride older than the policy's limit by GNSS time is closed at its
/// last fix and the new fixes start a ride of their own; a short power cut still resumes.
@Suite struct StaleResumeTests {
    /// Restarts the recorder (its wall clock says the last commit was a moment ago) and feeds the
    /// bench ride again, starting `laterS` seconds of GNSS time after the first one; waits until
    /// 181 epochs of it are committed, in whichever ride they land.
    private func restartAndRide(_ h: RecorderHarness, after first: RideRow, laterS: Int64) throws {
        let r = try h.recorder()
        try r.start()
        let shifted = RideSimulation(seed: 2, startUTCms: RideSimulation.defaultStartUTCms + laterS * 1000)
        for second in shifted.seconds.prefix(200) { try h.replayer.write(second.nmea) }
        let resumedThrough = first.pipelineState.nextSeq + 180
        #expect(h.events.wait { log in
            log.contains {
                guard case .committed(let c) = $0, let last = c.seqs?.upperBound else { return false }
                return c.rideID == first.id ? last >= resumedThrough : last >= 180
            }
        })
        r.stop()
    }

    @Test func aRideFoundHoursOldByGNSSTimeAfterARestartIsClosedAndANewOneStarts() throws {
        let h = try RecorderHarness()
        let first = try h.interruptedRide(seconds: 300)
        try restartAndRide(h, after: first, laterS: 14 * 3600)

        let reader = try h.reader()
        let rides = try reader.rides()
        #expect(rides.count == 2)
        let old = try #require(rides.first { $0.id == first.id })
        #expect(old.state == .stopped)
        // Closed at its own last fix, with nothing of the new morning in it.
        #expect(old.totals.fixCount == first.totals.fixCount)
        #expect(old.endedUTCms == first.pipelineState.lastAccepted?.utcMs)
        let stop = try #require(try reader.events(ride: old.id).last { $0.kind == .stop })
        #expect(stop.detail.contains("closed after restart") && stop.detail.contains("by GNSS time"), "\(stop.detail)")
        #expect(stop.detail.contains("13.9 h"), "\(stop.detail)")
        let new = try #require(rides.first { $0.id != first.id })
        #expect(new.state == .recording)
        #expect(new.totals.fixCount >= 181)
        #expect(try reader.seqs(ride: new.id) == Array(0..<Int64(new.totals.fixCount)))
        #expect(try Rederivation.check(path: h.dbPath).isConsistent)
    }

    @Test func aShortPowerCutStillResumesTheRide() throws {
        let h = try RecorderHarness()
        let first = try h.interruptedRide(seconds: 300)
        try restartAndRide(h, after: first, laterS: 600)

        let reader = try h.reader()
        let rides = try reader.rides()
        #expect(rides.map(\.id) == [first.id])
        #expect(rides.first?.state == .recording)
        #expect(try reader.gapEvents(ride: first.id, .loggerRestarted).count == 1)
        #expect((rides.first?.totals.fixCount ?? 0) >= first.totals.fixCount + 181)
        #expect(try Rederivation.check(path: h.dbPath).isConsistent)
    }

    @Test("P3: the close and the new ride are retried with their batch while storage fails; nothing is lost")
    func aStaleRideClosedWhileStorageFailsLosesNothing() throws {
        let h = try RecorderHarness()
        let first = try h.interruptedRide(seconds: 300)
        let r = try h.recorder(busyTimeoutMs: 50)
        try r.start()  // the restart gap is committed here, before the lock is taken
        let blocker = try h.holdWriteLock()
        let shifted = RideSimulation(seed: 2, startUTCms: RideSimulation.defaultStartUTCms + 14 * 3600 * 1000)
        for second in shifted.seconds.prefix(100) { try h.replayer.write(second.nmea) }
        #expect(h.events.wait { $0.contains { if case .alarmRaised = $0 { return true }; return false } })
        try blocker.execute("ROLLBACK")
        #expect(h.events.wait { log in
            log.contains { if case .committed(let c) = $0, c.rideID != first.id, (c.seqs?.upperBound ?? 0) >= 98 { return true }; return false }
        })
        r.stop()

        let reader = try h.reader()
        let rides = try reader.rides()
        #expect(rides.count == 2)
        let old = try #require(rides.first { $0.id == first.id })
        #expect(old.state == .stopped && old.totals.fixCount == first.totals.fixCount)
        let new = try #require(rides.first { $0.id != first.id })
        // Every epoch read after the restart is in the new ride, in order.
        #expect(try reader.seqs(ride: new.id) == Array(0..<Int64(new.totals.fixCount)))
        #expect(new.totals.fixCount >= 99)
        #expect(try Rederivation.check(path: h.dbPath).isConsistent)
    }
}

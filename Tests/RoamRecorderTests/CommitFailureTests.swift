import Foundation
import RoamCore
@testable import RoamRecorder
import RoamStore
import Testing

/// P3 in-process: a second connection holds the write lock, so the recorder's commits fail with
/// SQLITE_BUSY after its (short) busy timeout — "database locked past its timeout".
@Suite struct CommitFailureTests {
    private func startedRide(_ h: RecorderHarness, options: Recorder.Options = .init(), seconds: Int) throws -> Recorder {
        let r = try h.recorder(options: options, busyTimeoutMs: 50)
        try r.start()
        r.press()
        try h.feed(seconds)
        #expect(h.waitForAck(through: Int64(seconds - 1)))
        return r
    }

    /// A ride of 3 seconds, then `seconds` more read while another connection holds the write lock,
    /// until `parked` holds; then storage is back, the alarm clears and the recorder stops.
    private func rideThroughOutage(_ h: RecorderHarness, options: Recorder.Options, seconds: Int,
                                   parked: @escaping (RecorderStatus) -> Bool) throws {
        let r = try startedRide(h, options: options, seconds: 3)
        let blocker = try h.holdWriteLock()
        try h.feed(seconds)
        #expect(waitFor { parked(r.status) })
        #expect(r.status.alarm != nil)
        try blocker.execute("ROLLBACK")
        #expect(h.events.wait { $0.contains { if case .alarmCleared = $0 { return true }; return false } })
        r.stop()
    }

    private func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        while !condition() { guard Date() < deadline else { return false }; usleep(5_000) }
        return true
    }

    @Test("P3: failed commits park the batches in order, raise the alarm, and land in order when storage is back")
    func parkedBatchesLandInOrder() throws {
        let h = try RecorderHarness()
        let r = try startedRide(h, seconds: 5)
        let blocker = try h.holdWriteLock()
        try h.feed(20)
        #expect(waitFor { r.status.parkedEpochs == 20 })
        // With the commit cadence all twenty may be one hand-over: its status comes just before the event.
        #expect(h.events.wait { $0.contains { if case .alarmRaised = $0 { return true }; return false } })
        #expect(r.status.alarm?.cause == .storageFailing)
        // In words, not SQLite's ("SQLite error 5 (SQLITE_BUSY): database is locked, while executing …").
        #expect(r.status.lastError == "\(h.dbPath) is locked by another process writing it", "\(String(describing: r.status.lastError))")
        // The status file says the same while the database cannot be written.
        let snapshot = try #require(try RecorderStatusFile.read(path: RecorderStatusFile.path(forDatabase: h.dbPath)))
        #expect(snapshot.isRecorderRunning)
        #expect(snapshot.status?.alarm?.cause == .storageFailing)
        #expect(snapshot.status?.parkedEpochs == 20)

        try blocker.execute("ROLLBACK")
        #expect(h.events.wait { $0.contains { if case .alarmCleared(_, 20) = $0 { return true }; return false } })
        try h.feed(5)
        #expect(h.waitForAck(through: 29))
        r.press()
        #expect(h.events.wait { $0.contains { if case .session(.rideStopped) = $0 { return true }; return false } })
        r.stop()

        #expect(r.status.alarm == nil && r.status.parkedEpochs == 0)
        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        var seqs: [Int64] = [], times: [Int64] = []
        try reader.forEachFix(ride: ride.id) { seqs.append($0.seq); times.append($0.utcMs ?? -1) }
        #expect(seqs == Array(0..<30))
        #expect(times == (0..<30).map { RecorderHarness.simulation.seconds[$0].utcMs })
        #expect(ride.parkedCount >= 1)
        let kinds = try reader.events(ride: ride.id).map(\.kind)
        #expect(kinds.contains(.alarm) && kinds.contains(.recovered))
        #expect(try Rederivation.check(path: h.dbPath).isConsistent)
    }

    /// A commit refused by another writer's lock fails only after the busy timeout; the fixes waited
    /// from the attempt's start. The outage was dated from the failure, so an import holding the
    /// lock for 6 s was recorded as "storage back after 0.3 s".
    @Test("P3: an outage is dated from the commit that failed, not from its failure after the lock wait")
    func outageCountsTheLockWait() throws {
        let h = try RecorderHarness()
        let r = try h.recorder(busyTimeoutMs: 2_000)
        try r.start()
        r.press()
        try h.feed(3)
        #expect(h.waitForAck(through: 2))
        let blocker = try h.holdWriteLock()
        try h.feed(2)
        #expect(h.events.wait { $0.contains { if case .alarmRaised = $0 { return true }; return false } })
        #expect(r.status.alarm != nil)
        try blocker.execute("ROLLBACK")
        #expect(h.events.wait { $0.contains { if case .alarmCleared = $0 { return true }; return false } })
        r.press()
        #expect(h.events.wait { $0.contains { if case .session(.rideStopped) = $0 { return true }; return false } })
        r.stop()
        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        let back = try #require(try reader.events(ride: ride.id).first { $0.kind == .recovered })
        // "storage back after S s and N failed commits; …": S counts the 2 s the first attempt waited.
        let seconds = try #require(Double(String(back.detail.dropFirst("storage back after ".count).prefix { $0 != " " })))
        #expect(seconds >= 2.0, "\(back.detail)")
    }

    @Test("P3: past the parking space the oldest epochs are dropped, counted, and recorded as lost when writing works again")
    func parkingOverflowIsCounted() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.parkedEpochLimit = 5
        try rideThroughOutage(h, options: options, seconds: 20) { $0.lostEpochsTotal == 15 && $0.parkedEpochs == 5 }

        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        #expect(ride.lostCount == 15)
        #expect(try reader.events(ride: ride.id).contains { $0.kind == .lost && $0.detail.hasPrefix("15 fixes lost") })
        // The newest epochs were kept: seconds 0-2, then 18-22.
        var times: [Int64] = []
        try reader.forEachFix(ride: ride.id) { times.append($0.utcMs ?? -1) }
        #expect(times == ([0, 1, 2] + Array(18...22)).map { RecorderHarness.simulation.seconds[$0].utcMs })
        #expect(try Rederivation.check(path: h.dbPath).isConsistent)
    }

    @Test("P3: parked epochs land in commits of parkedEpochsPerCommit, their sentences byte for byte as the receiver sent them")
    func parkedSentencesLandByteForByte() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.parkedEpochsPerCommit = 5
        try rideThroughOutage(h, options: options, seconds: 12) { $0.parkedEpochs == 12 }
        // The commits between the alarm and its clearing: the landing.
        let landed = h.events.all.drop { if case .alarmRaised = $0 { return false }; return true }
            .prefix { if case .alarmCleared = $0 { return false }; return true }
            .compactMap { if case .committed(let c) = $0 { return c.fixCount }; return nil }
        #expect(landed == [5, 5, 2])

        var stored: [[String]] = []
        try h.reader().forEachFix(ride: try #require(try h.reader().rides().last).id) { stored.append($0.epoch.sentences) }
        // What the wire carried for each second, CRLF removed: the raw stream as it arrived.
        let sent = (0..<15).map { second in
            RecorderHarness.simulation.seconds[second].nmea.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0.dropLast(), as: UTF8.self) }
        }
        #expect(stored.count == 15)
        for (second, (kept, wire)) in zip(stored, sent).enumerated() {
            #expect(kept.map { Array($0.utf8) } == wire.map { Array($0.utf8) }, "second \(second)")
        }
    }
}

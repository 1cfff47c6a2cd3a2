import Foundation
import Glibc
import RoamCore
@testable import RoamRecorder
import RoamStore
import Testing

@Suite struct ConsistencyCheckTests {
    /// A ride with a restart in the middle and a silent receiver, stopped by the button.
    private func recordedRide(_ h: RecorderHarness) throws -> Int64 {
        _ = try h.interruptedRide(seconds: 30)
        let second = try h.recorder()
        try second.start()
        try h.feed(30)
        #expect(h.waitForAck(through: 59))
        second.press()
        #expect(h.events.wait { $0.contains { if case .session(.rideStopped) = $0 { return true }; return false } })
        second.stop()
        return try #require(try h.reader().rides().last?.id)
    }

    private func fileState(_ path: String) -> (bytes: Data?, mtime: timespec) {
        var st = stat()
        _ = stat(path, &st)
        return (FileManager.default.contents(atPath: path), st.st_mtim)
    }

    @Test("P2: a recorded ride with a restart gap is consistent, and check writes nothing")
    func consistentAndReadOnly() throws {
        let h = try RecorderHarness()
        let id = try recordedRide(h)
        let files = [h.dbPath, h.dbPath + "-wal"]
        let before = files.map(fileState)
        let report = try Rederivation.check(path: h.dbPath)
        let after = files.map(fileState)
        #expect(report.isConsistent, "\(report.text)")
        #expect(report.rides.map(\.id) == [id])
        #expect(report.rides.first?.fixCount == 60)
        #expect((report.rides.first?.gapMarkers ?? 0) >= 1)
        // The database file: not a byte, not its mtime.
        #expect(before[0].bytes != nil && before[0].bytes == after[0].bytes)
        #expect(before[0].mtime.tv_sec == after[0].mtime.tv_sec && before[0].mtime.tv_nsec == after[0].mtime.tv_nsec)
        // The WAL: unchanged if there was one; otherwise SQLite's reader may leave an empty one (its lock protocol).
        if before[1].bytes != nil {
            #expect(before[1].bytes == after[1].bytes)
            #expect(before[1].mtime.tv_sec == after[1].mtime.tv_sec && before[1].mtime.tv_nsec == after[1].mtime.tv_nsec)
        } else {
            #expect(after[1].bytes?.isEmpty ?? true)
        }
    }

    @Test("P2: a ride row whose totals its fixes do not imply is reported, field by field")
    func tamperedTotals() throws {
        let h = try RecorderHarness()
        let id = try recordedRide(h)
        let writer = try SQLiteConnection(path: h.dbPath, mode: .readWrite)
        try writer.execute("UPDATE rides SET distance_m = distance_m + 25, gap_count = gap_count + 1 WHERE id = \(id)")
        let report = try Rederivation.check(path: h.dbPath)
        #expect(!report.isConsistent)
        let problems = report.rides.first?.problems ?? []
        #expect(problems.contains { $0.hasPrefix("distanceM: ride row") })
        #expect(problems.contains { $0.hasPrefix("gapCount: ride row") })
        #expect(report.text.contains("INCONSISTENT"))
    }

    @Test("P2: a fix whose derived distance its raw columns do not imply is reported")
    func tamperedFix() throws {
        let h = try RecorderHarness()
        let id = try recordedRide(h)
        let writer = try SQLiteConnection(path: h.dbPath, mode: .readWrite)
        try writer.execute("UPDATE fixes SET distance_added_m = distance_added_m + 3 WHERE ride_id = \(id) AND seq = 40")
        let report = try Rederivation.check(path: h.dbPath)
        #expect(!report.isConsistent)
        #expect(report.rides.first?.problems.contains { $0.hasPrefix("fix 40: distance_added_m") } == true)
    }

    @Test("A gap marker matches its cause with or without a position")
    func gapMarkerText() {
        let gap = RideEvent(kind: .gap, monoNs: 5, detail: GapCause.loggerRestarted.rawValue, beforeSeq: 1234)
        #expect(GapMarker.matches(gap, .loggerRestarted))
        #expect(GapMarker.matches(RideEvent(kind: .gap, detail: "logger restarted"), .loggerRestarted))
        #expect(!GapMarker.matches(gap, .receiverSilent))
    }
}

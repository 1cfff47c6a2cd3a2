import RoamRecorder
import Testing

/// The recorder's alarm lines in a rider's words: what failed, what became of the fixes, what to
/// check. They said "ALARM raised (storage-failing)" (the status file's key), "commit failed, 100
/// epochs parked" and "alarm cleared (storage-failing): 100 parked epochs landed in order".
@Suite struct AlarmWordsTests {
    static let detail = "SQLite error 13 (SQLITE_FULL): database or disk is full, while executing 'COMMIT' on /data/rides.db"
    static let check = "check the storage the database is on: its free space and its errors ('dmesg')"

    @Test func storageThatRefusesTheFixes() {
        let alarm = Alarm(cause: .storageFailing, sinceMonoNs: 1, sinceUTCms: 2, detail: Self.detail)
        let lines = [alarm.raisedLine, Alarm.stillRefusedLine(kept: 100, retryInS: 0.5, error: Self.detail), alarm.clearedLine(landed: 100)]
        #expect(lines[0] == "ALARM: storage refused the ride's fixes (\(Self.detail)): they are kept in memory, in order, "
                + "and written once storage takes them again; \(Self.check)")
        #expect(lines[1] == "ALARM: storage still refuses the ride's fixes: 100 fixes kept in memory, next try in 0.50 s: \(Self.detail)")
        #expect(lines[2] == "alarm cleared: storage takes the ride's fixes again; the 100 fixes kept in memory are written, in order")
        for line in lines { #expect(!line.contains("storage-failing") && !line.contains("epoch") && !line.contains("parked"), "\(line)") }
    }

    /// Another writer's lock passes by itself: the storage is not what to check (it said "check the
    /// storage … ('dmesg')" while an import by hand held the lock).
    @Test func anotherWritersLockIsNotAStorageFault() {
        let alarm = Alarm(cause: .storageFailing, sinceMonoNs: 1, sinceUTCms: 2,
                          detail: "/var/lib/roam-board/rides.db is locked by another process writing it")
        #expect(alarm.raisedLine.hasSuffix("; another program is writing the database (a roam-board import, rederive or prune "
                                           + "run by hand, or an sqlite3 shell): the fixes are written once it is done; "
                                           + "if this lasts, stop that program"), "\(alarm.raisedLine)")
        #expect(!alarm.raisedLine.contains("dmesg"))
    }

    @Test func fixesLost() {
        let alarm = Alarm(cause: .fixesLost, sinceMonoNs: 1, sinceUTCms: 2, detail: "3 fixes dropped")
        #expect(alarm.raisedLine == "ALARM: fixes were lost (3 fixes dropped): their count is recorded in the ride as lost once "
                + "storage takes the fixes again; \(Self.check)")
        #expect(alarm.clearedLine(landed: 0) == "alarm cleared: the lost fixes are recorded in the ride")
        #expect(!alarm.raisedLine.contains("fixes-lost"))
    }
}

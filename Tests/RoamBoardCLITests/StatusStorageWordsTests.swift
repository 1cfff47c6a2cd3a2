import Foundation
import RoamRecorder
import RoamStore
import Testing

/// `status` says the free space in the unit every other size is said in (ByteSize: MiB, GiB on a
/// card), never decimal "GB" of its own beside the drive's and the low-storage alarm's MiB.
@Suite struct StatusStorageWordsTests {
    @Test func theFreeSpaceIsSaidInTheUnitOfEveryOtherSize() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        _ = try RideStore(path: db)
        let status = try CLIRunner.run(["status", "--db", db])
        #expect(status.status == 0, "\(status.stderr)")
        let line = try #require(status.stdout.split(separator: "\n").first { $0.hasPrefix("storage ") }, "\(status.stdout)")
        let words = line.split { " ,".contains($0) }
        let unit = try #require(words.firstIndex(of: "free").map { words[$0 - 1] }, "\(line)")
        #expect(["KiB", "MiB", "GiB", "TiB"].contains(unit), "\(line)")
    }

    /// A recorder whose storage refuses its commits, as `status` reads it from the status file: what
    /// failed, what is kept and what to check, in words. It said "RAISED (storage-failing)" (the
    /// status file's key) and "parked 100 epochs in 3 batches".
    @Test func anAlarmIsSaidInARidersWords() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        _ = try RideStore(path: db)
        // Held open and locked here: `status` sees a recorder running.
        var file: RecorderStatusFile? = try RecorderStatusFile(path: RecorderStatusFile.path(forDatabase: db))
        var recorder = RecorderStatus(pid: getpid(), bootID: RecorderStatusFile.bootID)
        let detail = "SQLite error 13 (SQLITE_FULL): database or disk is full, while executing 'COMMIT' on \(db)"
        recorder.alarm = Alarm(cause: .storageFailing, sinceMonoNs: 0, sinceUTCms: 0, detail: detail)
        (recorder.parkedEpochs, recorder.parkedBatches) = (100, 3)
        try file?.write(recorder)
        let status = try CLIRunner.run(["status", "--db", db])
        #expect(status.status == 0, "\(status.stderr)")
        let alarm = try #require(status.stdout.split(separator: "\n").first { $0.hasPrefix("alarm ") }, "\(status.stdout)")
        #expect(alarm.hasPrefix("alarm        RAISED") && alarm.hasSuffix(": storage refused the ride's fixes (\(detail)); "
                                                                     + "check the storage the database is on: its free space and its errors ('dmesg')"), "\(alarm)")
        #expect(status.stdout.contains("\nparked       100 fixes kept in memory until storage takes them (3 batches)\n"), "\(status.stdout)")
        #expect(!status.stdout.contains("storage-failing") && !status.stdout.contains("epoch"), "\(status.stdout)")

        // The recorder gone (its lock released): what it held was never committed, and no memory keeps it.
        file = nil
        let after = try CLIRunner.run(["status", "--db", db])
        #expect(after.stdout.contains("\nalarm        was raised when the recorder stopped"), "\(after.stdout)")
        #expect(after.stdout.contains("\nparked       100 fixes held in memory when the recorder stopped: never committed (3 batches)\n"),
                "\(after.stdout)")
    }

    /// The recorder's low-storage measure is up to one look old, beside this command's own free
    /// space: said as such. It read "LOW, the LED shows it: 0 B free" under "storage 99.9 MiB free"
    /// for up to 30 s after room was freed.
    @Test func lowStorageIsSaidAsTheRecordersLastLook() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        _ = try RideStore(path: db)
        let file = try RecorderStatusFile(path: RecorderStatusFile.path(forDatabase: db))
        var recorder = RecorderStatus(pid: getpid(), bootID: RecorderStatusFile.bootID)
        recorder.storageLow = "12.0 MiB free, under 64.0 MiB"
        try file.write(recorder)
        let status = try CLIRunner.run(["status", "--db", db])
        #expect(status.stdout.contains("\n             LOW at the recorder's last look (every 30 s), the LED shows it: 12.0 MiB free, under 64.0 MiB\n"),
                "\(status.stdout)")
    }

    /// Nothing parked is said as nothing: it read "parked 0 fixes kept in memory until storage takes them (0 batches)".
    @Test func nothingParkedIsSaidAsNothing() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        _ = try RideStore(path: db)
        let file = try RecorderStatusFile(path: RecorderStatusFile.path(forDatabase: db))
        try file.write(RecorderStatus(pid: getpid(), bootID: RecorderStatusFile.bootID))
        let status = try CLIRunner.run(["status", "--db", db])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("\nparked       none: every fix taken is committed\n"), "\(status.stdout)")
        withExtendedLifetime(file) {}
    }
}

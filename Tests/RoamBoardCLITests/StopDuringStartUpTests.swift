import Foundation
import Glibc
import RoamStore
import Testing

/// A stop asked for while `record` starts on a real board (systemd's SIGTERM while the database
/// opens, migrates or waits for a lock) ends the recorder once it records; it is not lost.
@Suite struct StopDuringStartUpTests {
    @Test("SIGTERM while record waits to open its database stops it, without a second signal")
    func sigtermWhileTheDatabaseOpensIsNotLost() throws {
        let rig = try RecordOnBoardTests.PtyBoard()
        defer { rig.pty.close(); rig.remove() }
        let db = rig.data.appendingPathComponent("rides.db").path
        do { _ = try RideStore(path: db) }
        // Held in exclusive locking mode, the database cannot even be read by another connection:
        // record then waits in its open (up to its 5 s busy timeout), after its start and before
        // it records. The barrier is this lock, not a sleep.
        let holder = try SQLiteConnection(path: db, mode: .readWrite)
        try holder.execute("PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE meta SET value = value; COMMIT")

        let (p, err, stderr) = try RecordOnBoardTests.startRecord(rig.board)
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }

        // The recorder lock holds its pid once it is taken, right before the database is opened.
        try #require(Self.waitForHolder(of: db + ".lock", pid: p.processIdentifier), "record never took its lock: \(stderr.all)")
        kill(p.processIdentifier, SIGTERM)
        holder.close()

        // Its devices open after the database, whether the stop was kept or lost.
        #expect(stderr.wait(for: "led: gpio open on /dev/gpiochip99 failed"), "\(stderr.all)")
        let stopped = stderr.wait(for: "stopped by signal 15", timeoutS: 20)
        #expect(stopped, "the SIGTERM sent during start-up was lost: \(stderr.all)")
        // Still exiting once it said so: only a recorder that never stopped is killed.
        if !stopped { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        err.fileHandleForReading.readabilityHandler = nil
        #expect(p.terminationReason == .exit && p.terminationStatus == 0, "\(stderr.all)")
    }

    /// Waits until the lock file names `pid` (bounded: a child that never gets there fails the test).
    private static func waitForHolder(of lock: String, pid: Int32) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: lock, encoding: .utf8), text == "\(pid)\n" { return true }
            usleep(1_000)
        }
        return false
    }
}

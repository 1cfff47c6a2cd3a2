import Foundation
import Glibc
import RoamCore
import RoamStore
import RoamTestSupport
import Testing

/// Trials 2 and 3 (P3): storage fails mid-ride — a real full filesystem, then real EIO from
/// fdatasync injected by libfiu — while the bench keeps the receiver talking. The recorder must
/// keep reading, raise the alarm, park in order, show it all in `status`, and land every parked
/// batch in order once storage is back. The bench is held at chosen seconds so each phase
/// starts from a known point: 0-599 healthy, 600-699 while storage fails, 700- after.
@Suite(.serialized) struct StorageFailureTrial {
    /// Runs one trial: `breakStorage` and `repairStorage` are called with the bench held.
    private func run(_ name: String, launcher: [String] = [], dataDir: URL, dir: URL,
                     breakStorage: (_ child: TrialChild, _ db: String) throws -> Void,
                     repairStorage: (_ child: TrialChild, _ db: String) throws -> Void) throws {
        let db = dataDir.appendingPathComponent("rides.db").path
        let hold = dir.appendingPathComponent("hold")
        try TrialVerdict.hold(hold, beforeSecond: 600)
        let child = try TrialVerdict.record(db, holdFile: hold, launcher: launcher)
        #expect(child.waitForStderr(containing: "holding before second 600"))
        #expect(child.waitForAck(through: 599))

        try breakStorage(child, db)
        try TrialVerdict.hold(hold, beforeSecond: 700)
        #expect(child.waitForStderr(containing: "ALARM: storage refused the ride's fixes ("), "\(name): no alarm")
        #expect(child.waitForStderr(containing: "holding before second 700"))
        // All of 600-699 read and parked (not acknowledged), and `status` shows it from another process.
        let status = try TrialVerdict.status(db) { $0.contains("parked       100 fixes kept in memory until storage takes them") }
        #expect(status.contains("parked       100 fixes kept in memory until storage takes them"), "\(name): \(status)")
        #expect(status.contains("alarm        RAISED for ") && status.contains(": storage refused the ride's fixes ("), "\(name): \(status)")
        #expect(status.contains("running (pid \(child.pid))"), "\(name): \(status)")
        #expect(!child.acks.contains { $0.seqs.upperBound >= 600 }, "\(name): acknowledged while storage failed")

        try repairStorage(child, db)
        #expect(child.waitForStderr(containing: "alarm cleared: storage takes the ride's fixes again; the 100 fixes kept in memory are written, in order"), "\(name): no recovery")
        #expect(child.waitForAck(through: 699))
        try TrialVerdict.hold(hold, beforeSecond: nil)
        #expect(child.finish() == 0, "\(name): \(child.stderrLines.suffix(5))")
        let alarm = child.stderrLines.first { $0.contains("ALARM: storage refused") } ?? ""
        print("\(name) trial: \(alarm)")
        print("\(name) trial: alarm raised and cleared, 100 fixes kept in memory written, \(child.acks.count) batches acknowledged")

        try TrialVerdict.assertComplete(db, acks: child.acks)
        let reader = try RideReader(path: db)
        let ride = try #require(try reader.rides().first)
        #expect(ride.parkedCount >= 1)
        let events = try reader.events(ride: ride.id)
        #expect(events.contains { $0.kind == .alarm } && events.contains { $0.kind == .recovered && $0.detail.contains("(100 epochs) land in order from this commit on") })
        let after = try TrialVerdict.roamBoard(["status", "--db", db])
        #expect(after.out.contains("alarm        none"))
    }

    @Test("P3 disk full: a loop-mounted ext4 filled mid-ride; commits fail, nothing is lost, all lands once space is freed")
    func diskFull() throws {
        let dir = try TrialPaths.temporaryDirectory("disk-full")
        defer { TrialPaths.remove(dir) }
        let mount = dir.appendingPathComponent("mnt")
        let filler = mount.appendingPathComponent("filler")
        if let reason = LoopFilesystem.mount(image: dir.appendingPathComponent("fs.img"), at: mount, megabytes: 24) {
            // Fallback: the recorder's file-size limit is lowered mid-ride (prlimit), which fails its writes alike.
            print("disk-full trial: cannot mount a loop filesystem (\(reason)); falling back to RLIMIT_FSIZE")
            try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
            try run("disk-full (RLIMIT_FSIZE)", dataDir: mount, dir: dir,
                    breakStorage: { child, db in
                        try truncateWAL(db)
                        try prlimit(child.pid, fileSize: "4096")
                    },
                    repairStorage: { child, _ in try prlimit(child.pid, fileSize: "unlimited") })
            return
        }
        defer { LoopFilesystem.unmount(mount) }
        try run("disk-full", dataDir: mount, dir: dir,
                breakStorage: { _, db in
                    // Empty the WAL first, so the very next commit needs new blocks (a WAL that already
                    // has room is rewritten in place and would keep working on a full disk for a while).
                    try truncateWAL(db)
                    try LoopFilesystem.fill(filler)
                },
                repairStorage: { _, _ in try FileManager.default.removeItem(at: filler) })
    }

    @Test("P3 I/O error: fdatasync fails with EIO (libfiu) mid-ride; nothing is lost, all lands once it works again",
          .needs(TrialPaths.tool("fiu-run") != nil && TrialPaths.tool("fiu-ctrl") != nil,
            "fiu-run/fiu-ctrl not installed (Debian package fiu-utils; ./scripts/test installs it)"))
    func ioError() throws {
        let fiuRun = try #require(TrialPaths.tool("fiu-run"))
        let fiuCtrl = try #require(TrialPaths.tool("fiu-ctrl"))
        let dir = try TrialPaths.temporaryDirectory("io-error")
        defer { TrialPaths.remove(dir) }
        let control = dir.appendingPathComponent("fiu").path
        func fiu(_ command: String, _ pid: Int32) throws {
            let ctl = try TrialChild(fiuCtrl, ["-f", control, "-c", command, String(pid)])
            #expect(ctl.finish() == 0, "fiu-ctrl \(command): \(ctl.stderrLines)")
        }
        try run("I/O-error", launcher: [fiuRun.path, "-x", "-f", control], dataDir: dir, dir: dir,
                breakStorage: { child, _ in try fiu("enable name=posix/io/sync/fdatasync,failinfo=\(EIO)", child.pid) },
                repairStorage: { child, _ in try fiu("disable name=posix/io/sync/fdatasync", child.pid) })
    }
}

/// Checkpoints the WAL into the database and truncates it to zero bytes (another connection, as
/// any SQLite reader-writer may; the recorder is idle while the bench holds).
private func truncateWAL(_ db: String) throws {
    let connection = try SQLiteConnection(path: db, mode: .readWrite)
    let result = try connection.singleText("PRAGMA wal_checkpoint(TRUNCATE)")
    #expect(result == "0", "checkpoint was busy")
}

private func prlimit(_ pid: Int32, fileSize: String) throws {
    guard let tool = TrialPaths.tool("prlimit") else { throw TrialSetupError(message: "prlimit (util-linux) not found") }
    let child = try TrialChild(tool, ["--pid", String(pid), "--fsize=\(fileSize):\(fileSize)"])
    #expect(child.finish() == 0, "prlimit: \(child.stderrLines)")
}

struct TrialSetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

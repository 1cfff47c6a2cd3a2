import Foundation
import Glibc
import Testing
import RoamStore

/// The drive as a computer reads it, without mounting: mtools lists and copies the files out of the
/// image, dosfstools' fsck.vfat checks the file system (`-n`: never repairs). Rides are recorded
/// from the bench board by the real recorder.
enum DriveProbe {
    static let tools = ["mkfs.vfat", "fsck.vfat", "mcopy", "mdir", "mtype", "mmd"]
    static let isAvailable = tools.allSatisfy { TrialPaths.tool($0) != nil }
    static let skipReason: Comment = "dosfstools or mtools is missing: install Debian's dosfstools and mtools (scripts/test does)"

    struct Run { var status: Int32; var out: String; var err: String }

    static func run(_ tool: String, _ arguments: [String]) throws -> Run {
        let url = try #require(TrialPaths.tool(tool), "\(tool) not installed")
        let child = try TrialChild(url, arguments, environment: ["MTOOLS_SKIP_CHECK": "1"])
        let status = child.finish()
        return Run(status: status, out: child.stdoutLines.joined(separator: "\n"), err: child.stderrLines.joined(separator: "\n"))
    }

    /// fsck.vfat -n: exit 0 and no complaint means a clean FAT file system.
    static func fsck(_ image: String) throws -> Run { try run("fsck.vfat", ["-n", image]) }

    /// The names in ::/Rides, sorted.
    static func rideFiles(_ image: String) throws -> [String] {
        let r = try run("mdir", ["-i", image, "-b", "::/Rides"])
        guard r.status == 0 else { throw TrialSetupError(message: "mdir \(image): \(r.err)") }
        return r.out.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) }.sorted()
    }

    /// The rides whose files are on the drive (`…-ride-N.fit`).
    static func rideIDs(_ image: String) throws -> Set<Int64> {
        Set(try rideFiles(image).compactMap { $0.split(separator: "-").last.flatMap { Int64($0.prefix { $0 != "." }) } })
    }

    /// Copies everything on the drive into `folder` (mcopy -s), returns the folder's Rides path.
    static func copyOut(_ image: String, into folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let r = try run("mcopy", ["-i", image, "-s", "-n", "::/Rides", "::/README.txt", folder.path + "/"])
        guard r.status == 0 else { throw TrialSetupError(message: "mcopy out of \(image): \(r.err)") }
        return folder.appendingPathComponent("Rides")
    }

    static func readme(_ image: String) throws -> String {
        let r = try run("mtype", ["-i", image, "::/README.txt"])
        guard r.status == 0 else { throw TrialSetupError(message: "mtype \(image): \(r.err)") }
        return r.out
    }

    /// Records one bench ride into `db` with the real recorder; returns its id. The bench rig runs
    /// on the wall clock: on a loaded machine (load 15+) it left its ride recording (the receiver
    /// set up again mid-script, the stop never committed) or recorded none, and `record` still exited
    /// 0; a drive test then saw no ride to put on the drive, not the failure it makes. Said here as
    /// what it is. A test that needs a ride, not the recorder, uses `storeRide`.
    @discardableResult
    static func recordBenchRide(_ db: String) throws -> Int64 {
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        guard r.status == 0 else { throw TrialSetupError(message: "record exited \(r.status): \(r.stderr)") }
        let last = try CLIRunner.run(["rides", "--db", db, "--last-id"])
        guard let id = Int64(last.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TrialSetupError(message: "rides --last-id printed '\(last.stdout)'")
        }
        let reader = try RideReader(path: db)
        guard let ride = try reader.ride(id: id), ride.state == .stopped, ride.totals.fixCount > 0 else {
            throw TrialSetupError(message: "the bench recording left ride \(id) unstopped or empty (a loaded machine's bench rig), "
                                  + "not the stopped bench ride this test needs; record said: \(r.stderr)")
        }
        return id
    }

    /// Writes one stopped ride into `db` (made if missing) through `RideStore`, as the pipeline
    /// would, with no recorder and no thread: the same ride on a loaded machine as on an idle one.
    /// `minutes` at 6 m/s, one fix a second: 25 minutes make a FIT under 100 KiB and a GPX over it
    /// (`DriveWordsTests`). `day`: days after `DumpFixture.startUTCms`, so the rides of one database are apart.
    @discardableResult
    static func storeRide(_ db: String, minutes: Int = 25, day: Int64 = 0) throws -> Int64 {
        var script = RideScript(lat: 47.99, lon: 7.84, startUTCms: DumpFixture.startUTCms + day * 86_400_000, barometer: true)
        script.move(seconds: minutes * 60, speedMps: { _ in 6 }, bearingDeg: 35)
        let store = try RideStore(path: db)
        defer { store.close() }
        return try DumpFixture.commit(script, store: store, stop: true).id
    }

    /// A copy of `db` (no process has it open: its WAL is checkpointed) with ride `pruning` handed
    /// over and pruned by the real `prune`: a backup that lacks a ride the original has. Its path.
    static func restorableCopy(of db: String, pruning id: Int64, in dir: URL) throws -> String {
        let copy = dir.appendingPathComponent("backup.db").path
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        // Marked no earlier than the ride's end (`DumpLedger`): a cut-off far ahead takes it, and only it.
        try DumpLedger(path: copy).markDumped(id: id, dumpedUTCms: 1_000)
        let prune = try CLIRunner.run(["prune", "--db", copy, "--dumped-before", "2100-01-01"])
        guard prune.status == 0 else { throw TrialSetupError(message: "prune exited \(prune.status): \(prune.stderr)") }
        return copy
    }

    static func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    /// A tools folder (for `ROAM_DRIVE_TOOLS`) whose `mcopy` runs the shell lines `before`, then
    /// Debian's mcopy with the same arguments: how the tests hold, time or watch a build.
    static func mcopyWrapper(in dir: URL, before: String) throws -> URL {
        let real = try #require(TrialPaths.tool("mcopy")).path
        return try toolScript(in: dir, "mcopy", "\(before)\nexec '\(real)' \"$@\"")
    }

    /// A tools folder (for `ROAM_DRIVE_TOOLS`) in `dir` whose program `name` is the shell `script`.
    static func toolScript(in dir: URL, _ name: String, _ script: String) throws -> URL {
        let tools = dir.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let url = tools.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: url)
        guard chmod(url.path, 0o755) == 0 else { throw TrialSetupError(message: "chmod \(url.path)") }
        return tools
    }

    /// `body` with a temporary folder and a real small tmpfs of `megabytes` mounted in it (fs/),
    /// both gone after; root only.
    static func onSmallCard(_ name: String, megabytes: Int = 100, _ body: (_ dir: URL, _ mountPoint: URL) throws -> Void) throws {
        let dir = try TrialPaths.temporaryDirectory(name)
        defer { TrialPaths.remove(dir) }
        let mountPoint = dir.appendingPathComponent("fs")
        try mountTmpfs(at: mountPoint, megabytes: megabytes)
        defer { LoopFilesystem.unmount(mountPoint) }
        try body(dir, mountPoint)
    }

    /// A real small file system (tmpfs of `megabytes`) mounted at `mountPoint`, created here; root only.
    static func mountTmpfs(at mountPoint: URL, megabytes: Int) throws {
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mount = try TrialChild(try #require(TrialPaths.tool("mount")), ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", mountPoint.path])
        try #require(mount.finish() == 0, "mount -t tmpfs: \(mount.stderrLines)")
    }
}

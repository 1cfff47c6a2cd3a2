import Foundation
import Glibc
import RoamStore
import RoamSystem
import RoamTestSupport
import Testing

/// The readers on a database this user may read but not write beside: another user's data
/// directory (root-owned 0755, the file 0644), a read-only mount (a card in a computer). SQLite
/// cannot create the -shm file a WAL database is read through; reading must work all the same
/// where nothing waits in a -wal, and say what to do where something does.
@Suite struct ReadOnlyReaderTests {
    static func readers(_ f: DumpFixture) -> [[String]] {
        [["rides"], ["show", "--ride", "\(f.a.id)"], ["check"], ["status"], ["dump", "--ride", "\(f.a.id)", "--format", "gpx"]]
    }

    @Test
    func aUserWhoMayNotWriteTheFolderReadsWithEveryReader() throws {
        let f = try DumpFixture.make()
        defer { ReaderWithoutWrite.unlock(f.directory); f.remove() }
        try ReaderWithoutWrite.lock(f.directory)
        let read = try Self.readers(f).map { try ReaderWithoutWrite.run($0 + ["--db", f.dbPath]) }
        #expect(!FileManager.default.fileExists(atPath: f.dbPath + "-shm"))
        // Each reader says what it says to the folder's owner (dump last: the owner's marks the ride dumped).
        ReaderWithoutWrite.unlock(f.directory)
        for (command, r) in zip(Self.readers(f), read) {
            let owner = try CLIRunner.run(command + ["--db", f.dbPath])
            #expect(r.status == owner.status, "\(command[0]): \(r.stderr)")
            #expect(!r.stdout.isEmpty && !r.stdout.contains("unreadable"), "\(command[0]): \(r.stdout)\(r.stderr)")
            if command[0] != "status" { #expect(r.stdout == owner.stdout, "\(command[0]) read otherwise: \(r.stdout)") }
        }

        // A live writer (the recorder, as the folder's owner): its commit, still only in the -wal, is read.
        ReaderWithoutWrite.unlock(f.directory)
        let store = try RideStore(path: f.dbPath)
        try store.stopRide(id: f.c.id, endedUTCms: f.c.fixes.last?.utcMs)
        try ReaderWithoutWrite.lock(f.directory)
        let status = try ReaderWithoutWrite.run(["status", "--db", f.dbPath])
        store.close()
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("ride         none recording"), "the stop committed into the -wal was not read: \(status.stdout)")
    }

    @Test
    func commitsLeftInAWalWithoutItsShmAreRefusedInWords() throws {
        let f = try DumpFixture.make()
        let copy = f.directory.appendingPathComponent("copy")
        defer { ReaderWithoutWrite.unlock(copy); f.remove() }
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
        // A copy taken while a writer had its last commit in the -wal, without the -shm.
        let store = try RideStore(path: f.dbPath)
        try store.stopRide(id: f.c.id, endedUTCms: f.c.fixes.last?.utcMs)
        let copied = copy.appendingPathComponent("rides.db").path
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: f.dbPath + suffix, toPath: copied + suffix) }
        store.close()
        try #require(try FileSystem.size(copied + "-wal") > 0)
        try ReaderWithoutWrite.lock(copy)
        let r = try ReaderWithoutWrite.run(["rides", "--db", copied])
        #expect(r.status == 74, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("its last commits are in \(copied)-wal"), "\(r.stderr)")
        #expect(r.stderr.contains("copy \(copied) and \(copied)-wal together into a folder you may write"), "\(r.stderr)")
    }

    // As root (CI) the mount is required to work: a failing mount fails the test, it does not skip it.
    @Test(.needs(geteuid() == 0, "a read-only bind mount needs root"))
    func aDatabaseOnAReadOnlyMountIsReadWithEveryReader() throws {
        let f = try DumpFixture.make()
        let mountPoint = try CLIRunner.temporaryDirectory()
        defer { ReadOnlyMount.unmount(mountPoint); try? FileManager.default.removeItem(at: mountPoint); f.remove() }
        try #require(ReadOnlyMount.mount(f.directory, at: mountPoint) == nil)
        let db = mountPoint.appendingPathComponent("rides.db").path
        let read = try Self.readers(f).map { try CLIRunner.run($0 + ["--db", db]) }
        ReadOnlyMount.unmount(mountPoint)
        for (command, r) in zip(Self.readers(f), read) {
            let writable = try CLIRunner.run(command + ["--db", f.dbPath])
            #expect(r.status == writable.status, "\(command[0]): \(r.stderr)")
            #expect(!r.stdout.isEmpty && !r.stdout.contains("unreadable"), "\(command[0]): \(r.stdout)\(r.stderr)")
            if command[0] != "status" { #expect(r.stdout.replacingOccurrences(of: db, with: f.dbPath) == writable.stdout, "\(command[0]) read otherwise: \(r.stdout)") }
        }
    }
}

/// Runs roam-board as a user who may read a folder but not write it: as root, `nobody` through
/// setpriv (the test's folders are root's, 0755); as anyone else, this user with the folder at 0555.
enum ReaderWithoutWrite {
    static let nobody: (uid: uid_t, gid: gid_t)? = getpwnam("nobody").map { ($0.pointee.pw_uid, $0.pointee.pw_gid) }

    static func lock(_ folder: URL) throws {
        // Root's folder already refuses nobody; the file must stay readable to the reader.
        guard chmod(folder.path, geteuid() == 0 ? 0o755 : 0o555) == 0 else { throw TrialSetupError(message: "chmod \(folder.path): errno \(errno)") }
    }

    static func unlock(_ folder: URL) { chmod(folder.path, 0o755) }

    static func run(_ arguments: [String]) throws -> CLIRunner.Result {
        guard geteuid() == 0 else { return try CLIRunner.run(arguments) }
        let setpriv = try #require(TrialPaths.tool("setpriv"))
        let user = try #require(nobody)
        let drop = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", CLIRunner.binary.path]
        let version = try CLIRunner.run(drop + ["--version"], executable: setpriv)
        try #require(version.status == 0, "nobody cannot run \(CLIRunner.binary.path): \(version.stderr)")
        return try CLIRunner.run(drop + arguments, executable: setpriv)
    }
}

/// A read-only bind mount of a folder, as a card mounted read-only: even root may not write it.
enum ReadOnlyMount {
    /// Mounts `folder` read-only at `mountPoint`; why not, or nil.
    static func mount(_ folder: URL, at mountPoint: URL) -> String? {
        guard geteuid() == 0 else { return "not root" }
        do {
            let bind = try HostileFixtures.tool("mount", ["--bind", folder.path, mountPoint.path])
            guard bind.status == 0 else { return "mount --bind: \(bind.stderr)" }
            let readOnly = try HostileFixtures.tool("mount", ["-o", "remount,bind,ro", mountPoint.path])
            guard readOnly.status == 0 else { unmount(mountPoint); return "remount ro: \(readOnly.stderr)" }
        } catch {
            return "\(error)"
        }
        return access(mountPoint.path, W_OK) != 0 ? nil : "\(mountPoint.path) is still writable"
    }

    static func unmount(_ mountPoint: URL) { _ = try? HostileFixtures.tool("umount", [mountPoint.path]) }
}

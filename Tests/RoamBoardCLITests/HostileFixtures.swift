import Foundation
import Glibc
@testable import RoamStore
import RoamSimulator

/// Set-up for the hostile-input tests: a real database recorded by the bench board, the bytes and
/// mtime of a file (to prove a command never wrote to it), and ways to damage a database.
enum HostileFixtures {
    /// Records the bench board's scripted ride into `dir/rides.db` and returns its path.
    /// The WAL is then checkpointed into the main file, so damage to that file is damage to every ride.
    static func recordedDatabase(in dir: URL) throws -> String {
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        guard r.status == 0 else { throw TrialSetupError(message: "record exited \(r.status): \(r.stderr)") }
        do {
            let writer = try SQLiteConnection(path: db, mode: .readWrite)
            try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        guard !FileManager.default.fileExists(atPath: db + "-wal") || size(of: db + "-wal") == 0 else {
            throw TrialSetupError(message: "\(db)-wal still holds commits; damaging the main file would not be the whole story")
        }
        return db
    }

    struct Snapshot: Equatable {
        var bytes: Data
        var mtimeSeconds: Int
        var mtimeNanoseconds: Int
    }

    static func snapshot(_ path: String) throws -> Snapshot {
        var st = stat()
        guard stat(path, &st) == 0 else { throw TrialSetupError(message: "stat \(path): errno \(errno)") }
        return Snapshot(bytes: try Data(contentsOf: URL(fileURLWithPath: path)),
                        mtimeSeconds: st.st_mtim.tv_sec, mtimeNanoseconds: st.st_mtim.tv_nsec)
    }

    static func size(of path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : -1
    }

    static func pageSize(_ path: String) throws -> Int {
        // Bytes 16-17 of the header, big-endian; the value 1 means 65536.
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(18)
        let raw = Int(header[16]) << 8 | Int(header[17])
        return raw == 1 ? 65_536 : raw
    }

    /// Cuts the file to half its pages: the rows of the later pages are gone.
    static func truncateToHalf(_ path: String) throws {
        let page = try pageSize(path)
        let pages = size(of: path) / page
        guard pages >= 4 else { throw TrialSetupError(message: "\(path) has only \(pages) pages") }
        guard truncate(path, off_t(pages / 2 * page)) == 0 else { throw TrialSetupError(message: "truncate \(path): errno \(errno)") }
    }

    /// Overwrites one whole page in the middle of the file with seeded pseudo-random bytes.
    static func garblePage(_ path: String, seed: UInt64) throws -> Int {
        let page = try pageSize(path)
        let pages = size(of: path) / page
        guard pages >= 4 else { throw TrialSetupError(message: "\(path) has only \(pages) pages") }
        let index = pages / 2
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(index * page))
        try handle.write(contentsOf: randomBytes(page, seed: seed))
        try handle.synchronize()
        return index
    }

    /// The simulator's SplitMix64: the same bytes on every run, so a failure can be reproduced.
    static func randomBytes(_ count: Int, seed: UInt64) -> Data {
        var generator = SeededGenerator(seed: seed)
        var data = Data(capacity: count + 8)
        while data.count < count {
            let z = generator.next()
            withUnsafeBytes(of: z) { data.append(contentsOf: $0) }
        }
        return data.prefix(count)
    }

    /// Sets `meta.schema_version` as newer code would have left it.
    static func setSchemaVersion(_ path: String, to version: Int) throws {
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        let update = try db.prepare("UPDATE meta SET value = ?1 WHERE key = 'schema_version'")
        try update.bind(String(version), at: 1)
        try update.run()
        guard db.changes == 1 else { throw TrialSetupError(message: "\(path) has no schema_version row") }
    }

    /// Runs a tool to completion; returns its exit status and standard error.
    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        guard let url = TrialPaths.tool(name) else { return (127, "\(name) not installed") }
        let child = try TrialChild(url, arguments)
        let status = child.finish()
        return (status, child.stderrLines.joined(separator: " "))
    }
}

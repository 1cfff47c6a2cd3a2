import Foundation
import Testing
import RoamSystem
@testable import RoamStore

@Suite struct SQLiteErrorTests {
    @Test("The description has one fixed shape: code, name, message, statement, database")
    func descriptionShape() {
        let error = SQLiteError(code: .full, message: "database or disk is full", sql: FixColumns.insert, path: "/data/rides.db")
        #expect(error.description
            == "SQLite error 13 (SQLITE_FULL): database or disk is full, while executing 'INSERT INTO fixes …' on /data/rides.db")
        #expect(error.isFull && !error.isIOError && !error.isBusy && !error.isCorrupt)
    }

    @Test("Extended codes keep their number and name and match their primary code")
    func extendedCodes() {
        let fsync = ResultCode(rawValue: 1034)
        #expect(fsync.name == "SQLITE_IOERR_FSYNC")
        #expect(fsync.primary == .ioError)
        #expect(SQLiteError(code: fsync, message: "disk I/O error", path: "/x").isIOError)
        #expect(ResultCode.ioError ~= fsync)
        #expect(!(ResultCode.constraintPrimaryKey ~= ResultCode.constraintTrigger))
        #expect(ResultCode(rawValue: 5 | (99 << 8)).name == "SQLITE_BUSY")
        let described = SQLiteError(code: fsync, message: "disk I/O error", sql: "COMMIT", path: "/x").description
        #expect(described == "SQLite error 10 (SQLITE_IOERR_FSYNC, extended 1034): disk I/O error, while executing 'COMMIT' on /x")
    }

    /// ENOSPC after a write, a truncate or a -shm sizing is a full card; after a read no system call
    /// failed for want of room (a short read sets none), and an errno left from earlier says nothing.
    @Test("An I/O error is full by its errno only where a write could have met it")
    func fullOnlyWhereAWriteFailed() {
        let noRoom = Errno(rawValue: ENOSPC)
        #expect(SQLiteError(code: ResultCode(rawValue: 4874), message: "disk I/O error", path: "/x", systemErrno: noRoom).isFull)  // SHMSIZE
        #expect(SQLiteError(code: ResultCode(rawValue: 778), message: "disk I/O error", path: "/x", systemErrno: noRoom).isFull)   // WRITE
        let shortRead = SQLiteError(code: ResultCode(rawValue: 522), message: "disk I/O error", path: "/x", systemErrno: noRoom)
        #expect(!shortRead.isFull && shortRead.isIOError)
        #expect(!SQLiteError(code: ResultCode(rawValue: 266), message: "disk I/O error", path: "/x", systemErrno: noRoom).isFull)  // READ
    }

    @Test("Opening in a missing directory fails with SQLITE_CANTOPEN and names the path")
    func cantOpenNamesThePath() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("missing/rides.db")
        let error = try requireError(SQLiteError.self) { try RideStore(path: path) }
        #expect(error.code.primary == .cantOpen)
        #expect(error.description.hasSuffix(" on \(path)"))
    }

    @Test("A file that is not a database is reported as corrupt")
    func garbageFileIsCorrupt() throws {
        let dir = try TemporaryDirectory()
        try Array(repeating: UInt8(0x5A), count: 8192).withUnsafeBytes { bytes in
            try Data(bytes).write(to: dir.url.appendingPathComponent("rides.db"))
        }
        let error = try requireError(SQLiteError.self) { try RideStore(path: dir.path()) }
        #expect(error.isCorrupt)
    }
}

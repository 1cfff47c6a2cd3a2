import CSQLite
import RoamSystem

extension SQLiteConnection {
    /// Makes the WAL file as long as it will be once it holds `frames` frames, by writing zeros past
    /// its end through SQLite's own handle on it, then syncing it once. Returns the bytes added (0 when
    /// it was long enough already), or nil when the WAL holds no frame yet (or there is no WAL).
    ///
    /// Why: a commit that appends past the WAL's end changes the file's size and its block map, and
    /// ext4 writes those synchronously inside the commit's `fdatasync`: about 1 of its 4 waits a
    /// commit, until the WAL first reaches `wal_autocheckpoint` frames (5 minutes at 1 Hz, after every
    /// start) and is then reused in place (docs/BENCHMARKS.md, "A WAL with room"). Written in place of
    /// zeros, a commit's sync is its data and the disk's flush.
    ///
    /// Safe at any moment, including a power cut half-way: only bytes past the file's end are
    /// written, inside a write transaction (no other writer may append meanwhile), and zeros are never
    /// a valid frame, so SQLite's recovery stops at them as it stops at a restarted WAL's old frames.
    /// Only past a frame: an empty WAL stays empty, so a reader that takes a WAL with bytes for one
    /// holding commits (`holdsCommitsBeside`) is not misled by a header of zeros. SQLite's own handle
    /// is used, so the writes go where SQLite writes, with its error codes.
    public func makeWALRoom(frames: Int) throws(SQLiteError) -> Int64? {
        try inTransaction { () throws(SQLiteError) -> Int64? in
            guard let file = walFile(), let methods = file.pointee.pMethods?.pointee,
                  let fileSize = methods.xFileSize, let write = methods.xWrite, let sync = methods.xSync else { return nil }
            let pageSize = try singleText("PRAGMA page_size").flatMap { Int64($0) } ?? 0
            guard try singleText("PRAGMA journal_mode")?.lowercased() == "wal", pageSize > 0 else { return nil }
            // The WAL's layout (sqlite.org/fileformat.html §4.1): a 32-byte header, then frames of a
            // 24-byte header and one page.
            let target = 32 + Int64(frames) * (24 + pageSize)
            var size: sqlite3_int64 = 0
            try check(fileSize(file, &size), "the WAL's size")
            guard size >= 32 + 24 + pageSize else { return nil }
            guard size < target else { return 0 }
            // One page per write: a larger write leaves large folios in the page cache (ext4 on Linux
            // 6.16 and later), and each commit then dirties and writes back a whole folio: 64 KiB
            // chunks tripled the bytes a 1 Hz ride wrote (docs/BENCHMARKS.md, "A WAL with room").
            let chunk = [UInt8](repeating: 0, count: MemoryPage.bytes)
            var offset = size
            do throws(SQLiteError) {
                while offset < target {
                    let page = Int64(chunk.count)
                    let n = Int32(min(page - offset % page, target - offset))
                    try check(chunk.withUnsafeBytes { write(file, $0.baseAddress, n, offset) }, "zeros past the WAL's end")
                    offset += Int64(n)
                }
                try check(sync(file, SQLITE_SYNC_NORMAL | SQLITE_SYNC_DATAONLY), "syncing the WAL")
            } catch {
                // Cut back to what it was: the room taken so far is not left to the commits that need it.
                _ = methods.xTruncate?(file, size)
                throw error
            }
            return target - size
        }
    }

    /// Bytes in the WAL file now, nil without one (`SQLITE_FCNTL_JOURNAL_POINTER`: the WAL in WAL mode).
    public func walFileBytes() -> Int64? {
        guard let file = walFile(), let fileSize = file.pointee.pMethods?.pointee.xFileSize else { return nil }
        var size: sqlite3_int64 = 0
        return fileSize(file, &size) == SQLITE_OK ? size : nil
    }

    private func walFile() -> UnsafeMutablePointer<sqlite3_file>? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file) == SQLITE_OK else { return nil }
        return file
    }

    private func check(_ rc: Int32, _ what: String) throws(SQLiteError) {
        guard rc != SQLITE_OK else { return }
        throw SQLiteError(code: ResultCode(rawValue: rc), message: "\(what): \(String(cString: sqlite3_errstr(rc)))", path: path + "-wal")
    }
}

import CSQLite
import RoamCore

/// Streams one ride's fixes in `seq` order, one `sqlite3_step` per fix, so `dump` of a
/// ten-hour ride uses the memory of one row.
///
/// While a cursor is open it holds a read snapshot, which keeps the WAL from being checkpointed
/// past it; read to the end or drop the cursor promptly.
public final class FixCursor {
    private let statement: SQLiteStatement
    private let path: String
    /// Result column of the receiver's text, or nil when the caller does not want it.
    private let nmeaColumn: Int32?
    private var isFinished = false

    /// - `excludingFlags`: rows with any of these flags are skipped by SQLite before they are decoded;
    /// - `keepingFlags`: rows with any of these flags are read even if `excludingFlags` matches;
    /// - `withNMEA: false`: `epoch.sentences` stays empty and the text is never read;
    /// - `newestFirst`: in descending `seq` order instead.
    init(connection: SQLiteConnection, rideID: Int64, excludingFlags: FixFlags = [], keepingFlags: FixFlags = [],
         withNMEA: Bool = true, newestFirst: Bool = false) throws(SQLiteError) {
        // The text column is selected last and split here on its bytes: `FixColumns.read` would
        // split a String by Characters, which cost more than all the other columns together.
        let columns = FixColumns.namesWithoutNMEA + (withNMEA ? ["nmea"] : [])
        statement = try connection.prepare("SELECT \(columns.joined(separator: ", ")) FROM fixes "
            + "WHERE \(FixKey.ride("?1")) AND ((flags & ?2) = 0 OR (flags & ?3) != 0) ORDER BY fix_key\(newestFirst ? " DESC" : "")")
        path = connection.path
        nmeaColumn = withNMEA ? Int32(FixColumns.names.count) : nil
        try statement.bind(rideID, at: 1)
        try statement.bind(excludingFlags.rawValue, at: 2)
        try statement.bind(keepingFlags.rawValue, at: 3)
    }

    /// The next fix, or nil after the last one. Throws `SQLiteError` or `StoreError`.
    public func next() throws -> FixRecord? {
        guard !isFinished else { return nil }
        guard try statement.step() else {
            finish()
            return nil
        }
        return try current()
    }

    /// Calls `body` with each remaining fix. Pushing rows spares what pulling them through
    /// `next()` costs: a fix is several hundred bytes, and an optional one is copied once more.
    func forEachRemaining(_ body: (FixRecord) throws -> Void) throws {
        while !isFinished {
            guard try statement.step() else { return finish() }
            guard let nmeaColumn else {
                try body(try FixColumns.read(statement, path: path))
                continue
            }
            var fix = try FixColumns.read(statement, path: path)
            fix.epoch.sentences = try sentences(at: nmeaColumn, of: fix)
            try body(fix)
        }
    }

    private func current() throws(StoreError) -> FixRecord {
        var fix = try FixColumns.read(statement, path: path)
        if let nmeaColumn { fix.epoch.sentences = try sentences(at: nmeaColumn, of: fix) }
        return fix
    }

    /// Releases the read snapshot now rather than at deinit.
    func finish() {
        isFinished = true
        statement.reset()
    }

    /// The stored text (unpacked first when it is a BLOB) split at each "\n" (the joint `FixColumns.bind` puts between sentences,
    /// which never contain one); empty text is no sentence at all.
    private func sentences(at column: Int32, of fix: FixRecord) throws(StoreError) -> [String] {
        if statement.isBlob(at: column) {
            do throws(PackedText.Failure) {
                return try FixColumns.sentences(StoredValue(statement: statement, index: column))
            } catch {
                throw .corruptRow(table: "fixes", detail: "ride \(fix.rideID) seq \(fix.seq) has nmea that \(error)", path: path)
            }
        }
        guard let text = sqlite3_column_text(statement.handle, column) else { return [] }
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement.handle, column)))
        guard !bytes.isEmpty else { return [] }
        var out: [String] = []
        out.reserveCapacity(8)  // an epoch is a handful of sentences; spares regrowing from one
        var start = 0
        while let joint = Self.firstLineFeed(in: bytes, from: start) {
            out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<joint]), as: UTF8.self))
            start = joint + 1
        }
        out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        return out
    }

    /// The index of the first "\n" at or after `start`, eight bytes per step (a sentence is some 70).
    private static func firstLineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var i = start
        while i + 8 <= bytes.count {
            let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            // Nonzero exactly when one of the eight bytes of x is zero, that is a line feed in the word.
            if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] == 0x0A { return i }
            i += 1
        }
        return nil
    }
}

/// On a damaged database, which rides can still be read completely: every fix and every event of
/// the ride read back without SQLite finding a damaged page. A ride read whole can be dumped as it
/// is; the others are named, so a rider knows what a damaged card still holds.
public enum RideRescue {
    public struct Ride: Sendable, Equatable {
        public var id: Int64
        public var state: RideRow.State
        /// Fixes read before the end or the damage.
        public var fixesRead: Int
        /// nil when the whole ride was read; else what stopped it, in words.
        public var damage: String?
        public var isReadable: Bool { damage == nil }
    }

    /// What a damaged file still holds: its rides, each read whole or not, or, when not even the list
    /// of rides can be read, why (in words, as each ride's damage is said).
    public enum Survey: Sendable, Equatable {
        case rides([Ride])
        case noList(why: String)
    }

    public static func survey(_ reader: RideReader) -> Survey {
        let rows: [RideRow]
        do { rows = try reader.rides() } catch { return .noList(why: words(error)) }
        return .rides(rows.map { row in
            var read = 0
            do {
                try reader.forEachFix(ride: row.id) { _ in read += 1 }
                _ = try reader.events(ride: row.id)
                return Ride(id: row.id, state: row.state, fixesRead: read, damage: nil)
            } catch {
                return Ride(id: row.id, state: row.state, fixesRead: read, damage: words(error))
            }
        })
    }

    /// A damaged page as that; any other failure (an I/O error, a row this code cannot decode) by
    /// `StorageWords`, the store's one way to say a database failure without SQLite's codes.
    static func words(_ error: any Error) -> String {
        if let e = error as? SQLiteError, e.isCorrupt { return "a damaged page" }
        return StorageWords.of(error)
    }
}

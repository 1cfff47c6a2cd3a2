import RoamCore

/// On a damaged database, which rides can still be read completely: every fix and every event of
/// the ride read back without SQLite finding a damaged page. A ride read whole can be dumped as it
/// is; the others are named, so a rider knows what a damaged card still holds.
public enum RideRescue {
    public struct Ride: Sendable, Equatable {
        public var id: Int64
        /// nil when the ride's row is lost and its events cannot be read.
        public var state: RideRow.State?
        /// Fixes read before the end or the damage.
        public var fixesRead: Int
        /// nil when the whole ride was read; else what stopped it, in words.
        public var damage: String?
        /// Found from its fixes and events with its own row unreadable (in the damage, or gone).
        public var rowLost = false
        public var isReadable: Bool { damage == nil }

        /// How far it can be read, as `check` lists it and every command that met its damage says it:
        /// "can be read completely, 2191 fixes", or "cannot be read completely: a damaged page after 412 fixes".
        public var readability: String {
            let fixes = Plural.count(fixesRead, "fix", "fixes")
            return damage.map { "cannot be read completely: \($0) after \(fixes)" } ?? "can be read completely, \(fixes)"
        }
    }

    /// The command that saves every ride still readable whole from a damaged file, and names the others.
    public static let dumpAll = dumpAll(database: nil)

    /// The same command for a database not at the board's own path (`--db`, shown as the rider gave it).
    public static func dumpAll(database shown: String?) -> String {
        "roam-board dump" + (shown.map { " --db \($0)" } ?? "") + " --all --format fit -o DIR/"
    }

    /// What a rider does about a damaged file, said by every command that meets one.
    public static let whatToDo = "'\(dumpAll)' saves every ride that can still be read whole and names the others; "
        + "'roam-board check' lists them"

    /// Ride `id` read again as `check` reads it (events, then fixes), after a command's read of it met
    /// a damaged page: how many of its fixes come before the damage. `state` is its row's, when read.
    public static func reread(_ reader: RideReader, id: Int64, state: RideRow.State?) -> Ride {
        read(reader, id: id, listed: state)
    }

    /// What a damaged file still holds: its rides, each read whole or not; when the list of rides
    /// cannot be read, the rides its fixes and events name (`foundFromFixes`, with why the list could
    /// not be read); when not even those can be, why (in words, as each ride's damage is said).
    public enum Survey: Sendable, Equatable {
        case rides([Ride])
        case foundFromFixes(why: String, [Ride], complete: Bool)
        case noList(why: String)
    }

    /// SQLite's quick check (every page read, every b-tree's shape; not the indexes against their
    /// tables): true when it says "ok", false when it finds damage or runs into it. Its own lines,
    /// page numbers and b-tree internals, are for no rider: `survey` says what the damage costs.
    public static func passesQuickCheck(_ reader: RideReader) throws(SQLiteError) -> Bool {
        do throws(SQLiteError) {
            let quick = try reader.connection.prepare("PRAGMA quick_check")
            var lines: [String] = []
            while try quick.step() { lines.append(quick.text(at: 0)) }
            quick.reset()
            return lines == ["ok"]
        } catch {
            guard error.isCorrupt else { throw error }
            return false
        }
    }

    public static func survey(_ reader: RideReader) -> Survey {
        let rows: [RideRow]
        do { rows = try reader.rides() } catch {
            let why = words(error)
            do {
                let found = try rideIDs(reader)
                return .foundFromFixes(why: why, found.ids.map { id in
                    // A row that cannot be read (whatever stopped it) is lost to this survey, which goes on.
                    let row: RideRow?
                    do { row = try listedRow(reader, id: id) } catch { row = nil }
                    var ride = read(reader, id: id, listed: row?.state)
                    ride.rowLost = row == nil
                    return ride
                }, complete: found.complete)
            } catch {
                return .noList(why: why)
            }
        }
        return .rides(rows.map { read(reader, id: $0.id, listed: $0.state) })
    }

    /// Ride `id` read whole (fixes and events), or how far and what stopped it. Without its row
    /// (`listed` nil), it was stopped if a stop event was stored; without one it was recording when
    /// the card was damaged, or lost its stop with it; not known when its events cannot be read.
    private static func read(_ reader: RideReader, id: Int64, listed: RideRow.State?) -> Ride {
        var read = 0
        var state = listed
        do {
            // The events first: a ride whose fixes run into the damage is still said stopped or not.
            let events = try reader.events(ride: id)
            if state == nil { state = events.contains { $0.kind == .stop } ? .stopped : .recording }
            try reader.forEachFix(ride: id) { _ in read += 1 }
            return Ride(id: id, state: state, fixesRead: read, damage: nil)
        } catch {
            return Ride(id: id, state: state, fixesRead: read, damage: words(error))
        }
    }

    /// A damaged page as that; any other failure (an I/O error, a row this code cannot decode) by
    /// `StorageWords`, the store's one way to say a database failure without SQLite's codes.
    static func words(_ error: any Error) -> String {
        if let e = error as? SQLiteError, e.isCorrupt { return "a damaged page" }
        return StorageWords.of(error)
    }
}

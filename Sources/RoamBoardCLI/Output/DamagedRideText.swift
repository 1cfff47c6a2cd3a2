import RoamStore
import RoamSystem

/// A command's read of one ride that met a damaged page, said as `check` says it (`RideRescue`): which
/// ride, how far it can still be read, and what to do. SQLite's own "damaged or not a roam-board
/// database" names neither the ride nor a way out.
enum DamagedRideText {
    /// Whether `error` is SQLite finding a damaged page.
    static func isDamage(_ error: any Error) -> Bool { (error as? SQLiteError)?.isCorrupt ?? false }

    /// "ride 3 cannot be read completely: a damaged page after 412 fixes": the ride read again as
    /// `check` reads it. `state` is its row's, when that was read.
    static func sentence(_ reader: RideReader, id: Int64, state: RideRow.State?) -> String {
        let ride = RideRescue.reread(reader, id: id, state: state)
        // Its fixes and events read whole again: the damage is in something else read for it.
        guard !ride.isReadable else { return "ride \(id)'s fixes and events can be read, but a page read with them is damaged" }
        return "ride \(id) \(ride.readability)"
    }

    /// The failure of `show` and `view` on a damaged ride: that ride, then what to do.
    static func error(_ reader: RideReader, id: Int64, state: RideRow.State?) -> CLIError {
        CLIError(description: "\(FilePath.shown(reader.path)) is damaged: \(sentence(reader, id: id, state: state)). \(RideRescue.whatToDo)",
                 status: ExitStatus.dataError)
    }

    /// Runs `body`, a command's reads of ride `id`; a damaged page met there ends the command with `error`.
    static func reading<T>(_ reader: RideReader, id: Int64, state: RideRow.State?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            guard isDamage(error) else { throw error }
            throw self.error(reader, id: id, state: state)
        }
    }
}

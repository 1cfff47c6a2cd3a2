import RoamStore
import RoamSystem

/// `selftest`'s look at the recorder's database, when there is one: SQLite's quick check (every page
/// read, every b-tree's shape). A damaged file still takes a recorder's writes, and a ride recorded
/// into it can be lost with it, while nothing else says so before `check` is run: a FAIL, with what
/// still reads whole and how to start a new file while keeping the old one. SQLite's own lines
/// (page numbers, b-tree internals) are never shown: `check` names the rides in words.
enum DatabaseCheck {
    /// nil when there is no database yet (the first `record` creates it).
    static func result(database: String) -> ProbeResult? {
        let name = "database \(FilePath.shown(database))"
        do {
            guard try FileSystem.kind(database) != nil else { return nil }
        } catch {
            return ProbeResult(name, ok: false, "cannot be looked at: \(error.reason)")
        }
        let reader: RideReader
        do { reader = try RideReader(path: database) } catch { return ProbeResult(name, ok: false, "\(error)") }
        do {
            if try RideRescue.passesQuickCheck(reader) { return ProbeResult(name, ok: true, "intact (SQLite's quick check read every page)") }
        } catch {
            return ProbeResult(name, ok: false, "\(error)")
        }
        return ProbeResult(name, ok: false, damaged(reader, database))
    }

    /// What a rider does with a damaged file, with what it still holds (`RideRescue`).
    private static func damaged(_ reader: RideReader, _ database: String) -> String {
        let shown = FilePath.shown(database)
        let holds: String
        switch RideRescue.survey(reader) {
        case .rides(let rides), .foundFromFixes(_, let rides, _):
            holds = "\(rides.filter(\.isReadable).count) of \(rides.count) rides can still be read in full"
        case .noList:
            holds = "its list of rides cannot be read"
        }
        return "damaged (SQLite's quick check): \(holds) ('roam-board check --db \(shown)' names them). Save them "
            + "(roam-board dump --db \(shown) --all --format fit -o DIR/), then move the file aside with its -wal and -shm "
            + "(mv \(shown) \(shown).damaged): the next 'record' starts a new one, and the old stays readable by --db."
    }
}

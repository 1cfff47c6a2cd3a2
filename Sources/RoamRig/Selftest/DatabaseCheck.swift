import RoamCore
import RoamStore
import RoamSystem

/// `selftest`'s look at the recorder's database, when there is one: SQLite's quick check (every page
/// read, every b-tree's shape). A damaged file goes unnoticed otherwise until `check` is run. It is
/// a NOTE, not a FAIL: the devices are what `selftest` gates the recorder on (roam-board-enable starts
/// nothing after a FAIL and sends the rider to the wiring), and recording into a damaged file loses
/// nothing silently (a commit the damage refuses raises the alarm and is parked, P2). The words say
/// what still reads whole and how to save it; SQLite's own lines (page numbers, b-tree internals)
/// are never shown.
enum DatabaseCheck {
    /// nil when there is no database yet (the first `record` creates it). `saying` gets one line as
    /// the quick check starts: what it reads and about how long, since its result comes only after.
    static func result(database: String, saying: (String) -> Void = { _ in }) -> ProbeResult? {
        let name = "database \(FilePath.shown(database))"
        let bytes: Int64
        do {
            guard try FileSystem.kind(database) != nil else { return nil }
            bytes = try FileSystem.size(database)
        } catch {
            // The data folder of the recorder's user, which this one may not enter: theirs to check.
            if error.errno == .accessDenied, let barring = FolderOwner.barring(database), let other = DeviceProbe.anotherUsers(barring) {
                return ProbeResult(name, ok: false, "cannot be looked at: \(error.errno.words): " + other)
            }
            return ProbeResult(name, ok: false, "cannot be looked at: \(error.reason)")
        }
        let reader: RideReader
        do {
            reader = try RideReader(path: database)
        } catch let error as SQLiteError where error.isCorrupt {
            return .note(name, "damaged: it cannot be read as a roam-board database at all. " + save(database, checked: false))
        } catch {
            // A newer roam-board's, locked, unreadable: `record` refuses it in the same words.
            return ProbeResult(name, ok: false, StorageWords.of(error))
        }
        saying(announcement(database, bytes: bytes))
        do {
            if try RideRescue.passesQuickCheck(reader) { return ProbeResult(name, ok: true, "intact (SQLite's quick check read every page)") }
        } catch {
            return ProbeResult(name, ok: false, StorageWords.of(error))
        }
        return .note(name, "damaged (SQLite's quick check): \(holds(reader)). " + save(database, checked: true))
    }

    /// "checking rides.db (1.2 GiB): SQLite's quick check reads the whole file, about 1 min on a Pi's SD card".
    static func announcement(_ database: String, bytes: Int64) -> String {
        "checking \(FilePath.shown(database)) (\(ByteSize.text(bytes))): SQLite's quick check reads the whole file, " + duration(bytes)
    }

    /// At about 20 MB/s, what a Pi Zero 2 W reads from its SD card a file not in its page cache (a
    /// season's 1.2 GB: 30 to 90 s).
    private static func duration(_ bytes: Int64) -> String {
        let seconds = bytes / 20_000_000
        if seconds < 5 { return "a few seconds at most" }
        if seconds < 90 { return "about \(seconds) s on a Pi's SD card" }
        return "about \((seconds + 30) / 60) min on a Pi's SD card"
    }

    /// What the damaged file still holds (`RideRescue`).
    private static func holds(_ reader: RideReader) -> String {
        switch RideRescue.survey(reader) {
        case .rides(let rides), .foundFromFixes(_, let rides, _):
            return "\(rides.filter(\.isReadable).count) of \(rides.count) rides can still be read in full"
        case .noList:
            return "its list of rides cannot be read"
        }
    }

    /// How to save what it holds; the file is left where it is (moved without its -wal, a stopped
    /// recorder's last commits would be lost with it).
    private static func save(_ database: String, checked: Bool) -> String {
        let shown = FilePath.shown(database)
        return (checked ? "'roam-board check --db \(shown)' names them. " : "")
            + "Save what can be read now (\(RideRescue.dumpAll(database: shown)), to a folder off this card). "
            + "Recording goes on into this file; a commit the damage refuses raises the alarm and is kept."
    }
}

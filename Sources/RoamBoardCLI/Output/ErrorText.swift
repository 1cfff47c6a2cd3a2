import Glibc
import RoamCore
import RoamDrive
import RoamStore
import RoamSystem

/// Foreign errors (SQLite, the system's, JSON decoding) as one sentence a rider can act on: what failed,
/// on which file, and what to check. Our own errors already read that way and pass through, and so
/// does a `SystemError` (its words are `Errno.reason`, shared with the drive's messages).
/// `p`: the command line the error ended, when known, so a command printed in the words runs as printed.
enum ErrorText {
    static func describe(_ error: any Error, _ p: ParsedArguments? = nil) -> String {
        switch error {
        case let e as SQLiteError: return sqlite(e, p)
        case let e as DecodingError: return decoding(e)
        // The lock beside a database on a full card: the same words as the database's own, where to free room.
        case let e as RecorderLock.Failed where e.errno.isOutOfRoom && e.path.hasSuffix(".lock"):
            let database = String(e.path.dropLast(".lock".count))
            return "the storage holding \(FilePath.shown(database)) is full: " + freeRoom(database, p)
        default: return "\(error)"
        }
    }

    /// The database's failure in words (`SQLiteError.cause`) and what to do; SQLite's own message only where no sentence fits.
    static func sqlite(_ e: SQLiteError, _ p: ParsedArguments? = nil) -> String {
        let path = e.path
        if e.tooOldLibrary != nil { return e.cause + ": install SQLite \(SQLiteLibrary.oldestSupported) or later (Debian's libsqlite3-0)" }
        if e.code == .readOnlyRollback { return unfinishedWrite(path) }
        // Before the code: SQLite says a -shm it had no room for as an I/O error.
        if e.isFull { return e.cause + ": " + freeRoom(path, p) }
        switch e.code.primary {
        case .cantOpen:
            // Out of descriptors, the file may well be there, and readable: say what ran out.
            if let errno = e.systemErrno, errno.isOutOfDescriptors { return "cannot open the database \(FilePath.shown(path)): " + errno.reason(.read) }
            if FileSystem.isMissing(path) { return missingDatabase(path) }
            return e.cause + ": check that it is a file you may read, in a folder you may write (SQLite keeps its -wal and -shm files beside it)"
        case .notADatabase, .corrupt:
            if e.isNotSQLiteAtAll { return e.cause + ": check --db/--board (a GPX or FIT ride is brought in with 'roam-board import')" }
            return e.cause + ": check --db/--board; " + RideRescue.whatToDo
        case .ioError:
            return e.cause + ": check the SD card or drive"
        case .busy, .locked:
            return e.cause + ": try again in a moment"
        case .readOnly:
            return e.cause + ": check its permissions and those of its folder, or the mount"
        default:
            return e.cause + " (check --db/--board)"
        }
    }

    /// A hot journal a reader cannot roll back: the words `check` and `status` give instead of SQLite's 776.
    static func unfinishedWrite(_ path: String) -> String {
        "\(FilePath.shown(path)) holds a write that a crash or power cut interrupted (\(FilePath.shown(path))-journal beside it; often its creation, "
            + "before any ride was stored): nothing acknowledged is in it. The next writer ('roam-board record') rolls it back"
    }

    /// What frees room beside a database: the card is usually filled by something else (a log, a
    /// copy), and a pruned ride's pages stay in the file for new rides, so other files come first.
    /// The prune runs as printed, as the drive's README.txt prints it (`PruneLine`). Prune cannot run
    /// on a card with no room at all (`pruneWithoutRoom`): deleting comes first.
    static func freeRoom(_ path: String, _ p: ParsedArguments?) -> String {
        let folder = FilePath.shown(FilePath.parent(path))
        let day = PruneLine.today(p)
        return "free room there by deleting \(spareFirst(path))other files on the storage holding \(folder) ('df \(folder)' says how full it is), "
            + "or, once there is room for a prune's journal (about as much as the largest ride it deletes), by dumping rides and pruning them "
            + "('\(PruneLine.commands(p, databasePath: path).line("prune", "--dumped-before \(day) --dry-run"))' "
            + "lists those handed over before \(day), the same without --dry-run deletes them: the room stays in the database, for new rides)"
    }

    /// A prune refused for want of room: it writes the pages it changes to the -wal first, so it
    /// cannot be what frees the card. What can go first, in the product's own files, then the rider's.
    static func pruneWithoutRoom(_ path: String) -> String {
        let db = FilePath.shown(path), folder = FilePath.shown(FilePath.parent(path))
        return "cannot prune: the storage holding \(db) is full, and a prune needs free room for its journal "
            + "(\(db)-wal: the pages it changes are written there first, about as much as the largest ride it deletes takes in \(db), "
            + "or the rides named with --ride together; the room it frees stays inside \(db), for new rides, "
            + "none comes back to the card). Free room first by deleting \(spareFirst(path))other files on the storage "
            + "holding \(folder) ('df \(folder)' says how full it is), then prune again"
    }

    /// The drive's previous image beside the database, when there is one: the product's own file that
    /// may go first. The next build only makes a whole new image instead of editing it.
    static func spareFirst(_ path: String) -> String {
        let spare = DriveImageSlots(image: FilePath.join(FilePath.parent(path), DriveCommand.imageName)).spare
        guard FileSystem.visibleKind(spare) == .file else { return "" }
        return "\(FilePath.shown(spare)) (\(ByteSize.text(FileSystem.allocatedBytes(spare))): the USB drive's previous image, "
            + "kept only to speed up its next build; deleting it loses no ride), then "
    }

    static func missingDatabase(_ path: String) -> String {
        "no database at \(FilePath.shown(path)): record a ride first, or check --db/--board"
    }

    /// What JSONDecoder found, by key path, without Swift's debug dump.
    static func decoding(_ e: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "at the top level" : "at '" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch e {
        case .typeMismatch(let type, let c): return "expected \(typeName(type)) \(at(c.codingPath))"
        case .valueNotFound(let type, let c): return "expected \(typeName(type)) \(at(c.codingPath)), found null"
        case .keyNotFound(let key, let c): return "missing key '\(key.stringValue)' \(at(c.codingPath))"
        case .dataCorrupted(let c): return "not valid JSON \(at(c.codingPath))"
        @unknown default: return "not valid JSON"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type, is Int.Type, is Int64.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is String.Type: return "a string"
        default: return "a value of another kind"
        }
    }
}

import Glibc
import RoamCore
import RoamStore
import RoamSystem

/// `record` and `drive` run under units that restart them 5 s after any exit (Restart=always): a
/// device not there yet, an I/O error, a crash or a kill is over by then. A start refused for a cause
/// that stays until board.conf or the program changes exits with a status of its own instead
/// (`ExitStatus.refusedForGood`), which the units list in RestartPreventExitStatus=: one line in the
/// journal, not one every 5 s on a battery and an SD card. Saving board.conf starts the unit again
/// (roam-board.path), and so does installing a newer roam-board (postinst).
struct RefusedForGood: Error, CustomStringConvertible {
    enum Cause: Equatable { case boardConf, newerDatabase }

    var cause: Cause
    /// The refusal's own words (what failed, where, what to change).
    var reason: String
    /// The unit that will not restart it, for the words said under systemd; nil elsewhere.
    var unit: String?

    var status: Int32 { cause == .boardConf ? ExitStatus.configRefused : ExitStatus.programTooOld }

    var description: String {
        guard let unit else { return reason }
        switch cause {
        case .boardConf:
            return reason + ". \(unit) is not restarted until board.conf changes: saving it starts \(unit) again"
        case .newerDatabase:
            return reason + ". \(unit) is not restarted until a newer roam-board is installed, which starts it again"
        }
    }

    /// The unit a service's process runs in; nil outside systemd (INVOCATION_ID is set for every service process).
    static func unitUnderSystemd(_ unit: String) -> String? {
        guard let invocation = Environment.value("INVOCATION_ID"), !invocation.isEmpty else { return nil }
        return unit
    }

    /// `error` as the start of `unit` judges it: board.conf wrong, or the database a newer roam-board's,
    /// refuse for good; anything else a restart may fix is returned as it is (when in doubt it stays
    /// there: a refusal for good that a restart would have fixed loses rides, P2).
    static func sorted(_ error: any Error, unit: String) -> any Error {
        let words = { ErrorText.describe(error) }
        switch error {
        case is RefusedForGood:
            return error
        case is BoardProfileError:
            return RefusedForGood(cause: .boardConf, reason: words(), unit: unitUnderSystemd(unit))
        case let unreadable as BoardFileUnreadable where unreadable.staysUntilChanged:
            return RefusedForGood(cause: .boardConf, reason: words(), unit: unitUnderSystemd(unit))
        case let store as StoreError:
            guard case .schemaTooNew = store else { return error }
            return RefusedForGood(cause: .newerDatabase, reason: words(), unit: unitUnderSystemd(unit))
        default:
            return error
        }
    }

    /// Runs a service's start, its errors judged by `sorted`. `board`: the board folder the start
    /// reads. A refusal of board.conf while that folder changed is no refusal for good: the path unit
    /// started this run at the save's first event and does not watch while it runs, so the rest of
    /// the save (an editor's rename, a second save) would start nothing. It exits to be restarted.
    static func judgingStart<T>(unit: String, board: String? = nil, _ body: () throws -> T) throws -> T {
        let before = board.map(BoardFolderStamp.init)
        do { return try body() } catch {
            let judged = sorted(error, unit: unit)
            if let refused = judged as? RefusedForGood, refused.cause == .boardConf, let before, let board,
               BoardFolderStamp(board) != before {
                throw BoardChangedWhileRead(refusal: refused.reason, unit: unit)
            }
            throw judged
        }
    }
}

/// What a save in the board folder changes: the folder (a file made, renamed or removed in it) and its
/// board.conf (written in place too). Taken before a start reads board.conf and again at its refusal.
struct BoardFolderStamp: Equatable {
    var folder: String?
    var file: String?

    init(_ board: String) {
        let folder = BoardLoader.absolute(board)
        self.folder = FileSystem.changeStamp(folder)
        self.file = FileSystem.changeStamp(FilePath.join(folder, "board.conf"))
    }
}

/// board.conf was refused, but the board folder changed while it was read: 75 (EX_TEMPFAIL), restarted
/// 5 s later by the unit to read what was saved.
struct BoardChangedWhileRead: Error, CustomStringConvertible {
    var refusal: String
    var unit: String

    var description: String {
        refusal + ". board.conf changed while it was read: \(unit) starts again in 5 s with what was saved"
    }
}

/// The board folder or its board.conf that could not be read: 66, as every command's missing input.
/// `errno` nil: it is there but not a regular file.
struct BoardFileUnreadable: Error, CustomStringConvertible {
    var description: String
    var errno: Errno?

    /// Not there, not a file, not this user's to read: so until someone changes /etc/roam-board, which
    /// the path unit watches. An I/O error or a table full of descriptors may be over at the next start.
    var staysUntilChanged: Bool {
        guard let errno else { return true }
        return [ENOENT, ENOTDIR, EISDIR, EACCES, ENAMETOOLONG, ELOOP].contains(errno.rawValue)
    }
}

/// board.conf's `time_zone` names a zone the zone database lacks: 65, as bad data, but not refused
/// for good (`RefusedForGood`): installing tzdata, which no path unit watches, may be the fix.
struct ZoneNotFound: Error, CustomStringConvertible {
    var description: String
}

import RoamPorts
import RoamCore
import RoamDrive
import RoamHandover
import RoamHardware
import RoamImport
import RoamRig
import RoamStore
import RoamSystem

/// The one place where errors become exit statuses (sysexits.h values).
enum ExitStatus {
    static let ok: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64     // EX_USAGE
    static let dataError: Int32 = 65 // EX_DATAERR
    /// An input named on the command line is not there (a database, a board folder, a file to read).
    static let noInput: Int32 = 66   // EX_NOINPUT
    static let ioError: Int32 = 74   // EX_IOERR
    /// This user may not do it, another may: the data folder or a file in it is another user's
    /// (the words name who, and how to run it as that user or give the file back).
    static let noPermission: Int32 = 77 // EX_NOPERM
    /// Done, but not whole: run it again once room is made (`drive-image`, an `import` stopped short of
    /// the room kept for recording), an unfinished import of
    /// the same ride is finished (`import`), or the recorder of before an upgrade was restarted (a
    /// writer's migration refused under it), or a bench script's step was not done in time (`BenchStepTimedOut`).
    static let tempFailure: Int32 = 75 // EX_TEMPFAIL
    /// `record` or `drive` refuses to start until board.conf changes (`RefusedForGood`): the only cause of 78.
    static let configRefused: Int32 = 78 // EX_CONFIG
    /// `record` or `drive` refuses to start until a newer roam-board is installed: the database is a
    /// newer one's. No sysexits.h value says that, and nothing else exits 79.
    static let programTooOld: Int32 = 79
    /// A bench replay stopped by a signal before its end (Ctrl-C: 130): 128 + the signal's number, as a
    /// shell reports a command a signal ended, so `record --replay F && dump …` does not go on with a ride
    /// cut short. A live `record` stopped by a signal exits 0: stopping is how a recorder ends.
    static func stoppedBySignal(_ signal: Int32) -> Int32 { 128 + signal }
    /// What no restart of `record` or `drive` fixes, and the only statuses the units list in
    /// RestartPreventExitStatus= (the unit's own command line is wrong: 64).
    static let refusedForGood: [Int32] = [usage, configRefused, programTooOld]

    static func of(_ error: any Error) -> Int32 {
        switch error {
        case is UsageError: return usage
        case is BoardProfileError, is ZoneNotFound: return dataError
        case let e as CLIError: return e.status
        case let e as OutputFailure: return e.cause == .exists ? failure : ioError
        case let e as RefusedForGood: return e.status
        case is BoardChangedWhileRead, is BenchStepTimedOut: return tempFailure
        case is BoardFileUnreadable: return noInput
        case is DeviceError, is RecorderLock.Failed: return ioError
        // Out of descriptors is 74 wherever it struck, as the database's and the devices' refusals:
        // a wake-up pipe (the recorder's threads', the bench link's) once exited 1 for the same cause.
        case let e as SystemError where e.errno.isOutOfDescriptors: return ioError
        case let e as RecorderStartError where e.cause.errno.isOutOfDescriptors: return ioError
        case let e as StoreError:
            if case .corruptRow = e { return dataError }
            // Said as an unreadable row before it had its own case: 65 as it was.
            if case .rideGone = e { return dataError }
            if case .schemaTooNew = e { return dataError }
            if case .schemaTooOld(found: 0, _, _) = e { return dataError }
            if case .walUnreadable = e { return ioError }
            if case .migrationUnderRecorder = e { return tempFailure }
            if case .recorderUnknown = e { return ioError }
            return failure
        // A write cut short (hot journal) is the data's state, not an I/O failure: 65, as check documents.
        // The system's set-up, as a missing tool is: restarted, a library upgraded since is taken up.
        case let e as SQLiteError where e.tooOldLibrary != nil: return failure
        case let e as SQLiteError: return e.isCorrupt || e.code == .readOnlyRollback ? dataError : ioError
        case let e as DriveError: return drive(e.kind)
        default: return failure
        }
    }

    /// The drive's storage (full, unwritable, an image a tool failed to write or that fails its
    /// check) and a board without a USB device controller are device or storage errors, 74 as the
    /// database's own: every tool runs on an image file on the storage, and its failure says to
    /// check that storage. A missing dosfstools/mtools is the system's set-up: 1, as a missing
    /// gpsbabel is to `import`. `drive-image` exits by this rule too (it throws the build's error).
    static func drive(_ kind: DriveError.Kind) -> Int32 {
        switch kind {
        case .storageFull, .fileSystem, .imageUnreadable, .noGadget, .controllerHeld, .toolFailed: return ioError
        case .toolMissing: return failure
        }
    }

    /// `import`'s status from the kinds of its failed inputs: a file or folder named that is not
    /// there or cannot be read is 66, as every command's input; a file that holds no ride whole (or
    /// a folder with no ride file) is bad data, 65; gpsbabel missing or not starting is the
    /// system's set-up, 1. Mixed causes give the first of 65, 66, 1: the data, then the names.
    static func importFailure(_ kinds: Set<ImportError.Kind>) -> Int32 {
        let statuses = kinds.map { kind -> Int32 in
            switch kind {
            case .badFile, .notARide: return dataError
            case .missing, .unreadable: return noInput
            case .toolMissing, .toolFailed: return failure
            }
        }
        return [dataError, noInput, failure].first(where: statuses.contains) ?? ok
    }
}

/// A failure the CLI itself detects (an unknown ride, an existing output file).
struct CLIError: Error, CustomStringConvertible {
    var description: String
    var status: Int32 = ExitStatus.dataError

    /// Every command's words and status for a database in a folder this user may not enter, or
    /// one it may not read: who may, and how to run it as them.
    static func barred(_ path: String, command: String) -> CLIError? {
        guard let barring = FolderOwner.barring(path) else { return nil }
        let owner = FolderOwner.of(barring)
        let whose = owner.map { " (it is \($0.words)'s)" } ?? ""
        let fix = owner.map { "run it as that user: \($0.runAs) roam-board \(command) …" } ?? "check its owner and mode"
        return CLIError(description: "you may not read \(barring)\(whose): \(fix)", status: ExitStatus.noPermission)
    }

    /// Every reader's words and status for a database that is not there.
    static func missingDatabase(_ path: String) -> CLIError {
        CLIError(description: ErrorText.missingDatabase(path), status: ExitStatus.noInput)
    }
}

import RoamSystem

/// Failures of the store that are not SQLite errors: a schema this code must not touch,
/// a ride in the wrong state, a stored value this code cannot read back.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database was written by newer code; refusing keeps its promises intact.
    case schemaTooNew(found: Int, supported: Int, path: String)
    /// A read-only caller found a database that has not been migrated (a writer migrates on open).
    case schemaTooOld(found: Int, supported: Int, path: String)
    /// A writer would migrate the database while a recorder holds its lock (`Migrations.migrate`).
    case migrationUnderRecorder(found: Int, target: Int, recorderPID: Int32?, path: String)
    /// A writer could not tell whether a recorder holds the database's lock (`RecorderLock.runningRecorder`),
    /// so it migrates nothing.
    case recorderUnknown(action: String, lock: String, errno: Errno, path: String)
    /// `startRide` while another ride is recording (at most one, P7).
    case rideAlreadyRecording(id: Int64)
    /// `stopRide` of a ride that does not exist or is already stopped.
    case rideNotRecording(id: Int64)
    /// A stored value this code cannot decode (an unknown enum raw value, unreadable JSON).
    case corruptRow(table: String, detail: String, path: String)
    /// A ride no longer in the database (pruned meanwhile) when it was to be marked handed over (`DumpLedger`).
    case rideGone(id: Int64, path: String)
    /// Commits wait in the -wal, and reading them needs a -shm that SQLite may not create in this
    /// folder or on this mount (`SQLiteConnection.reading`).
    case walUnreadable(path: String)

    public var description: String {
        switch self {
        case let .schemaTooNew(found, supported, path):
            return "\(FilePath.shown(path)) has schema version \(found), newer than version \(supported) that this roam-board knows; "
                + "use a newer roam-board with this database"
        case let .schemaTooOld(0, _, path):
            // Schema 0: created, then cut short before its first migration committed.
            return "\(FilePath.shown(path)) holds no roam-board schema: its creation was cut short (a crash or power cut before the "
                + "first ride), so nothing was recorded in it. 'roam-board record' creates it anew"
        case let .schemaTooOld(found, supported, path):
            return "\(FilePath.shown(path)) has schema version \(found), older than version \(supported) that this roam-board reads; "
                + "open it once with a writer (roam-board record) to migrate it"
        case let .migrationUnderRecorder(found, target, pid, path):
            return "\(FilePath.shown(path)) has schema version \(found) and this roam-board would raise it to \(target), but the recorder "
                + "(\(pid.map { "pid \($0)" } ?? "another process")) is running on it, most likely the program of before an upgrade, "
                + "which would go on writing under the new schema without knowing it: nothing was changed. Restart the board's "
                + "programs first (sudo systemctl restart roam-board roam-board-drive: a ride in progress goes on, unless the new program "
                + "derives fixes with another pipeline algorithm: then it closes that ride at its last fix), then run this again"
        case let .recorderUnknown(action, lock, errno, path):
            return "cannot tell whether a recorder is running on \(FilePath.shown(path)): cannot \(action) \(FilePath.shown(lock)): \(errno.reason(.read)); "
                + "nothing was changed"
        case let .rideAlreadyRecording(id):
            return "ride \(id) is still recording; stop it before starting another"
        case let .rideNotRecording(id):
            return "ride \(id) is not recording"
        case let .corruptRow(table, detail, path):
            return "unreadable row in \(table) of \(FilePath.shown(path)): \(detail)"
        case let .rideGone(id, path):
            return "ride \(id) is no longer in \(FilePath.shown(path)) (pruned meanwhile?): it was not marked handed over"
        case let .walUnreadable(path):
            return "cannot read \(FilePath.shown(path)): its last commits are in \(FilePath.shown(path))-wal, and reading them needs \(FilePath.shown(path))-shm beside it, "
                + "which cannot be created in a folder you may not write or on a read-only mount; read it as the folder's "
                + "owner, or copy \(FilePath.shown(path)) and \(FilePath.shown(path))-wal together into a folder you may write and read the copy"
        }
    }
}

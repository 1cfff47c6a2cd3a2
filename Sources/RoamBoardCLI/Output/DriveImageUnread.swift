import RoamDrive
import RoamSystem

/// `drive-image` when the rides could be read only without locks (`DriveKeeper.readsWithoutLocks`):
/// nothing was built, so it fails (74, as every drive failure) in the full card's words rather than
/// list an older image as if it held every ride. The image there is kept, as after any failed build.
enum DriveImageUnread {
    /// Below a -shm's 32 KiB, SQLite had no room for it; with room, it was refused the folder.
    static let sharedMemoryBytes: Int64 = 32 << 10

    static func failure(_ p: ParsedArguments, database: String, image: String) -> DriveError {
        let db = FilePath.shown(database)
        let folder = FilePath.parent(BoardLoader.absolute(database))
        let kept = FileSystem.exists(image) ? "the previous image \(FilePath.shown(image)) is kept as it was built: nothing stored since is on it"
            : "no drive image was made (there was none before): until one is, take the rides with 'roam-board dump'"
        let unsafe = "and such a read may catch a write half done, so no image is built from it"
        let free: Int64
        do { free = try FileSystem.availableBytes(folder) } catch {
            return DriveError(.fileSystem, "cannot build the drive image \(FilePath.shown(image)): the rides in \(db) can be read only without locks "
                              + "\(unsafe); \(kept). The room on the storage holding it could not be measured: \(error.reason)")
        }
        guard free < sharedMemoryBytes else {
            let who = FolderOwner.advice(refusedWriteIn: folder) ?? "check that you may create files in \(FilePath.shown(folder))"
            return DriveError(.fileSystem, "cannot build the drive image \(FilePath.shown(image)): the rides in \(db) can be read only without locks "
                              + "(SQLite may not create its shared-memory file \(db)-shm beside it: \(who)), \(unsafe); \(kept)")
        }
        return DriveError(.storageFull, "cannot build the drive image \(FilePath.shown(image)): the storage holding \(db) is full, so its rides "
                          + "can be read only without locks (no room for SQLite's shared-memory file \(db)-shm), \(unsafe); \(kept). "
                          + "To build it, \(ErrorText.freeRoom(database, p)); then run drive-image again")
    }
}

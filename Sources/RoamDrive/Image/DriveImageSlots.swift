import Glibc
import RoamCore
import RoamSystem

/// The files beside the image and their roles. `<image>` is what the gadget serves; `.next` is
/// built ahead and waits for the moment no host has the drive; `.spare` is the image served
/// before, kept as the base the next build edits in place (so only what changed is written);
/// `.new` is the one being edited, `.staging` the ride files exported for it. Every role changes by
/// rename(2) followed by an fsync of the folder, so a power cut leaves each file whole in one role.
public struct DriveImageSlots: Sendable, Equatable {
    public var image: String
    public init(image: String) { self.image = image }

    public var next: String { image + ".next" }
    public var spare: String { image + ".spare" }
    public var new: String { image + ".new" }
    public var staging: String { image + ".staging" }
    public var manifests: String { DriveManifest.folder(image) }
    public var folder: String { FilePath.parent(image) }

    static func exists(_ path: String) -> Bool { FileSystem.exists(path) }

    /// Leftovers of a build that did not finish (a crash, a power cut): never used.
    public func clearUnfinished() {
        unlink(new)
        try? FileSystem.removeTree(staging)  // ignored: scratch; a build clears it again first
    }

    /// Puts the ready image in place: the served one becomes the spare, `.next` the served one.
    /// False when nothing was ready. The kernel keeps reading the old file (now the spare) until the
    /// LUN is pointed at the image again.
    @discardableResult
    public func swapIn() throws -> Bool {
        guard Self.exists(next) else { return false }
        // Plain renames, then one folder sync: DurableFile.rename would drop `.next` if its rename failed.
        if Self.exists(image), rename(image, spare) != 0 { throw failure("cannot replace the drive image", image) }
        guard rename(next, image) == 0 else { throw failure("cannot replace the drive image", image) }
        do { try DurableFile.syncFolder(containing: image) } catch { throw Self.failure(error) }
        DriveManifest.prune(keeping: [image, next, spare], folder: manifests)
        return true
    }

    /// Bytes free on the card the images are on.
    func freeBytes() throws -> Int64 {
        do { return try FileSystem.availableBytes(folder) } catch {
            throw failure("cannot measure free space on", folder, error.errno)
        }
    }

    /// The roles in a rider's terms: the files' own names (`.new`, `.next`, `.spare`) mean nothing to a rider.
    static let beingBuilt = "the drive image being built"
    static let justBuilt = "the drive image just built"
    static let previous = "the previous drive image"
    /// A staged ride file (`.staging/Rides/NAME`) is "the drive's working copy of Rides/NAME".
    static let workingCopy = "the drive's working copy of "

    /// What to look at when writing an image failed: the room and the health of the storage it is on.
    var check: String { "check the free room on \(FilePath.shown(folder)) and the storage's errors ('dmesg')" }

    /// A write to the storage that it refused, `what` in the rider's terms: the system's words for
    /// `e` and what to check, never a working file's name. A refused permission is not the storage's:
    /// who owns the data folder and its files (`FolderOwner.advice`).
    func refused(_ what: String, _ e: Errno) -> DriveError {
        DriveError(e == .noSpace ? .storageFull : .fileSystem, "\(what): \(e.words); \(ownership(e) ?? check)")
    }

    /// EACCES only: an EPERM is an immutable file or the unit's system-call filter, the storage's to say.
    func ownership(_ e: Errno) -> String? {
        guard e == .accessDenied else { return nil }
        return FolderOwner.advice(refusedWriteIn: folder)
    }

    /// `error` with `path` said as `words`: a tool's own message names the file it was given (escaped,
    /// as `DriveTools.said` quotes it).
    static func said(_ error: DriveError, _ path: String, as words: String) -> DriveError {
        DriveError(error.kind, error.description.replacingText(FilePath.shown(path), with: words))
    }

    /// A failed call on an image or its folder, read from `errno` right after it, in plain words.
    func failure(_ what: String, _ path: String, _ e: Errno = .current) -> DriveError {
        DriveError(e == .noSpace ? .storageFull : .fileSystem, "\(what) \(FilePath.shown(path)): " + (ownership(e).map { "\(e.words); \($0)" } ?? e.reason(.write)))
    }

    static func failure(_ error: SystemError) -> DriveError {
        DriveError(error.errno == .noSpace ? .storageFull : .fileSystem, error.description)
    }
}

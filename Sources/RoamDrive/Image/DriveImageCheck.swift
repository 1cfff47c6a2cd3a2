import Glibc
import RoamCore
import RoamSystem

/// The new image read back before it may be offered: `fsck.vfat -n` (dosfstools; reads the FAT
/// and the folders, never repairs) finds it clean, and mtools lists exactly the rides the build put
/// on it. An image that fails is deleted and the served one stays: a host never sees a drive that
/// the board could not read back itself.
enum DriveImageCheck {
    static func verify(_ path: String, holding contents: DriveContents) throws {
        do {
            try DriveTools.run("fsck.vfat", ["-n", path], what: "check \(DriveImageSlots.justBuilt)")
            let listing = try DriveImageReader.read(path)
            guard listing.rideIDs == contents.rideIDs.sorted() else {
                throw DriveError(.imageUnreadable, "\(DriveImageSlots.justBuilt) holds \(rides(listing.rideIDs)) where it should hold "
                                 + rides(contents.rideIDs.sorted()))
            }
            guard listing.fingerprint == contents.fingerprint else {
                throw DriveError(.imageUnreadable, "README.txt on \(DriveImageSlots.justBuilt) does not name the rides it was built from")
            }
            guard listing.shared == contents.shared else {
                throw DriveError(.imageUnreadable, "\(DriveImageSlots.justBuilt) holds \(files(listing.shared)) in \(DriveSharedFiles.folder)/ "
                                 + "where it should hold \(files(contents.shared))")
            }
        } catch let e as DriveError {
            DriveManifest.forget(image: path, folder: DriveManifest.folder(String(path.dropLast(".next".count))))
            unlink(path)
            // A missing fsck.vfat is the system's set-up, not the image: it keeps its words and kind.
            guard e.kind != .toolMissing else { throw e }
            throw DriveError(.imageUnreadable, DriveImageSlots.said(e, path, as: DriveImageSlots.justBuilt).description + "; " + check)
        }
    }

    /// Written without an error, yet read back otherwise: the storage or the tools are at fault.
    static let check = "check the storage's errors ('dmesg') and the FAT tools (dpkg --verify dosfstools mtools)"

    private static func rides(_ ids: [Int64]) -> String { ids.isEmpty ? "no ride" : Plural.list("ride", ids) }
    private static func files(_ names: [String]) -> String { names.isEmpty ? "no file" : names.map(FilePath.shown).joined(separator: ", ") }
}

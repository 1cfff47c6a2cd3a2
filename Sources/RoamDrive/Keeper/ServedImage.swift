import Glibc
import RoamCore
import RoamSystem

/// Which file the kernel serves: the inode of the image the LUN was last pointed at, kept in
/// `<image>.served`. configfs shows only the path, and the kernel keeps reading the file it opened
/// even after another was renamed over that path; with this a restarted keeper re-points the
/// medium only when the image really changed, never merely because it started again.
public enum ServedImage {
    static func path(_ image: String) -> String { image + ".served" }

    public static func read(_ image: String) -> UInt64? {
        guard let text = try? FileSystem.readText(path(image)) else { return nil }
        return UInt64(text.trimmedOfWhitespace)
    }

    /// Records the image's inode now served; `owner` (the setup, as root) hands the file to the keeper.
    public static func record(_ image: String, owner: (uid: uid_t, gid: gid_t)? = nil) {
        guard let ino = DriveManifest.inode(image) else { return }
        let temporary = path(image) + ".tmp"
        guard (try? FileSystem.write(Array("\(ino)\n".utf8), to: temporary)) != nil else { return }
        if let owner { _ = chown(temporary, owner.uid, owner.gid) }
        if rename(temporary, path(image)) != 0 { unlink(temporary) }
    }
}

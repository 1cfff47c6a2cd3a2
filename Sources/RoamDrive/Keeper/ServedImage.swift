import Glibc
import RoamCore
import RoamSystem

/// Which file the kernel serves: the inode of the image the LUN was last pointed at, kept in
/// `<image>.served`. configfs shows only the path, and the kernel keeps reading the file it opened
/// even after another was renamed over that path; with this a restarted keeper re-points the
/// medium only when the image really changed, never merely because it started again.
public enum ServedImage {
    static func path(_ image: String) -> String { image + ".served" }

    /// The inode recorded; nil when no record is there (nothing served yet) or it holds no number.
    /// A record there that cannot be read throws in words: the keeper says it, not "nothing served".
    public static func read(_ image: String) throws(SystemError) -> UInt64? {
        let text: String
        do { text = try FileSystem.readText(path(image)) } catch {
            if error.errno == .noSuchFile { return nil }
            throw error
        }
        return UInt64(text.trimmedOfWhitespace)
    }

    /// Records the image's inode now served, durably (`DurableFile`); `owner` (the setup, as root)
    /// hands the file to the keeper. Throws what failed in words: without the record, a restarted
    /// keeper points the drive at the image again although it did not change.
    public static func record(_ image: String, owner: (uid: uid_t, gid: gid_t)? = nil) throws(SystemError) {
        guard let ino = DriveManifest.inode(image) else { return }
        try DurableFile.replace(path(image), with: Array("\(ino)\n".utf8))
        if let owner, chown(path(image), owner.uid, owner.gid) != 0 {
            throw SystemError("give uid \(owner.uid) (the drive keeper's user)", path(image), .current)
        }
    }

    /// What a failed `record` means to the rider, after its words.
    public static func unkept(_ error: SystemError) -> String {
        "drive: \(error.description); until it can be written, a restarted keeper points the drive at the image "
            + "again although it did not change"
    }
}

import CShims
import Glibc
import RoamCore
import RoamSystem

/// Whether what is written in a folder reaches a disk or stays in RAM (`VolatileStorage`): statfs
/// (through the shim; Swift's Glibc has no statfs) and, for an overlay, /proc's mount table and
/// kernel command line.
public enum FolderStorage {
    /// The folder's storage could not be judged: the folder itself could not be looked at, or it is
    /// on an overlay and a /proc file that says where the overlay's writable layer lies could not be
    /// read (`isOverlayUnread`): then it may be in RAM, and nothing may say it is on the card.
    public struct Unjudged: Error, Equatable, CustomStringConvertible {
        public var cause: SystemError
        public var isOverlayUnread: Bool

        public var reason: String { cause.reason }
        public var description: String { cause.description }

        /// After "… is": why it is unknown and what to check, for `selftest`, `record` and `status`.
        public var overlayWords: String {
            "on an overlay, and \(FilePath.shown(cause.subject)), which says where its writable layer lies, cannot be read "
                + "(\(cause.errno.words)). Check that /proc is mounted and readable."
        }
    }

    /// statfs's f_type of the file system holding `path` (`VolatileStorage.tmpfsType`, …).
    public static func fileSystemType(_ path: String) throws(SystemError) -> UInt32 {
        var type: UInt32 = 0
        let r = retryingOnInterrupt { roam_fs_type(path, &type) }
        guard r == 0 else { throw SystemError("find the file system of", path, Errno(shimResult: r), access: .read) }
        return type
    }

    /// Nil when the folder's writes survive a power cut as far as can be told. `root`: where / is
    /// for /proc ("" on a board; tests lay out a folder like it).
    public static func volatility(of folder: String, root: String = "") throws(Unjudged) -> VolatileStorage? {
        let type: UInt32
        do { type = try fileSystemType(folder) } catch { throw Unjudged(cause: error, isOverlayUnread: false) }
        guard type == VolatileStorage.overlayType else {
            return VolatileStorage.judge(fileSystemType: type, device: 0, mountinfo: "", cmdline: "")
        }
        var st = stat()
        guard stat(folder, &st) == 0 else {
            throw Unjudged(cause: SystemError("look at", folder, .current, access: .read), isOverlayUnread: false)
        }
        return try overlay(device: UInt64(st.st_dev), root: root)
    }

    /// An overlay's storage, judged from /proc's mount table and kernel command line under `root`.
    /// Either unreadable (/proc not mounted, or hidden): thrown, naming the file and why, since an
    /// overlay judged without them would pass as on the card however it was mounted.
    public static func overlay(device: UInt64, root: String = "") throws(Unjudged) -> VolatileStorage? {
        do {
            let mountinfo = try FileSystem.readText(root + "/proc/self/mountinfo")
            let cmdline = try FileSystem.readText(root + "/proc/cmdline")
            return VolatileStorage.judge(fileSystemType: VolatileStorage.overlayType, device: device, mountinfo: mountinfo, cmdline: cmdline)
        } catch {
            throw Unjudged(cause: error, isOverlayUnread: true)
        }
    }
}

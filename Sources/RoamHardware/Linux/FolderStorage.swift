import CShims
import Glibc
import RoamCore
import RoamSystem

/// Whether what is written in a folder reaches a disk or stays in RAM (`VolatileStorage`): statfs
/// (through the shim; Swift's Glibc has no statfs) and, for an overlay, /proc's mount table and
/// kernel command line.
public enum FolderStorage {
    /// statfs's f_type of the file system holding `path` (`VolatileStorage.tmpfsType`, …).
    public static func fileSystemType(_ path: String) throws(SystemError) -> UInt32 {
        var type: UInt32 = 0
        let r = retryingOnInterrupt { roam_fs_type(path, &type) }
        guard r == 0 else { throw SystemError("find the file system of", path, Errno(shimResult: r), access: .read) }
        return type
    }

    /// Nil when the folder's writes survive a power cut as far as can be told. `root`: where / is
    /// for /proc ("" on a board; tests lay out a folder like it).
    public static func volatility(of folder: String, root: String = "") throws(SystemError) -> VolatileStorage? {
        let type = try fileSystemType(folder)
        guard type == VolatileStorage.overlayType else {
            return VolatileStorage.judge(fileSystemType: type, device: 0, mountinfo: "", cmdline: "")
        }
        var st = stat()
        guard stat(folder, &st) == 0 else { throw SystemError("look at", folder, .current, access: .read) }
        return overlay(device: UInt64(st.st_dev), root: root)
    }

    /// An overlay's storage, judged from /proc's mount table and kernel command line under `root`.
    public static func overlay(device: UInt64, root: String = "") -> VolatileStorage? {
        VolatileStorage.judge(fileSystemType: VolatileStorage.overlayType, device: device,
                              mountinfo: procText(root + "/proc/self/mountinfo"), cmdline: procText(root + "/proc/cmdline"))
    }

    /// A /proc file's text; "" where /proc is not mounted or hides it: the overlay is then judged
    /// by what is left (nothing at all: not volatile as far as can be told).
    private static func procText(_ path: String) -> String {
        do { return try FileSystem.readText(path) } catch { return "" }
    }
}

/// A folder whose writes live in RAM and so do not survive a power cut, whatever write and fsync
/// answer (P1): tmpfs, ramfs, or an overlay whose writable (upper) layer is in RAM, which is what
/// raspi-config's read-only "Overlay File System" makes of root (overlayroot=tmpfs in cmdline.txt).
public enum VolatileStorage: Sendable, Equatable {
    case tmpfs
    case ramfs
    /// `evidence`: how it is known, in words ("overlayroot=tmpfs on the kernel command line").
    case overlayInRAM(evidence: String)

    // statfs f_type values (linux/magic.h).
    public static let tmpfsType: UInt32 = 0x0102_1994
    public static let ramfsType: UInt32 = 0x8584_58F6
    public static let overlayType: UInt32 = 0x794C_7630

    /// The folder's storage judged from its file system type (statfs), its device (stat's st_dev)
    /// and, for an overlay only, the mount table and the kernel command line. Nil: it survives a
    /// power cut as far as can be told (an overlay with a disk upper layer, as in a container, does).
    ///
    /// An overlay's upper layer is judged by where mountinfo's upperdir= lies in this mount table
    /// (overlayroot moves its tmpfs to /media/root-rw, so its overlay=tmpfs set in
    /// /etc/overlayroot.conf is seen too). That path is the mounter's (the initramfs's, a container
    /// host's): when it resolves to no other mount here, the command line decides, as raspi-config
    /// writes it: overlayroot=tmpfs (bookworm on), boot=overlay (its own initramfs script before).
    public static func judge(fileSystemType: UInt32, device: UInt64, mountinfo: String, cmdline: String) -> VolatileStorage? {
        switch fileSystemType {
        case tmpfsType: return .tmpfs
        case ramfsType: return .ramfs
        case overlayType: return overlay(device: MountTable.deviceText(device), mounts: MountTable(mountinfo: mountinfo), cmdline: cmdline)
        default: return nil
        }
    }

    static func overlay(device: String, mounts: MountTable, cmdline: String) -> VolatileStorage? {
        if let upper = mounts.mounts.last(where: { $0.device == device && $0.fileSystem == "overlay" })?.option("upperdir"),
           let holder = mounts.holder(of: upper), holder.device != device {
            let inRAM = holder.fileSystem == "tmpfs" || holder.fileSystem == "ramfs"
            return inRAM ? .overlayInRAM(evidence: "its writable layer \(upper) is on \(holder.fileSystem)") : nil
        }
        return overlayRootInRAM(cmdline: cmdline).map { .overlayInRAM(evidence: "\($0) on the kernel command line") }
    }

    /// The token of the kernel command line that puts root's writes in RAM, nil when none does.
    /// The last value of a key counts, as the initramfs reads it.
    public static func overlayRootInRAM(cmdline: String) -> String? {
        let tokens = cmdline.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        func last(_ key: String) -> Substring? { tokens.last { $0.hasPrefix(key + "=") }.map { $0.dropFirst(key.count + 1) } }
        if let value = last("overlayroot"), value == "tmpfs" || value.hasPrefix("tmpfs:") { return "overlayroot=\(value)" }
        if last("boot") == "overlay" { return "boot=overlay" }
        return nil
    }

    /// "on tmpfs, in RAM": where the writes go, after "is".
    public var words: String {
        switch self {
        case .tmpfs: "on tmpfs, in RAM"
        case .ramfs: "on ramfs, in RAM"
        case .overlayInRAM(let evidence):
            "on an overlay whose writable layer is in RAM (\(evidence); raspi-config's Overlay File System does this to root)"
        }
    }

    /// What to do about it for the data directory `folder`.
    public func advice(folder: String) -> String {
        switch self {
        case .tmpfs, .ramfs:
            return "Set data_dir in board.conf to a folder on the SD card (the package's is /var/lib/roam-board), "
                + "or mount a real partition at \(folder)."
        case .overlayInRAM:
            // Only raspi-config's own way back: a hand-edited overlayroot= option (say, tmpfs:recurse=0 to
            // keep a partition out of RAM) no longer matches what its disable_overlayfs looks for.
            return "Turn the overlay off (sudo raspi-config nonint disable_overlayfs, then reboot): the rides need the card itself."
        }
    }

    /// The whole sentence for the data directory `folder`: where its writes go, what that costs, what to do.
    public func sentence(folder: String) -> String {
        "\(words): every ride written here is lost at power-off, though each batch is acknowledged (and the LED blinks) "
            + "as if it were on the card. " + advice(folder: folder)
    }
}

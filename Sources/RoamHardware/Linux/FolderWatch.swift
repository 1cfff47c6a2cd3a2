import CShims
import Glibc
import RoamPorts
import RoamSystem

/// inotify on one folder, for a few names in it: a write, a file made, deleted or renamed over.
/// The kernel notes every change in the folder; those of other names (the drive's ~70 MB image
/// builds beside the database) are read and dropped here, so they never cause a look.
public final class FolderWatch: FileChanges {
    public let folder: String
    public let names: Set<String>
    public let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// What a file's content or presence changing raises: a write, a writer closing it, and the
    /// name made, deleted or moved in or out (a restore renamed over the database).
    static let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)

    /// Throws the kernel's refusal: EMFILE (instances) or ENOSPC (watches) when the user's inotify
    /// limits are reached, ENOENT when the folder is not there.
    public init(folder: String, names: Set<String>) throws(SystemError) {
        self.folder = folder; self.names = names
        let fd = roam_inotify_open()
        guard fd >= 0 else { throw SystemError("watch for changes (inotify)", folder, Errno(shimResult: fd), access: .read) }
        let wd = roam_inotify_watch(fd, folder, Self.mask)
        guard wd >= 0 else {
            _ = roam_fd_close(fd)
            throw SystemError("watch for changes (inotify)", folder, Errno(shimResult: wd), access: .read)
        }
        descriptor = fd
    }

    deinit { _ = roam_fd_close(descriptor) }

    public func drain() -> Bool {
        var concerned = false
        while true {
            let n = buffer.withUnsafeMutableBufferPointer { b in retryingOnInterrupt { roam_fd_read(descriptor, b.baseAddress!, b.count) } }
            // EAGAIN: the queue is empty. Any other failure cannot say what changed: look.
            guard n > 0 else { return concerned || (n < 0 && n != -EAGAIN) }
            concerned = Self.concerns(buffer[0..<Int(n)], names: names) || concerned
        }
    }

    /// Whether the events in `bytes` (struct inotify_event: wd, mask, cookie, len, then len bytes of
    /// name padded with NULs) name one of `names`, or say the queue overflowed (events were lost).
    static func concerns(_ bytes: ArraySlice<UInt8>, names: Set<String>) -> Bool {
        var at = bytes.startIndex
        var concerned = false
        while bytes.endIndex - at >= 16 {
            let mask = field(bytes, at + 4), length = Int(field(bytes, at + 12))
            let nameBytes = bytes[(at + 16)..<min(at + 16 + length, bytes.endIndex)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if mask & UInt32(IN_Q_OVERFLOW) != 0 || names.contains(name) { concerned = true }
            at += 16 + length
        }
        return concerned
    }

    private static func field(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }
}

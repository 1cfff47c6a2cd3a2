import CShims
import Glibc
import RoamPorts
import RoamSystem

/// inotify on one folder, for a few names in it: a write (a watch on each such file), a file made,
/// deleted or renamed over (the folder's watch, which takes no writes). So other files' writes in
/// the folder raise nothing: the drive's ~70 MB image builds beside the database, and the recorder
/// rewrites its status block in place every few seconds (`rides.db.status`). Their names made or
/// moved are still noted, and read and dropped here: they never cause a look. The folder itself
/// removed or renamed away leaves nothing watched (`isWatching`) until `rewatch` finds it back.
public final class FolderWatch: FileChanges {
    public let folder: String
    public let names: Set<String>
    public let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// The folder's watch (nil while the folder is gone), and each followed file's that exists.
    private var folderWatch: Int32?
    private var fileWatches: [Int32] = []

    /// What the folder raises: a name made, deleted or moved in or out (a restore renamed over the
    /// database), and the folder itself removed or renamed (IN_IGNORED comes unasked).
    static let folderMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// What a followed file raises: a write, and a writer closing it.
    static let fileMask = UInt32(IN_MODIFY | IN_CLOSE_WRITE)

    /// Throws the kernel's refusal: EMFILE (instances) or ENOSPC (watches) when the user's inotify
    /// limits are reached, ENOENT when the folder is not there.
    public init(folder: String, names: Set<String>) throws(SystemError) {
        self.folder = folder; self.names = names
        let fd = roam_inotify_open()
        guard fd >= 0 else { throw SystemError("watch for changes (inotify)", folder, Errno(shimResult: fd), access: .read) }
        descriptor = fd
        let wd = roam_inotify_watch(fd, folder, Self.folderMask)
        guard wd >= 0 else { throw SystemError("watch for changes (inotify)", folder, Errno(shimResult: wd), access: .read) }
        folderWatch = wd
        watchFiles()
        if let refusal { throw refusal }
    }

    deinit { _ = roam_fd_close(descriptor) }

    public var isWatching: Bool { folderWatch != nil }
    /// The last re-arm's refusal of a followed file that is there (ENOSPC at the user's max_user_watches):
    /// nothing notes its writes until `rewatch` takes it. Nil when every one there is watched.
    public private(set) var refusal: SystemError?

    /// Watches the folder again once it is back (made again, or another renamed to its path), or the
    /// files again when one was refused (the keeper asks at each wait, every second, until it takes).
    public func rewatch() -> Bool {
        guard folderWatch == nil else {
            guard refusal != nil else { return false }
            unwatchFiles()
            watchFiles()
            return refusal == nil
        }
        let wd = roam_inotify_watch(descriptor, folder, Self.folderMask)
        guard wd >= 0 else { return false }
        folderWatch = wd
        watchFiles()
        return true
    }

    public func drain() -> Bool {
        var concerned = false
        while true {
            let n = buffer.withUnsafeMutableBufferPointer { b in retryingOnInterrupt { roam_fd_read(descriptor, b.baseAddress!, b.count) } }
            // EAGAIN: the queue is empty. Any other failure cannot say what changed: look.
            guard n > 0 else { return concerned || (n < 0 && n != -EAGAIN) }
            concerned = take(buffer[0..<Int(n)]) || concerned
        }
    }

    /// What the events in `bytes` say: a followed file written or its name changed (its watch then
    /// made anew: a file made or renamed over is another inode), the folder gone (nothing watched
    /// until it is back), or the queue overflowed (events were lost). True when one of them did.
    private func take(_ bytes: ArraySlice<UInt8>) -> Bool {
        var concerned = false, namesChanged = false
        for event in Self.events(bytes) {
            // Notes were lost, a followed file's removal and making again among them maybe (the recorder
            // stopped and started): its new inode would have no watch. Re-armed as for a name changed.
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { concerned = true; namesChanged = true }
            guard let folderWatch, event.watch == folderWatch else {
                // A followed file's own watch: written, or closed by a writer.
                if event.mask & Self.fileMask != 0 { concerned = true }
                continue
            }
            if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                // The database went with its folder; one renamed away keeps the watches, dropped here.
                unwatchAll()
                concerned = true
                _ = rewatch()
                return concerned
            }
            if names.contains(event.name) { concerned = true; namesChanged = true }
        }
        if namesChanged {
            unwatchFiles()
            watchFiles()
        }
        return concerned
    }

    /// Each followed file there gets its write watch, every one tried (one refused leaves the others
    /// watched); `refusal` keeps the first refused that is there.
    private func watchFiles() {
        refusal = nil
        for name in names.sorted() {
            let path = folder + "/" + name
            let wd = roam_inotify_watch(descriptor, path, Self.fileMask)
            if wd >= 0 { fileWatches.append(wd) } else if wd != -ENOENT, refusal == nil {
                refusal = SystemError("watch for changes (inotify)", path, Errno(shimResult: wd), access: .read)
            }
        }
    }

    private func unwatchFiles() {
        for wd in fileWatches { _ = roam_inotify_unwatch(descriptor, wd) }  // EINVAL: the kernel dropped it with its file
        fileWatches = []
    }

    private func unwatchAll() {
        unwatchFiles()
        refusal = nil  // the folder gone says more: its return re-arms them all
        if let folderWatch { _ = roam_inotify_unwatch(descriptor, folderWatch) }
        folderWatch = nil
    }

    /// One struct inotify_event: its watch, its mask, and the name it carries (empty for the watched itself).
    struct Event: Equatable {
        var watch: Int32
        var mask: UInt32
        var name: String
    }

    /// The events in `bytes` (struct inotify_event: wd, mask, cookie, len, then len bytes of name padded with NULs).
    static func events(_ bytes: ArraySlice<UInt8>) -> [Event] {
        var at = bytes.startIndex
        var events: [Event] = []
        while bytes.endIndex - at >= 16 {
            let mask = field(bytes, at + 4), length = Int(field(bytes, at + 12))
            let nameBytes = bytes[(at + 16)..<min(at + 16 + length, bytes.endIndex)]
            events.append(Event(watch: Int32(bitPattern: field(bytes, at)), mask: mask,
                                name: String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)))
            at += 16 + length
        }
        return events
    }

    private static func field(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }
}

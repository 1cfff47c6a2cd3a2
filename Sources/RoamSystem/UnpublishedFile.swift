import Glibc

/// A file written in the folder it goes to, under no name a reader (or a rider listing the folder)
/// sees until it is whole: made with O_TMPFILE, fsynced, then linked under its final name and the
/// folder fsynced. A kill or a power cut while it is written leaves nothing behind, and a name as
/// long as the file system allows works (a name beside it, `NAME.partial`, would be 8 bytes longer).
/// Where the file system has no O_TMPFILE (vfat on a USB stick), it is written under a short hidden
/// name of its own (`.roam-XXXXXXXX`) and moved over. Failures name `path`, never a temporary name.
/// The writer holds an exclusive flock on its file from the moment it is made, and the next write
/// into the folder removes hidden names a kill left behind (`UnpublishedLeftovers`).
public final class UnpublishedFile {
    /// The name the file gets once whole.
    public let path: String
    public private(set) var fd: CInt
    /// The hidden name it is written under where O_TMPFILE is refused; nil while it has no name.
    private var temporaryName: String?
    /// When this write began: a hidden file changed since is another writer's, never a leftover.
    private let began: timespec

    /// Linux's O_TMPFILE (`__O_TMPFILE | O_DIRECTORY`, the same value on x86-64 and arm64),
    /// which Swift's Glibc does not import.
    private static let tmpfileFlag: CInt = 0o20000000 | O_DIRECTORY

    /// Creates the file for `path` in its folder, given to the folder's owner (`FolderOwner.give`).
    public init(for path: String, mode: mode_t = 0o644) throws(SystemError) {
        self.path = path
        began = UnpublishedLeftovers.now()
        let folder = FilePath.parent(path)
        var made: CInt = -1
        do throws(Errno) { made = try retryingInterrupted { open(folder, Self.tmpfileFlag | O_WRONLY | O_CLOEXEC, mode) } } catch {
            // The kernel or file system has no O_TMPFILE (vfat: EOPNOTSUPP; older kernels: EISDIR, EINVAL).
            guard error.rawValue == EOPNOTSUPP || error.rawValue == EISDIR || error.rawValue == EINVAL else {
                throw SystemError("create", path, error)
            }
        }
        // Linking a nameless file goes through /proc/self/fd (AT_EMPTY_PATH needs a capability): without /proc, a name.
        if made >= 0 && access("/proc/self/fd", F_OK) != 0 {
            close(made)
            made = -1
        }
        if made < 0 {
            let (fd, name) = try Self.hiddenFile(in: folder, for: path, mode: mode)
            made = fd
            temporaryName = name
        }
        fd = made
        // Held until the descriptor closes (a kill included): a locked hidden file is a live writer's.
        // A file system without flock leaves it unlocked; the time it was made still protects it.
        _ = flock(fd, LOCK_EX | LOCK_NB)
        do { try FolderOwner.give(descriptor: fd, path: path) } catch {
            abandon()
            throw error
        }
    }

    deinit { abandon() }

    /// Makes the file durable and gives it its name: fsync, link (or with `replacing`, rename over
    /// what is at `path`), fsync the folder. Without `replacing`, a file that appeared at `path`
    /// meanwhile is EEXIST and is left as it is. On failure nothing of this file is left.
    /// `durable: false` skips both fsyncs, for scratch files a crash makes worthless anyway (the
    /// drive's staged ride files: only mcopy reads them, and the folder is cleared at the next start).
    public func publish(replacing: Bool, durable: Bool = true) throws(SystemError) {
        // Leftovers of earlier writers killed here: removed before this file's name, so the folder's fsync covers both.
        UnpublishedLeftovers.remove(in: FilePath.parent(path), changedBefore: began)
        guard !durable || fsync(fd) == 0 else {
            let e = Errno.current
            abandon()
            throw SystemError("fsync", path, e)
        }
        let failure: Errno?
        if let temporaryName {
            failure = Self.move(temporaryName, to: path, replacing: replacing)
        } else {
            failure = linkNameless(replacing: replacing)
        }
        if let failure {
            abandon()
            throw SystemError("write", path, failure)
        }
        temporaryName = nil
        close(fd)
        fd = -1
        if durable { try DurableFile.syncFolder(containing: path) }
    }

    /// Closes the file and removes what was written of it (a nameless file goes with its descriptor).
    public func abandon() {
        if fd >= 0 { close(fd); fd = -1 }
        if let temporaryName { unlink(temporaryName) }
        temporaryName = nil
    }

    /// Links the nameless file as `path`; to replace, under a hidden name first, then renamed over.
    private func linkNameless(replacing: Bool) -> Errno? {
        let source = "/proc/self/fd/\(fd)"
        if !replacing {
            return linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 ? nil : .current
        }
        let folder = FilePath.parent(path)
        while true {
            let name = FilePath.join(folder, Self.hiddenName())
            if linkat(AT_FDCWD, source, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 {
                temporaryName = name
                break
            }
            if errno != EEXIST { return .current }
        }
        return Self.move(temporaryName!, to: path, replacing: true)
    }

    /// Moves the hidden file to `path`. Without `replacing` the move is a hard link, which fails
    /// atomically if `path` appeared; where the file system has no hard links (FAT), check, then rename.
    private static func move(_ temporary: String, to path: String, replacing: Bool) -> Errno? {
        if replacing { return rename(temporary, path) == 0 ? nil : .current }
        if link(temporary, path) == 0 {
            unlink(temporary)
            return nil
        }
        let e = errno
        guard e == EPERM || e == EOPNOTSUPP || e == ENOSYS else { return Errno(rawValue: e) }
        if access(path, F_OK) == 0 { return Errno(rawValue: EEXIST) }
        return rename(temporary, path) == 0 ? nil : .current
    }

    /// A new file under a hidden name in `folder` that does not grow with the final name (mkostemp's way, with O_CLOEXEC).
    private static func hiddenFile(in folder: String, for path: String, mode: mode_t) throws(SystemError) -> (CInt, String) {
        while true {
            let name = FilePath.join(folder, hiddenName())
            do throws(Errno) {
                return (try retryingInterrupted { open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }, name)
            } catch {
                if error.rawValue != EEXIST { throw SystemError("create", path, error) }
            }
        }
    }

    /// ".roam-" and eight random letters and digits: 14 bytes, whatever the final name's length.
    private static func hiddenName() -> String {
        UnpublishedLeftovers.prefix + String(decoding: (0..<8).map { _ in UnpublishedLeftovers.letters.randomElement()! }, as: UTF8.self)
    }
}

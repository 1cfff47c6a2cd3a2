import Glibc

/// A system call that failed, said as what was being done, to what, and why in plain words
/// (`Errno.reason(_:)`, its advice following `access`): "cannot open /var/lib/roam-board/drive.img:
/// permission denied: check that you may write there (owner and mode)".
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, as a verb phrase: "open", "create folder", "fsync".
    public var action: String
    /// The path, device or program it was done to.
    public var subject: String
    public var errno: Errno
    /// Whether the call read, wrote or ran `subject`: a refusal is said with the check that fits it.
    /// Most calls that fail on a rider's card write, so that is the default; every read says so.
    public var access: Errno.Access

    public init(_ action: String, _ subject: String, _ errno: Errno, access: Errno.Access = .write) {
        self.action = action
        self.subject = subject
        self.errno = errno
        self.access = access
    }

    /// Why, with what to check, for this call's kind of access.
    public var reason: String { errno.reason(access) }

    /// The subject escaped (`FilePath.shown`): a path a rider gave cannot forge a line.
    public var description: String { "cannot \(action) \(FilePath.shown(subject)): \(reason)" }

    /// Why a file or folder (`subject`) could not be made: `reason`, but for ENOENT in a folder
    /// that exists: /proc answers it for any new name, and "it does not exist" would be false; and
    /// for ENOTDIR of a subject that is there: that file is what stands where a folder belongs.
    public var creationReason: String {
        if errno.rawValue == ENOTDIR, let kind = FileSystem.visibleKind(subject), kind != .folder {
            return "\(FilePath.shown(subject)) is a file, not a folder: move it, or give another path"
        }
        let folder = FilePath.parent(subject)
        guard errno == .noSuchFile, FileSystem.isFolder(folder) else { return reason }
        return "cannot write there: the folder \(FilePath.shown(folder)) exists but its file system lets nothing new be made in it "
            + "(it answers '\(errno.words)'): give a folder on a disk"
    }
}

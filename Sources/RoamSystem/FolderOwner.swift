import Glibc

/// The user who owns a folder; for the data folder, the recorder's user (`roam` on an installed
/// board). Two rules follow from it. A file or folder that root makes in a folder of another user's
/// is given to that user (`give`), as SQLite gives a database's -wal and -shm to the database's
/// owner, so a `sudo roam-board …` leaves nothing the owner's recorder may not write. And a command
/// refused a file there names who may run it (`runAs`) or what to give back (`chown`).
public struct FolderOwner: Equatable, Sendable {
    public var uid: uid_t
    public var gid: gid_t

    public init(uid: uid_t, gid: gid_t) {
        self.uid = uid
        self.gid = gid
    }

    /// The account's name; nil when no account has the uid (a card from another system). Looked up
    /// only when words need it: glibc asks nscd over a local socket first, and the recorder's own
    /// path opens no socket (P9), so a start or a file given to the owner looks at numbers only.
    public var name: String? { Self.accountName(uid) }

    /// The group's name; nil when no group has the gid.
    public var groupWord: String? { Self.groupName(gid) }

    /// Who owns `path` (not following a final symlink); nil when it cannot be looked at.
    public static func of(_ path: String) -> FolderOwner? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return FolderOwner(uid: st.st_uid, gid: st.st_gid)
    }

    /// The user this process runs as.
    public static var current: FolderOwner { FolderOwner(uid: geteuid(), gid: getegid()) }

    /// "user roam", "uid 1001".
    public var words: String { name.map { "user \($0)" } ?? "uid \(uid)" }

    /// How a rider runs a command as this user: "sudo -u roam", "sudo" for root.
    public var runAs: String { uid == 0 ? "sudo" : "sudo -u " + (name ?? "'#\(uid)'") }

    /// The command that gives `paths` to this user: "sudo chown roam:roam /var/lib/roam-board/rides.db".
    public func chown(_ paths: [String], recursive: Bool = false) -> String {
        let group = Self.groupName(gid) ?? "\(gid)"
        return "sudo chown \(recursive ? "-R " : "")\(name ?? "\(uid)"):\(group) " + paths.joined(separator: " ")
    }

    /// Gives `path`, just made by this process, to the owner of the folder it is in when this
    /// process is root and the folder is another user's; otherwise leaves it as it is.
    public static func give(_ path: String) throws(SystemError) {
        guard geteuid() == 0, let owner = of(FilePath.parent(path)), owner.uid != 0 else { return }
        guard lchown(path, owner.uid, owner.gid) == 0 else { throw SystemError("give \(owner.words) (the owner of its folder)", path, .current) }
    }

    /// `give` for a file open as `fd` that has no name yet (`UnpublishedFile`); `path` is the name it will have.
    public static func give(descriptor fd: CInt, path: String) throws(SystemError) {
        guard geteuid() == 0, let owner = of(FilePath.parent(path)), owner.uid != 0 else { return }
        guard fchown(fd, owner.uid, owner.gid) == 0 else { throw SystemError("give \(owner.words) (the owner of its folder)", path, .current) }
    }

    /// What a user refused a write in `folder` (EACCES) does about it: where the folder is another
    /// user's, run roam-board as that user; where it is this user's own, give back what another user
    /// (root, by a `sudo roam-board …`) made in it: `paths` where known, else whatever in the folder
    /// (and the folders in it) is another user's. Nil for root, whom ownership never refuses (an
    /// immutable file or a mount does), and where all it looked at is this user's already: then the
    /// cause is a mode, not an owner.
    public static func advice(refusedWriteIn folder: String, paths: [String] = []) -> String? {
        let me = current
        guard me.uid != 0, let owner = of(folder) else { return nil }
        guard owner.uid == me.uid else {
            return "\(folder) is \(owner.words)'s: run roam-board as that user (\(owner.runAs) roam-board …)"
        }
        let looked = paths.isEmpty ? entries(folder, depth: 2) : paths
        let others = looked.filter { of($0).map { $0.uid != me.uid } ?? false }
        guard !others.isEmpty else { return nil }
        if paths.isEmpty {
            let named = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? " and \(others.count - 3) more" : "")
            return "\(named) in \(folder) \(others.count == 1 ? "is" : "are") another user's (made by a 'sudo roam-board …', say): "
                + "give everything in it back to \(owner.words), the data folder's owner: \(owner.chown([folder], recursive: true))"
        }
        let whose = Set(others.compactMap { of($0)?.words }).sorted().joined(separator: " and ")
        let one = others.count == 1
        let cause = others.allSatisfy { of($0)?.uid == 0 } ? " (made by a 'sudo roam-board …')" : ""
        return "\(others.joined(separator: ", ")) \(one ? "is" : "are") \(whose)'s\(cause): \(owner.words), the data folder's owner, "
            + "may not write \(one ? "it" : "them"): give \(one ? "it" : "them") back: \(owner.chown(others))"
    }

    /// The first folder on the way to `path` this user may not enter, else `path` itself when it
    /// is there and this user may not read it; nil when nothing bars the read (or `path` is not there).
    public static func barring(_ path: String) -> String? {
        var folder = path.hasPrefix("/") ? "" : "."
        for part in FilePath.parent(path).split(separator: "/") {
            folder += "/" + part
            if access(folder, X_OK) != 0 { return errno == EACCES ? folder : nil }
        }
        return access(path, R_OK) != 0 && errno == EACCES ? path : nil
    }

    /// The paths in `folder` and, down to `depth` levels, in the folders in it; none it cannot list.
    private static func entries(_ folder: String, depth: Int) -> [String] {
        guard depth > 0, let names = try? FileSystem.folderEntries(folder) else { return [] }
        return names.flatMap { name -> [String] in
            let path = FilePath.join(folder, name)
            return [path] + (FileSystem.visibleKind(path, followLinks: false) == .folder ? entries(path, depth: depth - 1) : [])
        }
    }

    /// The account `name` names: a user name, or UID:GID as numbers (a system without a user
    /// database for it, as the kernel-sim guest); nil when this system has no such user.
    public static func named(_ name: String) -> FolderOwner? {
        let numbers = name.split(separator: ":", omittingEmptySubsequences: false).map { uid_t($0) }
        if numbers.count == 2, let uid = numbers[0], let gid = numbers[1] { return FolderOwner(uid: uid, gid: gid) }
        var entry = passwd(), result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwnam_r(name, &entry, &buffer, buffer.count, &result) == 0, let result else { return nil }
        return FolderOwner(uid: result.pointee.pw_uid, gid: result.pointee.pw_gid)
    }

    private static func accountName(_ uid: uid_t) -> String? {
        var entry = passwd(), result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, let result else { return nil }
        return String(cString: result.pointee.pw_name)
    }

    private static func groupName(_ gid: gid_t) -> String? {
        var entry = group(), result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getgrgid_r(gid, &entry, &buffer, buffer.count, &result) == 0, let result else { return nil }
        return String(cString: result.pointee.gr_name)
    }
}

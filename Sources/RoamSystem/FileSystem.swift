import Glibc

/// The file operations the board needs, straight on libc: no Foundation, whose FileManager alone
/// pulls ICU's 30 MB into a static binary. Failures are `SystemError`s that name the path.
public enum FileSystem {
    public enum Kind: Equatable, Sendable {
        case file, folder, symlink, device, namedPipe, socket, other

        /// "a folder", "a named pipe (FIFO)": what is there, in words.
        public var words: String {
            switch self {
            case .file: "a file"
            case .folder: "a folder"
            case .symlink: "a symbolic link"
            case .device: "a device"
            case .namedPipe: "a named pipe (FIFO)"
            case .socket: "a socket"
            case .other: "an unusual kind of file"
            }
        }
    }

    /// What is at `path` (following symlinks unless `followLinks` is false); nil when nothing is
    /// (ENOENT, ENOTDIR). Any other failure is not "nothing": a folder this user may not search, a
    /// name too long, a loop of links or a failing card throws, naming the path and why.
    public static func kind(_ path: String, followLinks: Bool = true) throws(SystemError) -> Kind? {
        var st = stat()
        guard (followLinks ? stat(path, &st) : lstat(path, &st)) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SystemError("look at", path, .current, access: .read)
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symlink
        case S_IFCHR, S_IFBLK: return .device
        case S_IFIFO: return .namedPipe
        case S_IFSOCK: return .socket
        default: return .other
        }
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
    /// The absolute path with every symbolic link, "." and ".." resolved; nil when it is not there.
    public static func resolved(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
    /// Nothing is at `path` (ENOENT, ENOTDIR): unlike `!exists`, not a path this user may not look into (EACCES).
    public static func isMissing(_ path: String) -> Bool { access(path, F_OK) != 0 && (errno == ENOENT || errno == ENOTDIR) }
    /// A folder this user can see: false also where it may not look (the open that follows says why).
    public static func isFolder(_ path: String) -> Bool { visibleKind(path) == .folder }
    public static func isExecutable(_ path: String) -> Bool { visibleKind(path) == .file && access(path, X_OK) == 0 }

    /// What this user can see at `path`: nil also where it may not look. Only for a yes-or-no
    /// question whose caller opens the path next and says that failure, or words that need no more.
    public static func visibleKind(_ path: String, followLinks: Bool = true) -> Kind? {
        do { return try kind(path, followLinks: followLinks) } catch { return nil }
    }

    /// The size in bytes of the file at `path`.
    public static func size(_ path: String) throws(SystemError) -> Int64 {
        var st = stat()
        guard stat(path, &st) == 0 else { throw SystemError("stat", path, .current, access: .read) }
        return Int64(st.st_size)
    }

    /// The bytes the file at `path` takes on its file system (allocated blocks: a sparse file's
    /// holes take none); 0 when nothing is there.
    public static func allocatedBytes(_ path: String) -> Int64 {
        var st = stat()
        return stat(path, &st) == 0 ? Int64(st.st_blocks) * 512 : 0
    }

    /// The size and modification time of the file at `path` ("bytes.seconds.nanoseconds"), nil when
    /// nothing is there: tells two builds of a program apart without reading them.
    public static func sizeAndTime(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return "\(st.st_size).\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }

    /// What any save of `path` changes (device, inode, size, modification and status-change times):
    /// written in place, renamed over, removed, made again or re-permissioned. nil when nothing is there.
    public static func changeStamp(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return "\(st.st_dev).\(st.st_ino).\(st.st_size).\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec).\(st.st_ctim.tv_sec).\(st.st_ctim.tv_nsec)"
    }

    /// Which file is at `path` (device and inode), nil when none is: a file put in its place
    /// (renamed over it, or removed and made again) has another.
    public static func identity(_ path: String) -> FileIdentity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// Bytes free for an unprivileged writer on the filesystem holding `path` (statvfs: blocks
    /// available to non-root, not the root-only reserve).
    public static func availableBytes(_ path: String) throws(SystemError) -> Int64 {
        var fs = statvfs()
        guard statvfs(path, &fs) == 0 else { throw SystemError("measure free space on", path, .current, access: .read) }
        return Int64(fs.f_bavail) * Int64(fs.f_frsize)
    }

    /// Whether the file system holding `path` is mounted read-only (statvfs's ST_RDONLY): the kernel
    /// remounts a card that reports errors so, and then nothing on it can be written.
    public static func isMountedReadOnly(_ path: String) throws(SystemError) -> Bool {
        var fs = statvfs()
        guard statvfs(path, &fs) == 0 else { throw SystemError("look at the mount of", path, .current, access: .read) }
        return fs.f_flag & UInt(ST_RDONLY) != 0
    }

    /// The whole file.
    public static func readBytes(_ path: String) throws(SystemError) -> [UInt8] {
        try reading(path) { fd throws(Errno) in try Descriptor.readAll(fd) }
    }

    /// The whole of a stream (a pipe, standard input: nothing to measure before reading), or nil
    /// when it holds more than `limit` bytes: a device such as /dev/zero would never end.
    public static func readBytes(_ path: String, atMost limit: Int) throws(SystemError) -> [UInt8]? {
        try reading(path) { fd throws(Errno) in try Descriptor.readAll(fd, atMost: limit) }
    }

    /// `path` opened for reading, close-on-exec, for `body`; either failure names the path.
    private static func reading<T>(_ path: String, _ body: (CInt) throws(Errno) -> T) throws(SystemError) -> T {
        let fd: CInt
        do { fd = try retryingInterrupted { open(path, O_RDONLY | O_CLOEXEC) } } catch { throw SystemError("open", path, error, access: .read) }
        defer { close(fd) }
        do { return try body(fd) } catch { throw SystemError("read", path, error, access: .read) }
    }

    /// The whole file as UTF-8 text (invalid bytes become U+FFFD).
    public static func readText(_ path: String) throws(SystemError) -> String {
        String(decoding: try readBytes(path), as: UTF8.self)
    }

    /// Writes `bytes` to `path`, replacing it, without fsync: for files that matter only while the
    /// system runs (sysfs and configfs attributes, scratch files). Durable files use `DurableFile`.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(SystemError) {
        let made = try kind(path) == nil
        let fd: CInt
        do { fd = try retryingInterrupted { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) } } catch { throw SystemError("create", path, error) }
        defer { close(fd) }
        if made { try FolderOwner.give(path) }
        do { try Descriptor.writeAll(fd, bytes) } catch { throw SystemError("write", path, error) }
    }

    /// The names in a folder, without "." and "..", sorted bytewise (the order `ls` gives in the C locale).
    public static func folderEntries(_ path: String) throws(SystemError) -> [String] {
        guard let dir = opendir(path) else { throw SystemError("list folder", path, .current, access: .read) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            // readdir says "end" and "failed" (EIO on a dying card) both with NULL; only errno tells them apart.
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw SystemError("list folder", path, .current, access: .read) }
                break
            }
            let name = entry.pointee.name
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Creates `path` and any missing parent folders; a folder already there is fine, a file where
    /// one belongs is ENOTDIR for that file. Returns the folders it made, outermost first: a caller
    /// may take back what it made and nothing else.
    @discardableResult
    public static func makeFolders(_ path: String, mode: mode_t = 0o755) throws(SystemError) -> [String] {
        if isFolder(path) { return [] }
        let parent = FilePath.parent(path)
        var made: [String] = []
        if parent != path && parent != "." && parent != "/" { made = try makeFolders(parent, mode: mode) }
        if mkdir(path, mode) == 0 {
            try FolderOwner.give(path)
            return made + [path]
        }
        guard errno == EEXIST else { throw SystemError("create folder", path, .current) }
        // A file where a folder belongs: ENOTDIR for it, as the kernel says of the path below it (not "exists already").
        guard isFolder(path) else { throw SystemError("create folder", path, Errno(rawValue: ENOTDIR)) }
        return made
    }

    /// Creates an empty file at `path` unless something is there already (O_EXCL: never truncates
    /// what another process just made), given to the folder's owner (`FolderOwner.give`). True when it made one.
    @discardableResult
    public static func makeFile(_ path: String, mode: mode_t = 0o644) throws(SystemError) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else {
            if errno == EEXIST { return false }
            throw SystemError("create", path, .current)
        }
        close(fd)
        // Not left behind as root's when it cannot be given: the next try makes it again.
        do { try FolderOwner.give(path) } catch { unlink(path); throw error }
        return true
    }

    /// Cuts a file to no bytes, giving its room back; nothing there is fine.
    public static func emptyIfPresent(_ path: String) throws(SystemError) {
        guard truncate(path, 0) == 0 || errno == ENOENT else { throw SystemError("empty", path, .current) }
    }

    /// Removes a file, a symlink or a whole folder tree; nothing there is fine.
    public static func removeTree(_ path: String) throws(SystemError) {
        // Nothing there is fine; a path that cannot be looked at (EACCES, EIO) throws and is not removed.
        guard let kind = try kind(path, followLinks: false) else { return }
        if kind == .folder {
            for name in try folderEntries(path) { try removeTree(FilePath.join(path, name)) }
            guard rmdir(path) == 0 || errno == ENOENT else { throw SystemError("remove folder", path, .current) }
        } else {
            guard unlink(path) == 0 || errno == ENOENT else { throw SystemError("remove", path, .current) }
        }
    }

    /// Where the symbolic link at `path` points.
    public static func linkTarget(_ path: String) throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { throw SystemError("read link", path, .current, access: .read) }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder for scratch files: $TMPDIR, else /tmp.
    public static var temporaryFolder: String { Environment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp" }

    /// A new file in `temporaryFolder`, readable by its owner alone and unlinked at once: its bytes
    /// live only as long as the descriptor, whatever happens next (nothing left behind by a kill).
    /// The caller closes it. `holding` is written and the offset set back to the start: a seekable
    /// standard input for a child that will not read a pipe (gpsbabel's FIT reader).
    public static func unlinkedScratchFile(holding bytes: [UInt8] = []) throws(SystemError) -> CInt {
        let dir = temporaryFolder
        var template = Array((dir + "/roam-board-scratch-XXXXXX").utf8CString)
        let fd: CInt
        // Close-on-exec from birth (mkostemp, not mkstemp): a child reaches it only as the stdin it is given.
        do { fd = try retryingInterrupted { template.withUnsafeMutableBufferPointer { makeTemporaryFile($0.baseAddress!, O_CLOEXEC) } } } catch {
            throw SystemError("create a temporary file in", dir, error)
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        do throws(Errno) {
            try Descriptor.writeAll(fd, bytes)
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw Errno.current }
        } catch {
            close(fd)
            throw SystemError("write a temporary file in", dir, error)
        }
        return fd
    }
}

/// Swift's Glibc module is built without _GNU_SOURCE and so does not declare mkostemp, the
/// mkstemp that takes O_CLOEXEC; the C library has had it since glibc 2.7. Looked up once by name.
private typealias MakeTemporaryFile = @convention(c) (UnsafeMutablePointer<CChar>, CInt) -> CInt
private let makeTemporaryFileFunction: MakeTemporaryFile = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mkostemp") else {
        preconditionFailure("the C library has no mkostemp (glibc 2.7 or later is required)")
    }
    return unsafeBitCast(symbol, to: MakeTemporaryFile.self)
}()

private func makeTemporaryFile(_ template: UnsafeMutablePointer<CChar>, _ flags: CInt) -> CInt {
    makeTemporaryFileFunction(template, flags)
}

/// One file on one device, whatever its path: `FileSystem.identity`.
public struct FileIdentity: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
}

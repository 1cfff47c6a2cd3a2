import Glibc
import Testing
import RoamSystem

/// The libc file layer that replaces FileManager: each test runs on a real folder under /tmp.
@Suite struct FileSystemTests {
    let root: String

    init() throws {
        var template = Array("/tmp/roam-system-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        root = String(cString: try #require(made))
    }

    @Test("makeFolders creates every missing parent; removeTree removes the whole tree, and nothing there is fine")
    func foldersAreMadeAndRemovedWhole() throws {
        let deep = root + "/a/b/c"
        try FileSystem.makeFolders(deep)
        try FileSystem.makeFolders(deep)
        try FileSystem.write(Array("x".utf8), to: deep + "/f")
        #expect(try FileSystem.kind(deep) == .folder)
        #expect(try FileSystem.folderEntries(root + "/a/b") == ["c"])
        try FileSystem.removeTree(root)
        #expect(!FileSystem.exists(root))
        try FileSystem.removeTree(root)
    }

    @Test("A failure names what was done, to which path, and the kernel's answer in plain words, not its code")
    func failuresNameThePath() throws {
        defer { try? FileSystem.removeTree(root) }
        let missing = root + "/missing.txt"
        #expect(throws: SystemError("open", missing, .noSuchFile, access: .read)) { try FileSystem.readBytes(missing) }
        do {
            _ = try FileSystem.readBytes(missing)
        } catch {
            #expect(error.description.hasPrefix("cannot open \(missing): "))
            #expect(error.description == "cannot open \(missing): it does not exist: check the path (its folder must exist)")
        }
        // What selftest's data check and the recorder's storage watch say, not "cannot statvfs".
        #expect(throws: SystemError("measure free space on", missing, .noSuchFile, access: .read)) { try FileSystem.availableBytes(missing) }
    }

    @Test("removeTree refuses a path it cannot look at instead of calling it removed; nothing there is fine")
    func removeTreeSaysWhatItCannotSee() throws {
        defer { try? FileSystem.removeTree(root) }
        // A name longer than NAME_MAX: lstat fails with ENAMETOOLONG, for root as for anyone.
        let unseeable = root + "/" + String(repeating: "a", count: 300)
        #expect(throws: SystemError("look at", unseeable, Errno(rawValue: ENAMETOOLONG), access: .read)) { try FileSystem.removeTree(unseeable) }
        try FileSystem.write(Array("x".utf8), to: root + "/file")
        try FileSystem.removeTree(root + "/file/under-a-file")
        try FileSystem.removeTree(root + "/missing")
    }

    @Test("DurableFile.replace leaves the new bytes under the name and no partial file beside it")
    func durableReplaceSwapsWholeFiles() throws {
        defer { try? FileSystem.removeTree(root) }
        let path = root + "/status"
        try DurableFile.replace(path, with: Array("old".utf8))
        try DurableFile.replace(path, with: Array("new bytes".utf8))
        #expect(try FileSystem.readText(path) == "new bytes")
        #expect(try FileSystem.folderEntries(root) == ["status"])
        #expect(throws: SystemError.self) { try DurableFile.replace(root + "/no/such/folder/x", with: []) }
    }

    @Test("DurableFile.replace names the file asked for in a failure, never the .partial beside it")
    func durableReplaceNamesItsFile() throws {
        defer { try? FileSystem.removeTree(root) }
        try FileSystem.makeFolders(root + "/taken")
        #expect(throws: SystemError("create", root + "/no/x", .noSuchFile)) { try DurableFile.replace(root + "/no/x", with: []) }
        #expect(throws: SystemError("write", root + "/taken", Errno(rawValue: EISDIR))) { try DurableFile.replace(root + "/taken", with: []) }
        #expect(try FileSystem.folderEntries(root) == ["taken"])
    }

    @Test("makeFolders gives the folders it made, outermost first, so a caller can take back its own")
    func makeFoldersSaysWhatItMade() throws {
        defer { try? FileSystem.removeTree(root) }
        try FileSystem.makeFolders(root + "/a")
        #expect(try FileSystem.makeFolders(root + "/a/b/c/") == [root + "/a/b", root + "/a/b/c/"])
        #expect(try FileSystem.makeFolders(root + "/a/b/c") == [])
    }

    @Test("FilePath reads paths as dirname and basename do")
    func pathsSplitLikeTheShell() {
        #expect(FilePath.parent("a/b/c") == "a/b")
        #expect(FilePath.parent("/c") == "/")
        #expect(FilePath.parent("c") == ".")
        #expect(FilePath.parent("a/b/") == "a")
        #expect(FilePath.lastComponent("a/b/c.gpx") == "c.gpx")
        #expect(FilePath.join("a/", "b") == "a/b")
        #expect(FilePath.pathExtension("ride.FIT") == "fit")
        #expect(FilePath.pathExtension(".hidden") == "")
    }

    @Test("A scratch file holds its bytes from the start, and has no name left: nothing stays behind")
    func scratchFileIsUnlinkedAndRewound() throws {
        defer { try? FileSystem.removeTree(root) }
        let fd = try FileSystem.unlinkedScratchFile(holding: Array("ride".utf8))
        defer { close(fd) }
        var back = [UInt8](repeating: 0, count: 8)
        #expect(read(fd, &back, back.count) == 4 && Array(back.prefix(4)) == Array("ride".utf8))
        #expect(try FileSystem.linkTarget("/proc/self/fd/\(fd)").hasSuffix(" (deleted)"))
    }
}

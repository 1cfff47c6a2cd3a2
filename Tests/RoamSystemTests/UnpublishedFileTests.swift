import Glibc
import Testing
import RoamSystem

/// A durable file is written under no name until it is whole: a name as long as the file system
/// takes works (a `NAME.partial` beside it was 8 bytes longer: ENAMETOOLONG at 248 bytes and up),
/// and nothing unfinished is ever listed in the folder. Each test runs on a real folder under /tmp.
@Suite struct UnpublishedFileTests {
    let root: String

    init() throws {
        var template = Array("/tmp/roam-unpublished-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        root = String(cString: try #require(made))
    }

    @Test("DurableFile.replace takes a 252-byte name, and leaves nothing beside it")
    func aLongNameIsReplacedWhole() throws {
        defer { try? FileSystem.removeTree(root) }
        let name = String(repeating: "a", count: 248) + ".gpx"
        try DurableFile.replace(root + "/" + name, with: Array("old".utf8))
        try DurableFile.replace(root + "/" + name, with: Array("new".utf8))
        #expect(try FileSystem.readText(root + "/" + name) == "new")
        #expect(try FileSystem.folderEntries(root) == [name])
    }

    @Test("while it is written the folder lists nothing; published, it is there under its name alone")
    func nothingIsListedUntilItIsPublished() throws {
        defer { try? FileSystem.removeTree(root) }
        let file = try UnpublishedFile(for: root + "/ride.fit")
        try Descriptor.writeAll(file.fd, Array("bytes".utf8))
        #expect(try FileSystem.folderEntries(root) == [])
        try file.publish(replacing: false)
        #expect(try FileSystem.folderEntries(root) == ["ride.fit"])
        #expect(try FileSystem.readText(root + "/ride.fit") == "bytes")
    }

    @Test("without replacing, a file already there is EEXIST, kept as it was, with nothing beside it")
    func anExistingFileIsNotReplacedUnlessAsked() throws {
        defer { try? FileSystem.removeTree(root) }
        try FileSystem.write(Array("mine".utf8), to: root + "/ride.gpx")
        let file = try UnpublishedFile(for: root + "/ride.gpx")
        try Descriptor.writeAll(file.fd, Array("export".utf8))
        #expect(throws: SystemError("write", root + "/ride.gpx", Errno(rawValue: EEXIST))) { try file.publish(replacing: false) }
        #expect(try FileSystem.readText(root + "/ride.gpx") == "mine")
        #expect(try FileSystem.folderEntries(root) == ["ride.gpx"])
    }

    @Test("abandoned, it leaves nothing; its folder missing, the failure names the file asked for")
    func abandonedLeavesNothing() throws {
        defer { try? FileSystem.removeTree(root) }
        let file = try UnpublishedFile(for: root + "/ride.csv")
        try Descriptor.writeAll(file.fd, Array("half".utf8))
        file.abandon()
        #expect(try FileSystem.folderEntries(root) == [])
        #expect(throws: SystemError("create", root + "/no/ride.csv", .noSuchFile)) { try UnpublishedFile(for: root + "/no/ride.csv") }
    }
}

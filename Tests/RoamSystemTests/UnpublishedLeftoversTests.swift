import Glibc
import Testing
import RoamSystem

/// What the next write into a folder removes of the hidden files (`.roam-XXXXXXXX`) a killed
/// writer left, and what it leaves: a live writer's (locked), one made since the write began, one
/// linked to its name already (two links), and any other name. A real folder under /tmp.
@Suite struct UnpublishedLeftoversTests {
    let root: String

    init() throws {
        var template = Array("/tmp/roam-leftovers-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        root = String(cString: try #require(made))
    }

    /// A file of `bytes` at `name`, last changed an hour ago (as a kill long before would leave it) unless `recent`.
    func leave(_ name: String, recent: Bool = false) throws {
        try FileSystem.write(Array(repeating: 0x5A, count: 4096), to: root + "/" + name)
        guard !recent else { return }
        var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        try #require(utimensat(AT_FDCWD, root + "/" + name, &times, 0) == 0)
    }

    @Test func onlyLeftoversNoWriterHoldsAreRemoved() throws {
        defer { try? FileSystem.removeTree(root) }
        try leave(".roam-dead0001")
        try leave(".roam-live0002")
        try leave(".roam-link0003")
        try #require(link(root + "/.roam-link0003", root + "/published.gpx") == 0)
        try leave(".roam-short")
        try leave("roam-abcdefgh")
        // A writer still alive: it holds its file's lock.
        let live = open(root + "/.roam-live0002", O_RDONLY | O_CLOEXEC)
        try #require(live >= 0 && flock(live, LOCK_EX | LOCK_NB) == 0)
        defer { close(live) }

        let file = try UnpublishedFile(for: root + "/ride.gpx")
        // Made while this write runs: another writer's, whatever its lock.
        try leave(".roam-made0004", recent: true)
        try Descriptor.writeAll(file.fd, Array("ride".utf8))
        try file.publish(replacing: true)

        let entries = Set(try FileSystem.folderEntries(root))
        #expect(entries == [".roam-live0002", ".roam-link0003", "published.gpx", ".roam-short", "roam-abcdefgh", ".roam-made0004", "ride.gpx"],
                "\(entries.sorted())")
    }
}

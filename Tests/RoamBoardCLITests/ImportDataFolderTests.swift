import Foundation
import RoamTestSupport
import Testing

/// `import` into a data folder it cannot make says why in the words every output uses for a folder
/// it could not make (`OutputFailure.creating`), by the path shown as every path is: not "check its
/// parent's permissions" whatever the cause. A real read-only tmpfs.
@Suite(.needs(geteuid() == 0, "mounting a tmpfs needs root"))
struct ImportDataFolderTests {
    @Test("A data folder on a read-only file system is said as one, not as its parent's permissions")
    func aReadOnlyFileSystemIsSaidAsOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-import-folder-\(UUID().uuidString)")
        let card = dir.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestTools.run("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", card.path])
        defer { _ = try? TestTools.status("/bin/umount", [card.path]) }  // cleanup only
        let gpx = dir.appendingPathComponent("ride.gpx")
        try Data(ImportCommandTests.gpx(5).utf8).write(to: gpx)
        let r = try CLIRunner.run(["import", "--db", card.path + "/board/rides.db", gpx.path])
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("cannot create folder \(card.path)/board: "), "\(r.stderr)")
        #expect(!r.stderr.contains("check its parent's permissions"), "\(r.stderr)")
    }
}

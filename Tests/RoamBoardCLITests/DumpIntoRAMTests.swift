import Foundation
import RoamTestSupport
import Testing
import RoamStore

/// The README handed rides over into /tmp, which is tmpfs (RAM) on Raspberry Pi OS trixie:
/// `dump --not-dumped -o /tmp/rides/` marked the rides dumped while their only copy was in RAM, a
/// power cut lost the files, and `prune --dumped-before` could then delete the rides themselves.
/// Written into a folder in RAM, the files are written and the rides are not marked; /dev/shm is a real tmpfs.
@Suite(.needs(SharedMemoryFolder.isTmpfs, "needs /dev/shm on tmpfs, a folder in RAM this user may write"))
struct DumpIntoRAMTests {
    private func dumpedAt(_ db: String, _ id: Int64) throws -> Int64? {
        try #require(try RideReader(path: db).ride(id: id)).dumpedUTCms
    }

    @Test func ridesDumpedIntoRAMAreWrittenButNotMarked() throws {
        let f = try DumpFixture.make()
        let shm = URL(fileURLWithPath: "/dev/shm/roam-dump-\(UUID().uuidString)")
        defer { f.remove(); try? FileManager.default.removeItem(at: shm) }
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "gpx", "-o", shm.path + "/"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: shm.path)
        #expect(files.count == 2, "\(files)")
        #expect(r.stderr.contains("rides \(f.a.id), \(f.b.id) written but not marked as handed over: \(shm.path) is on tmpfs, in RAM, "
                                  + "so a power cut loses the files; 'dump --not-dumped' offers them again"), "\(r.stderr)")
        #expect(try dumpedAt(f.dbPath, f.a.id) == nil && dumpedAt(f.dbPath, f.b.id) == nil)

        // Offered again, and marked once written to a disk.
        let disk = f.directory.appendingPathComponent("rides")
        let again = try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "gpx", "-o", disk.path + "/"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("not marked"), "\(again.stderr)")
        #expect(try dumpedAt(f.dbPath, f.a.id) != nil && dumpedAt(f.dbPath, f.b.id) != nil)
    }

    /// One ride to one file in RAM: the same, in the singular.
    @Test func oneRideToAFileInRAMIsNotMarked() throws {
        let f = try DumpFixture.make()
        let file = "/dev/shm/roam-dump-\(UUID().uuidString).fit"
        defer { f.remove(); try? FileManager.default.removeItem(atPath: file) }
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "fit", "-o", file])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(r.stderr.contains("ride \(f.a.id) written but not marked as handed over: /dev/shm is on tmpfs, in RAM"), "\(r.stderr)")
        #expect(try dumpedAt(f.dbPath, f.a.id) == nil)
    }
}

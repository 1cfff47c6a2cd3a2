import Foundation
import Glibc
import RoamTestSupport
import Testing

/// A rebuild writes only what changed: from the third build on, the image served before
/// (`drive.img.spare`) is edited in place, and only the new ride's files (FIT, GPX and its page) are copied in, with index.html. A base that
/// no longer agrees with its manifest (a host wrote to it, a power cut in the middle of an edit)
/// is never reused: the build makes a new image instead. Every image is read back clean.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveRebuildTests {
    @Test func theSpareIsEditedInPlaceUnlessItWasChanged() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-rebuild")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let image = dir.appendingPathComponent("drive.img").path
        var ids: [Int64] = []
        var lines: [String] = []
        for _ in 0..<4 {
            ids.append(try DriveProbe.recordBenchRide(db))
            let r = try CLIRunner.run(["drive-image", "--db", db])
            #expect(r.status == 0, "\(r.stderr)")
            lines.append(r.stderr)
            let onDrive = try DriveProbe.rideIDs(image)
            #expect(onDrive == Set(ids), "\(onDrive)")
            let fsck = try DriveProbe.fsck(image)
            #expect(fsck.status == 0, "\(fsck.out)")
        }
        #expect(lines[0].contains("new image: 3 files copied in"), "\(lines[0])")
        #expect(lines[1].contains("new image: 6 files copied in"), "no spare yet: \(lines[1])")
        // The spare held rides 1 and 2: rides 3 and 4 are copied in, nothing else.
        #expect(lines[2].contains("in place: 6 files copied in, 0 deleted"), "\(lines[2])")
        #expect(lines[3].contains("in place: 6 files copied in, 0 deleted"), "\(lines[3])")
        // Each ride's files are three (FIT, GPX, its page); index.html, rewritten by every build, links them all.
        let index = try DriveProbe.run("mtype", ["-i", image, "::/index.html"])
        #expect(index.status == 0, "\(index.err)")
        for id in ids { #expect(index.out.contains("-ride-\(id).html\""), "index.html lacks ride \(id)") }

        // The spare changed behind the board's back: a new image, not an edit of it.
        let stray = dir.appendingPathComponent("stray.txt")
        try Data("written by a host\n".utf8).write(to: stray)
        let wrote = try DriveProbe.run("mcopy", ["-i", image + ".spare", stray.path, "::/Rides/stray.txt"])
        #expect(wrote.status == 0, "\(wrote.err)")
        ids.append(try DriveProbe.recordBenchRide(db))
        let r = try CLIRunner.run(["drive-image", "--db", db])
        #expect(r.status == 0 && r.stderr.contains("new image: 15 files copied in"), "\(r.stderr)")
        let files = try DriveProbe.rideFiles(image)
        #expect(files.count == 15 && !files.contains("stray.txt"), "\(files)")
        let fsck = try DriveProbe.fsck(image)
        #expect(fsck.status == 0, "\(fsck.out)")
    }

    /// A half-edited base from a crash (`drive.img.new`) is dropped; the served image stays whole.
    @Test func aHalfEditedImageIsDroppedAtTheNextBuild() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-half")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let image = dir.appendingPathComponent("drive.img").path
        let first = try DriveProbe.recordBenchRide(db)
        #expect(try CLIRunner.run(["drive-image", "--db", db]).status == 0)
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: image + ".new"))
        let second = try DriveProbe.recordBenchRide(db)
        let r = try CLIRunner.run(["drive-image", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: image + ".new"))
        let onDrive = try DriveProbe.rideIDs(image)
        #expect(onDrive == [first, second])
    }
}

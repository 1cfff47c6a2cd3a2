import Foundation
import Glibc
import Testing
import RoamDrive

/// The drive's lines in a rider's terms: what was built and for when, never a working file
/// (`.next`, `.new`, `.spare`, `.staging`).
@Suite(.serialized, .enabled(if: DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveWordsTests {
    /// It said "drive: built /…/drive.img.next (67.9 MiB) with 1 ride, new image: …".
    @Test func theBuiltLineSaysWhatWasBuiltNotItsWorkingFile() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-words-built")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try DriveProbe.recordBenchRide(db)
        let said = DriveKeeperListingTests.Said()
        _ = try DriveKeeperListingTests().keeper(db, in: dir, said: said)
        let built = said.lines.filter { $0.hasPrefix("drive: built") }
        #expect(built.count == 1, "\(said.lines)")
        let line = built.first ?? ""
        #expect(line.hasPrefix("drive: built the drive image for the next plug-in: 1 ride, "), "\(line)")
        #expect(line.firstMatch(of: /, [0-9.]+ MiB \(new image: 1 file copied in\)$/) != nil, "\(line)")
        #expect(!line.contains(dir.path) && !line.contains(".next"), "\(line)")
    }

    /// An export the file-size limit stops (a real `ulimit -f`) names the ride file as the drive's
    /// working copy, not its path in `.staging`. It said "cannot write /…/drive.img.staging/Rides/….gpx: file too large".
    @Test func aFailedExportNamesNoWorkingFolder() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-words-export")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try DriveProbe.recordBenchRide(db)
        let build = try TrialChild(URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 200 && exec \"$0\" \"$@\"", TrialPaths.binary.path,
                                                                     "drive-image", "--db", db])
        #expect(build.finish() == 74, "\(build.stderrLines)")
        let said = build.stderrLines.joined(separator: "\n")
        #expect(said.firstMatch(of: /cannot build the drive image: cannot write the drive's working copy of Rides\/[^ ]+-ride-1\.gpx: file too large/) != nil,
                "\(said)")
        #expect(!said.contains(".staging") && !said.contains(dir.path), "\(said)")
    }
}

import Foundation
import RoamTestSupport
import Testing
import RoamCore
import RoamStore

/// A receiver whose clock stepped back a minute for good, its fixes accepted (the clock confirmed
/// the step): the drive's FIT file, `dump`'s own bytes, holds no record of the four fixes before the
/// last record's time. README.txt says so in the very line `dump --format fit` says after that file;
/// it said nothing, and a rider read fewer points on the drive with no word anywhere.
@Suite(.needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveFITTimeBackTests {
    @Test func readmeSaysWhatTheDrivesFITFileHasNoRecordOf() throws {
        var script = RideScript(lat: 47.9950, lon: 7.8420, startUTCms: DumpFixture.startUTCms, barometer: true)
        script.move(seconds: 30, speedMps: { _ in 12 }, bearingDeg: 35)
        let (db, id, _) = try DumpFixture.oneRide(script, adjust: { fixes in
            for i in 14...17 { fixes[i].utcMs! -= 60_000 }
        }) { _ in [] }
        let dir = URL(fileURLWithPath: (db as NSString).deletingLastPathComponent)
        defer { TrialPaths.remove(dir) }
        let dumped = dir.appendingPathComponent("dumped")
        let dump = try CLIRunner.run(["dump", "--db", db, "--ride", "\(id)", "--format", "fit", "--out", dumped.path + "/"])
        let line = "ride \(id): 4 fixes have no record in the FIT file: their times go back before a fix already written "
            + "(the receiver's clock jumped back), and a FIT file's times must rise; the ride's GPX and CSV exports keep them"
        #expect(dump.status == 0 && dump.stderr.contains(line), "\(dump.stderr)")

        let image = dir.appendingPathComponent("drive.img").path
        let built = try CLIRunner.run(["drive-image", "--db", db, "--image", image])
        try #require(built.status == 0, "\(built.stderr)")
        let readme = try DriveProbe.readme(image)
        #expect(readme.contains("\r\nWhat files on this drive leave out, as 'roam-board dump' says it of the same files:\r\n  \(line)\r\n"),
                "\(readme)")
        // The line is said of the very file on the drive: dump's bytes.
        let rides = try DriveProbe.copyOut(image, into: dir.appendingPathComponent("host"))
        let fit = try #require(try FileManager.default.contentsOfDirectory(atPath: dumped.path).first { $0.hasSuffix(".fit") })
        #expect(try DriveProbe.bytes(rides.appendingPathComponent(fit)) == DriveProbe.bytes(dumped.appendingPathComponent(fit)))
    }
}

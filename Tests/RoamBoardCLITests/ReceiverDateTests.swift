import Foundation
import RoamCore
import Testing

/// A receiver date that cannot be true dates nothing (P4), end to end: the capture's bytes go
/// through the bench module's pseudo-terminal into `record`, and `show`, `dump` read the ride.
@Suite struct ReceiverDateTests {
    @Test func aPlaceholderDateWithAFixDatesNoRide() throws {
        // 20 s of fixes the receiver dates 2080-01-06 (an MTK placeholder), then the true date.
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = ""
        for s in 0..<40 {
            let time = "1500\(s < 10 ? "0" : "")\(s).00"
            let lon = "00757.\(String(1000 + s * 6).dropFirst())"
            text += NMEAChecksum.seal("$GPGGA,\(time),4757.840,N,\(lon),E,1,09,0.9,400.0,M,48.0,M,,") + "\r\n"
            text += NMEAChecksum.seal("$GPZDA,\(time),\(s < 20 ? "06,01,2080" : "14,06,2026"),00,00") + "\r\n"
        }
        let capture = dir.appendingPathComponent("placeholder.nmea")
        try Data(text.utf8).write(to: capture)
        let db = dir.appendingPathComponent("rides.db").path
        let rec = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet", "--replay", capture.path])
        try #require(rec.status == 0, "\(rec.stderr)")
        #expect(rec.stderr.contains("the receiver dates its fixes 2080-01-06, which cannot be true: its time is not used"), "\(rec.stderr)")

        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        #expect(show.status == 0 && show.stdout.contains("  start       2026-06-14T1"), "\(show.stdout)")
        #expect(show.stdout.contains("; 20 back-filled") && !show.stdout.contains("2080"), "\(show.stdout)")
        let gpx = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx"])
        #expect(gpx.status == 0 && gpx.stdout.contains("<time>2026-06-14T") && !gpx.stdout.contains("2080-"), "\(gpx.stdout.prefix(2000))")
    }
}

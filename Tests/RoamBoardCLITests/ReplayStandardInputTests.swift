import Foundation
import RoamCore
import RoamStore
import Testing

/// `record --replay -` checks standard input as it checks a file, before a ride begins: empty
/// input or junk is refused (exit 65, no database), a closed one cannot be read (66); a capture
/// is replayed from its first checksummed sentence on (before, each started and stopped an empty ride).
@Suite struct ReplayStandardInputTests {
    /// `record --replay -` with standard input as `redirection` (sh's words) makes it.
    /// `$2` in it is `input`.
    static func record(_ redirection: String, db: String, input: String) throws -> CLIRunner.Result {
        try CLIRunner.run(["-c", "exec \"$0\" record --board Boards/bench --db \"$1\" --quiet --replay - \(redirection)",
                           CLIRunner.binary.path, db, input],
                          executable: URL(fileURLWithPath: "/bin/sh"))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String, junk: [UInt8]?, redirection: String, status: Int32, says: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "empty", junk: nil, redirection: "< /dev/null", status: 65, says: "standard input (--replay -) is empty: nothing to replay; nothing was recorded"),
        Case(name: "closed", junk: nil, redirection: "<&-", status: 66, says: "cannot read standard input (--replay -): it is closed or cannot be read"),
        Case(name: "junk", junk: (0..<70_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }, redirection: "< \"$2\"", status: 65,
             says: "standard input (--replay -) holds no checksummed NMEA sentence in its 70000 bytes; nothing was recorded"),
        Case(name: "sentence-shaped text", junk: Array("hello\n$GPRMC,no checksum\n$GPGGA,1,2,3*00\n".utf8), redirection: "< \"$2\"", status: 65,
             says: "holds no checksummed NMEA sentence"),
        // Issue 26: `cat ride.gpx | roam-board record --replay -` was told its bytes held no NMEA sentence.
        Case(name: "a GPX track", junk: Array(ReplayInputTests.gpx(ReplayInputTests.point("48.0", "2024-05-01T10:00:00Z")).utf8),
             redirection: "< \"$2\"", status: 65,
             says: "standard input (--replay -) is a GPX track: a track is replayed from a file, not standard input: save it and give its name"),
        Case(name: "a FIT file", junk: [14, 0x10, 0x5C, 0x08, 0, 0, 0, 0] + Array(".FIT".utf8) + [0, 0] + Array(repeating: 0x40, count: 3000),
             redirection: "< \"$2\"", status: 65,
             says: "standard input (--replay -) is a FIT file; replay takes GPX or NMEA, and a track from a file: save it as ride.fit, "
                + "convert it (gpsbabel -i garmin_fit -f ride.fit -o gpx,gpxver=1.1,garminextensions -F ride.gpx)"),
        // Stop 54: satellites and texts alone started a ride and left it empty.
        Case(name: "no position sentence", junk: Array(ReplayInputTests.noPositionCapture.utf8), redirection: "< \"$2\"", status: 65,
             says: "standard input (--replay -) holds 4 checksummed NMEA sentences (GSA, GSV, TXT) but no position sentence "
                + "(RMC, GGA, GLL or GNS): a replay needs a receiver's positions to record a ride; nothing was recorded"),
    ]

    @Test("refused before a ride begins", arguments: cases)
    func refused(_ c: Case) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("data/rides.db").path
        let input = dir.appendingPathComponent("input")
        if let junk = c.junk { try Data(junk).write(to: input) }
        let r = try Self.record(c.redirection, db: db, input: input.path)
        #expect(r.status == c.status, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(c.says), "said: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "a database was created for a refused replay")
    }

    @Test func aCaptureAfterJunkIsReplayedFromItsFirstSentence() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = "line noise $GP\r\n"
        for i in 0..<5 {
            let time = String(format: "1500%02d.00", i)
            text += NMEAChecksum.seal("$GPRMC,\(time),A,4757.84000,N,00757.11947,E,1.2,0.0,140626,,,A") + "\r\n"
            text += NMEAChecksum.seal("$GPGGA,\(time),4757.84000,N,00757.11947,E,1,09,0.9,400.0,M,48.0,M,,") + "\r\n"
        }
        let db = dir.appendingPathComponent("rides.db").path
        let input = dir.appendingPathComponent("input")
        try Data(text.utf8).write(to: input)
        let r = try Self.record("< \"$2\"", db: db, input: input.path)
        try #require(r.status == 0, "\(r.stderr)")
        let ride = try #require(try RideReader(path: db).ride(id: 1))
        #expect(ride.totals.fixCount == 5)
    }
}

import Foundation
import RoamCore
import Testing
@testable import RoamBoardCLI

/// packaging/deb/system-zone.sh, which roam-board-enable sources: `zone_accepted NAME ZONEINFO` takes
/// exactly the time_zone values roam-board takes (BoardProfile.parse's shape, then a zone file that
/// ZoneDatabase reads), and `system_zone` reads the name the system's /etc/localtime links to.
@Suite struct SystemZoneScriptTests {
    static let library = CLIRunner.repoRoot.appendingPathComponent("packaging/deb/system-zone.sh").path

    static func shell(_ script: String, _ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(["-c", ". \"$0\"; " + script, library] + arguments, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Zones, a link (US/Eastern), four parts, a folder, files that are no zone (leapseconds: text).
    @Test(arguments: ["Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+1", "US/Eastern", "UTC", "Europe/../Europe/Berlin",
                      "right/America/Argentina/Buenos_Aires", "/Europe/Berlin", "Europe/Berlin/", "Europe", "leapseconds", "zone.tab",
                      "Mars/Olympus_Mons", "1Europe/Berlin", ""])
    func theShellAcceptsTheZonesRoamBoardAccepts(_ name: String) throws {
        let conf = try EnableAgainTests.packageBoardConf("rpi-zero-2w") + "time_zone = \(name)\n"
        let swift = (try? BoardLoader.localTime(BoardProfile.parse(conf, file: "board.conf"), file: "board.conf")) != nil
        let shell = try Self.shell("zone_accepted \"$1\" /usr/share/zoneinfo", [name])
        let says = { (accepts: Bool) in accepts ? "accepts" : "refuses" }
        #expect((shell.status == 0) == swift, "the shell \(says(shell.status == 0)) '\(name)', roam-board \(says(swift)) it")
    }

    /// (what /etc/localtime links to, nil: a copy; /etc/timezone's text, nil: none; the zone read)
    static let systems: [(String?, String?, String)] = [
        ("/usr/share/zoneinfo/Europe/Berlin", "Etc/UTC\n", "Europe/Berlin"), ("../usr/share/zoneinfo/Asia/Kolkata", nil, "Asia/Kolkata"),
        ("/usr/share/zoneinfo/posix/Europe/Berlin", nil, "Europe/Berlin"), ("/var/lib/zone", "Europe/Berlin\n", "Europe/Berlin"),
        (nil, "\tEurope/Berlin \r\nAsia/Tokyo\n", "Europe/Berlin"), (nil, nil, ""),
    ]

    @Test(arguments: systems.indices)
    func theSystemsZoneIsTheLinksNameElseEtcTimezone(_ index: Int) throws {
        let (link, timezone, zone) = Self.systems[index]
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let localtime = dir.appendingPathComponent("localtime"), timezoneFile = dir.appendingPathComponent("timezone")
        if let link {
            try FileManager.default.createSymbolicLink(atPath: localtime.path, withDestinationPath: link)
        } else {
            try Data("TZif".utf8).write(to: localtime)
        }
        if let timezone { try timezone.write(to: timezoneFile, atomically: true, encoding: .utf8) }
        let read = try Self.shell("system_zone \"$1\" \"$2\"", [localtime.path, timezoneFile.path])
        #expect(read.status == 0 && read.stdout == zone + "\n", "\(read.stdout) \(read.stderr)")
    }
}

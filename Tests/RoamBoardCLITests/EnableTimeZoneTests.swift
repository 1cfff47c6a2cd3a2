import Foundation
import RoamCore
import Testing
@testable import RoamBoardCLI

/// The zone `roam-board-enable` gives the package's board.conf: the one the rider set on the system
/// (Raspberry Pi Imager links /etc/localtime into the zone database), so the USB drive's file dates,
/// which a computer shows as its own local time, are not UTC's hours off. A kept board.conf is the rider's.
@Suite struct EnableTimeZoneTests {
    /// Links the folder standing in for /etc/localtime to `target`, relative to that folder, as
    /// `ln -sf` does; a target starting with `zoneinfo/` points into the one standing in for /usr/share/zoneinfo.
    static func localtime(_ target: String) -> (URL) throws -> Void {
        { etc in
            let path = target.hasPrefix("zoneinfo/")
                ? EnableAgainTests.zoneinfo(etc: etc).path + "/" + target.dropFirst("zoneinfo/".count) : target
            try FileManager.default.createSymbolicLink(atPath: etc.appendingPathComponent("localtime").path, withDestinationPath: path)
        }
    }

    static let berlinLines = "# This system's time zone, set by roam-board-enable: the times shown, the file names and the\n"
        + "# USB drive's file dates are in it. Another: a zone name such as America/New_York; without the line: UTC.\n"
        + "time_zone = Europe/Berlin\n"

    /// The package's board.conf came in without time_zone, fresh or in place of another board's:
    /// the drive dated a ride that ended 00:09 in Berlin 2026-06-14 22:09. Both read the system's
    /// zone now, as roam-board itself then reads it.
    @Test(arguments: [nil, "rpi-4"])
    func thePackagesBoardConfTakesTheSystemsZone(replacing board: String?) throws {
        let before = try board.map { try EnableAgainTests.packageBoardConf($0) }
        let run = try EnableAgainTests.enable(boardConf: before, recorder: "inactive", selftestStatus: 0,
                                              etc: Self.localtime("zoneinfo/Europe/Berlin"))
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        let conf = try #require(run.file("board.conf"))
        #expect(try conf == EnableAgainTests.packageBoardConf("rpi-zero-2w") + Self.berlinLines)
        #expect(run.stdout.contains("roam-board: time_zone = Europe/Berlin (this system's zone) set in \(run.etc.path)/roam-board/board.conf"),
                "\(run.stdout)")
        let path = run.etc.appendingPathComponent("roam-board/board.conf").path
        #expect(try BoardLoader.localTime(BoardProfile.parse(conf, file: path), file: path).label == "Europe/Berlin")
    }

    /// Raspberry Pi OS's image is in Europe/London until Raspberry Pi Imager's time zone setting says
    /// otherwise: adopted silently, a rider in Berlin got file dates an hour off with no word why.
    /// It is adopted still (it may be the rider's zone), and said to be the default, with how to change it.
    @Test(arguments: ["Europe/London", "Europe/Berlin"])
    func theRaspberryPiOSDefaultZoneIsAdoptedAndSaidToBeTheDefault(_ zone: String) throws {
        let run = try EnableAgainTests.enable(boardConf: nil, recorder: "inactive", selftestStatus: 0, etc: Self.localtime("zoneinfo/" + zone))
        defer { try? FileManager.default.removeItem(at: run.etc.deletingLastPathComponent()) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.file("board.conf")?.hasSuffix("time_zone = \(zone)\n") == true)
        let said = "Europe/London is Raspberry Pi OS's default zone, kept when Raspberry Pi Imager's time zone setting was left alone: "
            + "if you ride elsewhere, set time_zone in \(run.etc.path)/roam-board/board.conf to yours"
        #expect(run.stdout.contains(said) == (zone == "Europe/London"), "\(run.stdout)")
    }

    /// Debian's /etc/timezone where /etc/localtime is a copy, not a link.
    @Test func aCopiedLocaltimeFallsBackToEtcTimezone() throws {
        let run = try EnableAgainTests.enable(boardConf: nil, recorder: "inactive", selftestStatus: 0) { etc in
            let berlin = URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Berlin")
            try FileManager.default.copyItem(at: berlin, to: etc.appendingPathComponent("localtime"))
            try " Europe/Berlin \n".write(to: etc.appendingPathComponent("timezone"), atomically: true, encoding: .utf8)
        }
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.file("board.conf") == EnableAgainTests.packageBoardConf("rpi-zero-2w") + Self.berlinLines)
    }

    /// UTC is what a board.conf without time_zone means already; nothing at all names no zone.
    /// Either is said, with how to set the rider's.
    @Test(arguments: ["zoneinfo/Etc/UTC", nil])
    func utcOrNoZoneWritesNoLineAndSaysTheDatesAreUTC(_ link: String?) throws {
        let run = try EnableAgainTests.enable(boardConf: nil, recorder: "inactive", selftestStatus: 0, etc: link.map(Self.localtime) ?? { _ in })
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.file("board.conf") == EnableAgainTests.packageBoardConf("rpi-zero-2w"))
        #expect(run.stdout.contains("the USB drive's file dates are UTC; to date them in your zone, add a line time_zone = Area/City"),
                "\(run.stdout)")
    }

    /// A zone roam-board would refuse (a name with `..`, or one the zone database lacks) would stop
    /// the recorder at its start: it is not written, and the line says why.
    @Test(arguments: ["zoneinfo/Europe/../Europe/Berlin", "zoneinfo/America/New_York"])
    func aZoneRoamBoardRefusesIsNotWritten(_ link: String) throws {
        let run = try EnableAgainTests.enable(boardConf: nil, recorder: "inactive", selftestStatus: 0, etc: Self.localtime(link))
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.file("board.conf") == EnableAgainTests.packageBoardConf("rpi-zero-2w"))
        #expect(run.stdout.contains("this system's time zone '\(link.dropFirst("zoneinfo/".count))' is not one roam-board reads"), "\(run.stdout)")
    }

    /// The rider's own board.conf is never edited: it names no zone, and none is added.
    @Test func aKeptBoardConfIsUntouched() throws {
        let mine = try EnableAgainTests.packageBoardConf("rpi-zero-2w") + EnableAgainTests.riderLine + "\n"
        let run = try EnableAgainTests.enable(boardConf: mine, recorder: "inactive", selftestStatus: 0, etc: Self.localtime("zoneinfo/Europe/Berlin"))
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.file("board.conf") == mine)
        #expect(!run.stdout.contains("time_zone"), "\(run.stdout)")
    }
}

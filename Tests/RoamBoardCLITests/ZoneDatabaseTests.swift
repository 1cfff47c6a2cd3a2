import Foundation
import Testing
@testable import RoamBoardCLI

/// Local times from the system's zone files, byte for byte what Foundation's TimeZone (ICU) gave
/// before the binary dropped it: the same tzdata, read without ICU.
@Suite struct ZoneDatabaseTests {
    static func time(_ name: String) throws -> LocalTime {
        let zone: LocalTime.Zone = try #require(ZoneDatabase.zone(name))
        return LocalTime(zone: zone)
    }

    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "UTC"]

    @Test(arguments: zones)
    func shownTimesAreFoundationsOnes(zone name: String) throws {
        let ours = try Self.time(name)
        let foundation = try #require(TimeZone(identifier: name))
        #expect(ours.label == name)
        // The shown text is the offset applied to the UTC time: equal offsets are equal bytes.
        // Every 6 h 7 min from 2000 to 2040, each millisecond offset, crossing every change of those years.
        var utcMs: Int64 = 946_684_800_123
        while utcMs < 2_208_988_800_000 {
            let offset = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utcMs) / 1000))
            #expect(ours.offsetS(utcMs: utcMs) == offset, "\(name) at \(utcMs) ms")
            utcMs += 22_020_001
        }
    }

    @Test func shownTextsAreTodays() throws {
        let berlin = try Self.time("Europe/Berlin")
        #expect(berlin.iso8601(utcMs: 1_781_422_200_000) == "2026-06-14T09:30:00.000+02:00")
        #expect(berlin.fileStamp(utcMs: 1_781_422_200_000) == "20260614T093000+0200")
        let chatham = try Self.time("Pacific/Chatham")
        #expect(chatham.iso8601(utcMs: 4_102_444_800_000) == "2100-01-01T13:45:00.000+13:45")
        let newYork = try Self.time("America/New_York")
        #expect(newYork.clock(utcMs: 2_145_916_800_000) == "19:00:00")
        #expect(LocalTime(zone: nil).fileStamp(utcMs: 1_781_422_200_000) == "20260614T073000Z")
    }

    @Test func namesOutsideTheDatabaseAreUnknown() {
        for name in ["Mars/Olympus_Mons", "../etc/passwd", "/etc/localtime", "Europe/../../etc/passwd", "", "Europe//Berlin", "Europe", "zone.tab"] {
            #expect(ZoneDatabase.zone(name) == nil, "\(name)")
        }
        #expect(ZoneDatabase.zone("Europe/Berlin")?.identifier == "Europe/Berlin")
    }
}

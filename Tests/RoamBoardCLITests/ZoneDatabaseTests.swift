import Foundation
import RoamCore
import RoamHandover
import RoamSystem
import Testing
@testable import RoamBoardCLI

/// Local times from the system's zone files, byte for byte what Foundation's TimeZone (ICU) gave
/// before the binary dropped it: the same tzdata, read without ICU.
@Suite struct ZoneDatabaseTests {
    static func time(_ name: String) throws -> LocalTime {
        let zone: LocalTime.Zone = try #require(try ZoneDatabase.zone(name))
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

    @Test func namesOutsideTheDatabaseAreUnknown() throws {
        for name in ["Mars/Olympus_Mons", "../etc/passwd", "/etc/localtime", "Europe/../../etc/passwd", "", "Europe//Berlin", "Europe", "zone.tab"] {
            #expect(try ZoneDatabase.zone(name) == nil, "\(name)")
        }
        #expect(try ZoneDatabase.zone("Europe/Berlin")?.identifier == "Europe/Berlin")
    }

    /// A zone file that is there but refuses to be read is not an unknown zone: the error names the
    /// file and why, and board.conf's words say so (not "is tzdata installed?"). Missing stays unknown.
    @Test func anUnreadableZoneFileIsSaidAsUnreadableNotUnknown() throws {
        let root = try CLIRunner.temporaryDirectory()
        defer { TrialPaths.remove(root) }
        let europe = root.appendingPathComponent("Europe")
        try FileManager.default.createDirectory(at: europe, withIntermediateDirectories: true)
        let berlin = europe.appendingPathComponent("Berlin")
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Berlin", toPath: berlin.path)
        try #require(chmod(berlin.path, 0) == 0)
        #expect(try ZoneDatabase.zone("Europe/Paris", folder: root.path) == nil)

        let thrown = try Self.readingAsNobody { () -> (any Error)? in
            do { _ = try ZoneDatabase.zone("Europe/Berlin", folder: root.path); return nil } catch { return error }
        }
        let error = try #require(thrown as? SystemError, "an unreadable zone file read as no zone, or as a zone")
        #expect(error.errno == Errno.accessDenied)
        #expect(error.description.hasPrefix("cannot open \(berlin.path): "), "\(error)")

        let bench = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
        let profile = try BoardProfile.parse(bench + "\ntime_zone = Europe/Berlin\n", file: "board.conf")
        let said = try Self.readingAsNobody { () -> String in
            do { _ = try BoardLoader.localTime(profile, file: "/etc/roam-board/board.conf", zones: root.path); return "" } catch { return "\(error)" }
        }
        #expect(said.hasPrefix("/etc/roam-board/board.conf: 'time_zone' names the zone 'Europe/Berlin', whose file cannot be read: "
                               + "cannot open \(berlin.path): "), "\(said)")
        #expect(said.contains("check that you may read it"), "\(said)")
        #expect(!said.contains("unknown zone") && !said.contains("is tzdata installed"), "\(said)")
    }

    /// `body` with this thread's file-system user and group nobody's when run as root: setfsuid is
    /// per thread (glibc does not pass it to the other threads, as it does setuid), and a file-system
    /// user other than 0 loses root's right to read past a file's mode. Swift's Glibc lacks
    /// <sys/fsuid.h>: the functions are looked up in the C library.
    static func readingAsNobody<T>(_ body: () throws -> T) throws -> T {
        guard geteuid() == 0 else { return try body() }
        typealias SetFileSystemID = @convention(c) (UInt32) -> Int32
        let libc = try #require(dlopen(nil, RTLD_NOW))
        let setfsuid = unsafeBitCast(try #require(dlsym(libc, "setfsuid")), to: SetFileSystemID.self)
        let setfsgid = unsafeBitCast(try #require(dlsym(libc, "setfsgid")), to: SetFileSystemID.self)
        let nobody = try #require(ReaderWithoutWrite.nobody)
        _ = setfsgid(nobody.gid)
        _ = setfsuid(nobody.uid)
        defer { _ = setfsuid(0); _ = setfsgid(0) }
        // setfsuid answers the previous value: asked for an impossible one, it says the current one.
        try #require(setfsuid(UInt32.max) == Int32(bitPattern: nobody.uid), "could not read as nobody")
        return try body()
    }
}

import Foundation
import Testing
@testable import RoamCore

/// The zone files of this machine's tzdata, read by `TimeZoneRules`, against glibc: `date` run with
/// TZ set to the zone prints the offset localtime_r gives, for every instant of a sweep.
@Suite struct TimeZoneRulesTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "UTC",
                        "Europe/Dublin", "America/Nuuk", "Africa/Casablanca", "America/St_Johns", "Asia/Tehran"]

    static func rules(_ zone: String) throws -> TimeZoneRules {
        try TimeZoneRules(tzif: [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + zone))))
    }

    /// glibc's offsets in seconds for `instants`, from one `date -f` run (its `%::z` is +hh:mm:ss).
    static func glibcOffsets(tz: String, _ instants: [Int64]) throws -> [Int] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("tz-instants-\(UUID().uuidString)")
        try instants.map { "@\($0)\n" }.joined().write(to: input, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let date = Process()
        date.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        date.arguments = ["TZ=" + tz, "date", "-f", input.path, "+%::z"]
        let out = Pipe()
        date.standardOutput = out
        try date.run()
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        date.waitUntilExit()
        #expect(date.terminationStatus == 0)
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { line in
            let sign = line.hasPrefix("-") ? -1 : 1
            let f = line.dropFirst().split(separator: ":").map { Int($0)! }
            return sign * (f[0] * 3600 + f[1] * 60 + f[2])
        }
    }

    /// The first of every month 1850...2300 (before the first transition, the table, the footer
    /// after 2037 and far beyond), every half hour of 2026, 2037 and 2100, and the seconds either
    /// side of every change those half hours show.
    static func sweep(_ rules: TimeZoneRules) -> [Int64] {
        var instants: [Int64] = []
        for year in 1850...2300 {
            for month in 1...12 { instants.append(CivilDate.daysFromCivil(year: year, month: month, day: 1) * 86_400) }
        }
        for year in [2026, 2037, 2100] {
            let from = CivilDate.daysFromCivil(year: year, month: 1, day: 1) * 86_400
            var previous = rules.offsetS(atUTC: from)
            for step in stride(from: from, to: from + 366 * 86_400, by: 1800) {
                instants.append(step)
                let now = rules.offsetS(atUTC: step)
                guard now != previous else { continue }
                previous = now
                // The exact second of the change by our rules; glibc must agree on both sides.
                var low = step - 1800, high = step
                while high - low > 1 {
                    let mid = (low + high) / 2
                    if rules.offsetS(atUTC: mid) == now { high = mid } else { low = mid }
                }
                instants += [high - 1, high, high + 1]
            }
        }
        return instants
    }

    @Test(arguments: zones)
    func offsetsAreGlibcsForTheZoneFile(zone: String) throws {
        let rules = try Self.rules(zone)
        let instants = Self.sweep(rules)
        let expected = try Self.glibcOffsets(tz: zone, instants)
        try #require(expected.count == instants.count)
        let wrong = instants.indices.filter { rules.offsetS(atUTC: instants[$0]) != expected[$0] }
        #expect(wrong.count == 0, "\(zone): \(wrong.prefix(5).map { "@\(instants[$0]) ours \(rules.offsetS(atUTC: instants[$0])) glibc \(expected[$0])" })")
    }

    /// Every zone of zone1970.tab (Chile's M9.1.6/24, Nepal's +05:45, zones without summer time...)
    /// read and checked on the 1st and 15th of each month of 2026, 2040 and 2100.
    @Test func everyZoneOfTheDatabaseIsGlibcs() throws {
        let table = try String(contentsOfFile: "/usr/share/zoneinfo/zone1970.tab", encoding: .utf8)
        let names = table.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").dropFirst(2).first.map(String.init) }
        try #require(names.count > 200)
        var instants: [Int64] = []
        for year in [2026, 2040, 2100] {
            for month in 1...12 {
                for day in [1, 15] { instants.append(CivilDate.daysFromCivil(year: year, month: month, day: day) * 86_400 + 43_200) }
            }
        }
        for name in names {
            let rules = try Self.rules(name)
            let expected = try Self.glibcOffsets(tz: name, instants)
            try #require(expected.count == instants.count)
            let wrong = instants.indices.filter { rules.offsetS(atUTC: instants[$0]) != expected[$0] }
            #expect(wrong.count == 0, "\(name): \(wrong.prefix(3).map { "@\(instants[$0]) ours \(rules.offsetS(atUTC: instants[$0])) glibc \(expected[$0])" })")
        }
    }

    @Test func summerTimeChangesAreWhereTheFooterSays() throws {
        // Europe/Berlin 2100: summer time from 28 March 01:00 UTC to 31 October 01:00 UTC.
        let berlin = try Self.rules("Europe/Berlin")
        let march28 = CivilDate.daysFromCivil(year: 2100, month: 3, day: 28) * 86_400 + 3600
        #expect(berlin.offsetS(atUTC: march28 - 1) == 3600 && berlin.offsetS(atUTC: march28) == 7200)
        let october31 = CivilDate.daysFromCivil(year: 2100, month: 10, day: 31) * 86_400 + 3600
        #expect(berlin.offsetS(atUTC: october31 - 1) == 7200 && berlin.offsetS(atUTC: october31) == 3600)
        // Lord Howe's half hour of summer time, Chatham's quarter hours, Kolkata's half hour.
        let january = CivilDate.daysFromCivil(year: 2100, month: 1, day: 15) * 86_400
        #expect(try Self.rules("Australia/Lord_Howe").offsetS(atUTC: january) == 11 * 3600)
        #expect(try Self.rules("Pacific/Chatham").offsetS(atUTC: january) == 13 * 3600 + 45 * 60)
        #expect(try Self.rules("Asia/Kolkata").offsetS(atUTC: january) == 5 * 3600 + 30 * 60)
        #expect(try Self.rules("UTC").offsetS(atUTC: january) == 0)
        #expect(berlin.offsetS(atUTCms: -1) == berlin.offsetS(atUTC: -1))
    }

    /// A version 1 file (32-bit times, no footer): the v1 block of the Berlin file alone.
    @Test func aVersionOneFileReadsItsOwnBlock() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Berlin")))
        let v1 = try TimeZoneRules(tzif: bytes)
        var reader = TZifReader(bytes: bytes)
        let header = try reader.header()
        bytes = Array(bytes[0..<(44 + header.blockSize(timeSize: 4))])
        bytes[4] = 0
        let old = try TimeZoneRules(tzif: bytes)
        #expect(old.footer == nil)
        let summer2020 = CivilDate.daysFromCivil(year: 2020, month: 7, day: 1) * 86_400
        let winter1990 = CivilDate.daysFromCivil(year: 1990, month: 1, day: 1) * 86_400
        #expect(old.offsetS(atUTC: summer2020) == v1.offsetS(atUTC: summer2020))
        #expect(old.offsetS(atUTC: winter1990) == 3600)
    }

    @Test func damagedFilesAreRefused() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Berlin")))
        #expect(throws: TimeZoneRulesError.self) { try TimeZoneRules(tzif: Array("not a zone file".utf8)) }
        #expect(throws: TimeZoneRulesError.self) { try TimeZoneRules(tzif: Array(bytes.prefix(100))) }
        #expect(throws: TimeZoneRulesError.self) { try TimeZoneRules(tzif: Array(bytes.dropLast(3))) }
        #expect(throws: TimeZoneRulesError.self) { try TimeZoneRules(tzif: []) }
    }

    /// TZ strings as footers write them, against glibc given the same string as TZ. (A summer time
    /// without rules, which zic never writes, is left out: glibc takes those from its posixrules file.)
    @Test(arguments: ["CET-1CEST,M3.5.0,M10.5.0/3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "IST-1GMT0,M10.5.0,M3.5.0/1",
                      "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "XST5XDT4,0/0,J365/25", "<+0330>-3:30", "AAA3BBB,J60/2,300/3"])
    func posixStringsAreGlibcs(tz: String) throws {
        let rule = try #require(PosixTimeZoneRule(tz))
        var instants: [Int64] = []
        for year in [1999, 2024, 2026, 2100] {
            let from = CivilDate.daysFromCivil(year: year, month: 1, day: 1) * 86_400
            instants += stride(from: from, to: from + 366 * 86_400, by: 900).map { $0 }
        }
        let expected = try Self.glibcOffsets(tz: tz, instants)
        try #require(expected.count == instants.count)
        let wrong = instants.indices.filter { rule.offsetS(atUTC: instants[$0]) != expected[$0] }
        #expect(wrong.count == 0, "\(tz): \(wrong.prefix(5).map { "@\(instants[$0]) ours \(rule.offsetS(atUTC: instants[$0])) glibc \(expected[$0])" })")
    }

    @Test(arguments: ["", "C", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-25", "<+1>-1", "CET-1CEST,M3.5.0,M10.5.0/3x"])
    func malformedPosixStringsAreRefused(tz: String) {
        #expect(PosixTimeZoneRule(tz) == nil)
    }
}

import Foundation
import Testing
import RoamCore
@testable import RoamExport

/// The history page's data read back as a browser's script reads it: every period's totals are
/// the sum of its rides' own totals, the calendar's days are the rides' days, the links are the
/// names given, and the bridged distance is carried apart (P5).
@Suite struct HistoryPageTests {
    private static func start(_ y: Int, _ m: Int, _ d: Int, hour: Int64 = 8) -> Int64 {
        CivilDate.daysFromCivil(year: y, month: m, day: d) * 86_400_000 + hour * 3_600_000
    }

    private static let rides: [RideHistory.Entry] = (0..<40).map { i in
        var t = RideTotals()
        t.distanceM = 12_345.678 + Double(i) * 1_003.25
        t.bridgedM = i % 7 == 0 ? 321.5 : 0
        t.bridgedGaps = i % 7 == 0 ? 1 : 0
        t.ascentM = i % 9 == 0 ? nil : 100.125 + Double(i)
        t.movingS = 1800.5 + Double(i) * 60
        // Every 5th day from 2025-11-20, two rides on some days, into the next year.
        return .init(rideID: Int64(i + 1), startUTCms: start(2025, 11, 20) + Int64(i / 2 * 5 + i % 2) * 86_400_000,
                     offsetS: 3600, totals: t)
    }

    private func data(_ html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"history-data\">"
        // Apart from #require: Swift 6.0.3's macro mis-expands an optional chain of calls.
        let block = html.components(separatedBy: open).dropFirst().first?.components(separatedBy: "</script>").first
        let body = try #require(block)
        return try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }

    @Test func periodTotalsAreTheSumsOfTheRidesTheyHold() throws {
        let links = Dictionary(uniqueKeysWithValues: Self.rides.map { ($0.rideID, "ride-\($0.rideID).html") })
        let page = HistoryPage(history: RideHistory(Self.rides), links: links, facts: .init(source: "rides.db", zoneLabel: "Europe/Berlin"))
        let html = page.render()
        #expect(html.contains(HistoryPageFiles.script) && html.contains(HistoryPageFiles.css))
        #expect(!html.contains("http://") && !html.contains("https://"), "the page names nothing off the file")
        let d = try data(html)
        let rides = try #require(d["rides"] as? [[String: Any]])
        #expect(rides.count == Self.rides.count)
        for r in rides { #expect(r["href"] as? String == "ride-\(r["id"] as! Int).html") }
        func sum(_ rs: [[String: Any]], _ key: String) -> Double { rs.reduce(0) { $0 + ($1[key] as? Double ?? 0) } }
        func day(_ r: [String: Any]) -> CalendarDay { CalendarDay(days: Int64(r["day"] as! Int)) }
        let groups: [(String, ([String: Any]) -> String)] = [
            ("weeks", { day($0).weekKey }), ("months", { day($0).monthKey }), ("years", { day($0).yearKey }), ("days", { day($0).text }),
        ]
        for (name, keyOf) in groups {
            let periods = try #require(d[name] as? [[String: Any]])
            var seen = 0
            for p in periods {
                let key = try #require(p["key"] as? String)
                let t = try #require(p["totals"] as? [String: Any])
                let inside = rides.filter { keyOf($0) == key }
                seen += inside.count
                #expect(t["rides"] as? Int == inside.count, "\(name) \(key)")
                for field in ["distanceM", "bridgedM", "movingS", "ascentM"] {
                    #expect(abs((t[field] as? Double ?? -1) - sum(inside, field)) < 0.01, "\(name) \(key) \(field)")
                }
                #expect(t["ridesWithoutClimb"] as? Int == inside.filter { $0["ascentM"] is NSNull }.count)
            }
            #expect(seen == rides.count, "\(name): every dated ride in one period")
        }
        // Bridged distance apart, and the local day in the rider's zone.
        let first = try #require(rides.last)
        #expect(first["bridgedM"] as? Double == 321.5 && first["local"] as? String == "2025-11-20 09:00")
        let days = try #require(d["days"] as? [[String: Any]])
        #expect(days.count == Set(Self.rides.compactMap { $0.day }).count)
    }

    @Test func noRidesIsAPageThatSaysSo() throws {
        let html = HistoryPage(history: RideHistory([]), links: [:], facts: .init(source: "rides.db", zoneLabel: "UTC")).render()
        let d = try data(html)
        #expect((d["rides"] as? [Any])?.isEmpty == true && (d["years"] as? [Any])?.isEmpty == true)
        #expect(html.contains("<title>Ride history: 0 rides</title>"))
    }

    @Test func aLinkCannotEndTheDataBlock() throws {
        var t = RideTotals()
        t.distanceM = 1
        let html = HistoryPage(history: RideHistory([.init(rideID: 1, startUTCms: 0, offsetS: 0, totals: t)]),
                               links: [1: "</script><script>alert(1)</script>.html"], facts: .init(source: "x", zoneLabel: "UTC")).render()
        let d = try data(html)
        #expect((d["rides"] as? [[String: Any]])?.first?["href"] as? String == "</script><script>alert(1)</script>.html")
    }
}

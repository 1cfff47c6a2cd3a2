import Testing
@testable import RoamCore

/// The history page's periods: ISO weeks (Monday first, the week in the year of its Thursday),
/// months and years of the rides' local start days, each the sum of the rides' stored totals.
@Suite struct RideHistoryTests {
    private func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDay { CalendarDay(days: CivilDate.daysFromCivil(year: y, month: m, day: d)) }

    @Test func isoWeeksAtTheYearsEdges() {
        // 2026-01-01 is a Thursday: week 1 of 2026, whose Monday is 2025-12-29.
        #expect(day(2026, 1, 1).weekKey == "2026-W01")
        #expect(day(2025, 12, 29).weekKey == "2026-W01")
        #expect(day(2025, 12, 28).weekKey == "2025-W52")
        // 2021-01-03 is a Sunday of 2020's week 53.
        #expect(day(2021, 1, 3).weekKey == "2020-W53")
        #expect(day(2021, 1, 4).weekKey == "2021-W01")
        #expect(day(2024, 12, 30).weekKey == "2025-W01")
        #expect(day(2026, 6, 14).weekKey == "2026-W24")
        #expect(day(2026, 6, 14).weekdayFromMonday == 6)
        #expect(day(2026, 6, 15).weekdayFromMonday == 0)
        #expect(day(1969, 12, 31).weekdayFromMonday == 2)
    }

    @Test func theLocalDayFollowsTheZone() {
        // 2026-06-14 23:30 UTC is already the 15th in Berlin (UTC+2).
        let utc = CivilDate.daysFromCivil(year: 2026, month: 6, day: 14) * 86_400_000 + 84_600_000
        #expect(CalendarDay(utcMs: utc, offsetS: 0).text == "2026-06-14")
        #expect(CalendarDay(utcMs: utc, offsetS: 7200).text == "2026-06-15")
        #expect(CalendarDay(utcMs: -1, offsetS: 0).text == "1969-12-31")
    }

    @Test func periodsAreTheSumsOfTheirRides() {
        func totals(_ km: Double, bridged: Double = 0, ascent: Double?, moving: Double) -> RideTotals {
            var t = RideTotals()
            t.distanceM = km * 1000; t.bridgedM = bridged; t.bridgedGaps = bridged > 0 ? 1 : 0
            t.ascentM = ascent; t.movingS = moving
            return t
        }
        func start(_ y: Int, _ m: Int, _ d: Int) -> Int64 { CivilDate.daysFromCivil(year: y, month: m, day: d) * 86_400_000 + 36_000_000 }
        let history = RideHistory([
            .init(rideID: 1, startUTCms: start(2025, 12, 30), offsetS: 0, totals: totals(10, ascent: 100, moving: 1800)),
            .init(rideID: 2, startUTCms: start(2026, 1, 2), offsetS: 0, totals: totals(20, bridged: 500, ascent: nil, moving: 3600)),
            .init(rideID: 3, startUTCms: start(2026, 1, 2), offsetS: 0, totals: totals(5, ascent: 30, moving: 600)),
            .init(rideID: 4, startUTCms: start(2026, 2, 9), offsetS: 0, totals: totals(40, ascent: 400, moving: 7200)),
            .init(rideID: 5, startUTCms: nil, offsetS: 0, totals: totals(1, ascent: 1, moving: 60)),
        ])
        #expect(history.entries.map(\.rideID) == [4, 3, 2, 1, 5])
        #expect(history.weeks.map(\.key) == ["2026-W07", "2026-W01"])
        #expect(history.weeks[1].totals.rides == 3 && history.weeks[1].totals.distanceM == 35_000)
        #expect(history.weeks[1].totals.ascentM == 130 && history.weeks[1].totals.ridesWithoutClimb == 1)
        #expect(history.weeks[1].totals.bridgedM == 500 && history.weeks[1].totals.bridgedGaps == 1)
        #expect(history.months.map(\.key) == ["2026-02", "2026-01", "2025-12"])
        #expect(history.months[1].totals.movingS == 4200)
        #expect(history.years.map(\.key) == ["2026", "2025"])
        #expect(history.years.map(\.totals.rides) == [3, 1])
        #expect(history.days.map(\.key) == ["2026-02-09", "2026-01-02", "2025-12-30"])
        #expect(history.days[1].totals.rides == 2)
        // The undated ride is in the whole, in no period.
        #expect(history.all.rides == 5 && history.all.distanceM == 76_000)
        #expect(history.years.reduce(0) { $0 + $1.totals.distanceM } == 75_000)
    }
}

/// A civil day in the rider's zone, as days since 1970-01-01, and the periods it falls in:
/// its ISO week (Monday first; the week belongs to the year of its Thursday), month and year.
public struct CalendarDay: Sendable, Hashable, Comparable {
    public var days: Int64

    public init(days: Int64) { self.days = days }

    /// The local day of an instant: UTC milliseconds shifted by the zone's offset at that instant.
    public init(utcMs: Int64, offsetS: Int) {
        let local = utcMs + Int64(offsetS) * 1000
        days = local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000
    }

    public var date: UTCDate { CivilDate.civilFromDays(days) }

    /// 0 Monday … 6 Sunday (1970-01-01 was a Thursday).
    public var weekdayFromMonday: Int { Int(((days + 3) % 7 + 7) % 7) }

    /// The Monday of its week.
    public var monday: CalendarDay { CalendarDay(days: days - Int64(weekdayFromMonday)) }

    /// ISO 8601 week-numbering year and week (1…53).
    public var isoWeek: (year: Int, week: Int) {
        let thursday = monday.days + 3
        let year = CivilDate.civilFromDays(thursday).year
        let firstDay = CivilDate.daysFromCivil(year: year, month: 1, day: 1)
        return (year, Int((thursday - firstDay) / 7) + 1)
    }

    /// "2026-06-14".
    public var text: String { "\(Self.pad(date.year, 4))-\(Self.pad(date.month, 2))-\(Self.pad(date.day, 2))" }
    /// "2026-W24".
    public var weekKey: String { let w = isoWeek; return "\(Self.pad(w.year, 4))-W\(Self.pad(w.week, 2))" }
    /// "2026-06".
    public var monthKey: String { "\(Self.pad(date.year, 4))-\(Self.pad(date.month, 2))" }
    /// "2026".
    public var yearKey: String { Self.pad(date.year, 4) }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.days < b.days }

    static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}

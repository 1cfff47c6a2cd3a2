/// Every ride on one timeline: each ride's local start day and its stored totals, summed per
/// ISO week, month and year and per day (the calendar). Rides with no dated fix have no day:
/// they are listed but in no period.
public struct RideHistory: Sendable {
    public struct Entry: Sendable {
        public var rideID: Int64
        public var startUTCms: Int64?
        /// The zone's offset at the start (summer time included); 0 in UTC.
        public var offsetS: Int
        public var totals: RideTotals
        /// The local start is one the clocks show twice (`RepeatedClock`): said with its offset.
        public var startIsRepeated: Bool

        public init(rideID: Int64, startUTCms: Int64?, offsetS: Int, totals: RideTotals, startIsRepeated: Bool = false) {
            self.rideID = rideID; self.startUTCms = startUTCms; self.offsetS = offsetS; self.totals = totals
            self.startIsRepeated = startIsRepeated
        }

        public var day: CalendarDay? { startUTCms.map { CalendarDay(utcMs: $0, offsetS: offsetS) } }
    }

    public struct Period: Sendable {
        /// "2026-W24", "2026-06", "2026" or "2026-06-14".
        public var key: String
        public var firstDay: CalendarDay
        public var totals: PeriodTotals
    }

    /// Newest first, as `rides` lists them last.
    public let entries: [Entry]
    public let days: [Period]
    public let weeks: [Period]
    public let months: [Period]
    public let years: [Period]
    /// All rides, dated or not.
    public let all: PeriodTotals

    public init(_ rides: [Entry]) {
        entries = rides.sorted { ($0.startUTCms ?? Int64.min, $0.rideID) > ($1.startUTCms ?? Int64.min, $1.rideID) }
        var all = PeriodTotals()
        for e in entries { all.add(e.totals) }
        self.all = all
        days = Self.group(entries) { ($0.text, $0) }
        weeks = Self.group(entries) { ($0.weekKey, $0.monday) }
        months = Self.group(entries) { ($0.monthKey, CalendarDay(days: CivilDate.daysFromCivil(year: $0.date.year, month: $0.date.month, day: 1))) }
        years = Self.group(entries) { ($0.yearKey, CalendarDay(days: CivilDate.daysFromCivil(year: $0.date.year, month: 1, day: 1))) }
    }

    /// Newest period first.
    private static func group(_ entries: [Entry], by key: (CalendarDay) -> (String, CalendarDay)) -> [Period] {
        var order: [String] = []
        var periods: [String: Period] = [:]
        for e in entries {
            guard let day = e.day else { continue }
            let (k, first) = key(day)
            if periods[k] == nil {
                order.append(k)
                periods[k] = Period(key: k, firstDay: first, totals: PeriodTotals())
            }
            periods[k]!.totals.add(e.totals)
        }
        return order.map { periods[$0]! }.sorted { $0.firstDay > $1.firstDay }
    }
}

/// Dates the epochs whose sentences carry only a time of day (GGA, GLL, GNS, and RMC on
/// receivers that send RMC less often), from the last RMC or ZDA date, as gpsd does.
///
/// Midnight: when an undated epoch's time of day is more than 12 hours before the last one
/// seen, midnight has passed and the carried date moves on a day. gpsd moves it whenever the
/// hour goes down; the half-day threshold keeps a time that steps back a little (a repeated
/// cycle, two captures spliced together as in bt451) from changing the date.
struct DateCarry: Sendable {
    private var date: UTCDate?
    private var timeOfDayMs: Int?

    /// `preset` stands in until the receiver sends a date (a replay's `# Date:` header).
    init(preset: UTCDate? = nil) { date = preset }

    /// The date for an epoch with `ownDate` (nil when none of its sentences had one) at
    /// `timeOfDayMs`, and whether it was carried from an earlier epoch.
    mutating func resolve(ownDate: UTCDate?, timeOfDayMs t: Int?) -> (date: UTCDate?, isCarried: Bool) {
        if let ownDate {
            date = ownDate
            if let t { timeOfDayMs = t }
            return (ownDate, false)
        }
        guard let t, var d = date else { return (nil, false) }
        if let last = timeOfDayMs, last - t > 12 * 3_600_000 {
            d = CivilDate.civilFromDays(CivilDate.daysFromCivil(year: d.year, month: d.month, day: d.day) + 1)
        }
        date = d
        timeOfDayMs = t
        return (d, true)
    }
}

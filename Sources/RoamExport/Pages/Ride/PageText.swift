import RoamCore

/// How the page writes numbers and times: never "−0", and local clock times with the UTC instant
/// kept for the title attribute (durations: `ClockDuration`, `SpokenDuration`).
enum PageText {
    /// "h:mm" for a ride-time axis.
    static func clockAxis(_ seconds: Double) -> String {
        let m = Int((seconds / 60).rounded())
        return "\(m / 60):\(m % 60 < 10 ? "0" : "")\(m % 60)"
    }

    /// A fixed-point number; FixedPoint already writes "0" for a value that rounds to −0.
    static func number(_ v: Double, digits: Int) -> String { FixedPoint.format(v, digits: digits) }

    static let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]

    /// "Sunday 14 June 2026" for the civil day of a local instant (ms since 1970 in local time).
    static func longDate(localMs: Int64) -> String {
        let days = localMs >= 0 ? localMs / 86_400_000 : (localMs - 86_399_999) / 86_400_000
        let d = CivilDate.civilFromDays(days)
        let weekday = Int(((days % 7) + 7) % 7)
        return "\(weekdays[weekday]) \(d.day) \(months[d.month - 1]) \(d.year)"
    }
}

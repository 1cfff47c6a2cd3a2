import RoamCore

/// How the page writes numbers, durations and times: never "−0", never hours of elapsed time
/// for a ride that lasted a fraction of a second, and local clock times with the UTC instant
/// kept for the title attribute.
enum PageText {
    /// "1:02:03" for ride times; "0:00:00" is fine, a negative duration is shown as "–".
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "–" }
        let s = Int(seconds.rounded())
        let mm = s / 60 % 60, ss = s % 60
        return "\(s / 3600):\(mm < 10 ? "0" : "")\(mm):\(ss < 10 ? "0" : "")\(ss)"
    }

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

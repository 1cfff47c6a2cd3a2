/// Proleptic Gregorian date arithmetic (Howard Hinnant's days_from_civil), no Foundation needed.
public enum CivilDate {
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func civilFromDays(_ z0: Int64) -> UTCDate {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return UTCDate(year: Int(y), month: Int(m), day: Int(d))
    }

    /// ISO-8601 with milliseconds, e.g. 2020-03-18T13:28:19.600Z.
    public static func iso8601(utcMs: Int64) -> String {
        let days = utcMs >= 0 ? utcMs / 86_400_000 : (utcMs - 86_399_999) / 86_400_000
        let msOfDay = utcMs - days * 86_400_000
        let d = civilFromDays(days)
        let h = msOfDay / 3_600_000, mi = (msOfDay / 60_000) % 60, s = (msOfDay / 1000) % 60, ms = msOfDay % 1000
        func p(_ v: Int64, _ w: Int) -> String { let s = String(v); return String(repeating: "0", count: max(0, w - s.count)) + s }
        return "\(p(Int64(d.year), 4))-\(p(Int64(d.month), 2))-\(p(Int64(d.day), 2))T\(p(h, 2)):\(p(mi, 2)):\(p(s, 2)).\(p(ms, 3))Z"
    }

    /// A zone's offset from UTC as ISO 8601 says it: "+02:00" ("+0200" without the colon, for file names).
    public static func offsetText(seconds: Int, colon: Bool = true) -> String {
        let m = abs(seconds) / 60, h = m / 60, mm = m % 60
        return (seconds < 0 ? "-" : "+") + (h < 10 ? "0" : "") + "\(h)" + (colon ? ":" : "") + (mm < 10 ? "0" : "") + "\(mm)"
    }
}

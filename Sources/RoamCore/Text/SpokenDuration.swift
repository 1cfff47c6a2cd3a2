/// A stretch of time as a rider says it: "45 s", "14 min", "1 h 05 min" (h:mm:ss is `ClockDuration`).
/// One place for these words: the page's stops and gaps, and the recorder's "receiver back after 42 s silent".
/// Seconds up to 2 min (a minute rounded from 90 s would be off by a third), minutes past.
public enum SpokenDuration {
    public static func text(seconds: Double) -> String {
        // Never a trap on a duration nobody measured; a negative one is no stretch of time at all.
        guard seconds.isFinite, seconds < 1e15 else { return "–" }
        let s = Int(max(0, seconds).rounded())
        if s < 120 { return "\(s) s" }
        let m = (s + 30) / 60
        if m < 60 { return "\(m) min" }
        return "\(m / 60) h \(m % 60 < 10 ? "0" : "")\(m % 60) min"
    }
}

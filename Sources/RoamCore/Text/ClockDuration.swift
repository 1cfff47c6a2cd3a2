/// A stretch of time as a stopwatch shows it, "1:02:05" (h:mm:ss): the ride times in the command
/// line's listings and on the pages. `SpokenDuration` is the same stretch in words.
public enum ClockDuration {
    /// "0:00:00" is fine; a negative duration, or one nobody measured, is "–", never a trap.
    public static func text(seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e15 else { return "–" }
        let s = Int(seconds.rounded())
        let mm = s / 60 % 60, ss = s % 60
        return "\(s / 3600):\(mm < 10 ? "0" : "")\(mm):\(ss < 10 ? "0" : "")\(ss)"
    }
}

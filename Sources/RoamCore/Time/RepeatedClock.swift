/// Local times the clocks show twice: where a zone's offset goes back (summer time ends), the wall
/// clock runs through the same hour again, 02:30 at +02:00 and an hour later 02:30 at +01:00. Only
/// the offset tells such a time from its twin, so a list of rides says it there, and only there.
public enum RepeatedClock {
    /// Whether the wall clock at `utcMs` reads the same at another instant; `offsetS`: the zone's
    /// offset at an instant, in seconds (summer time included).
    public static func isRepeated(utcMs: Int64, offsetS: (Int64) -> Int) -> Bool {
        let offset = offsetS(utcMs)
        // The zone's other offsets around it (a change lies within a day of a repeated time).
        for other in Set([offsetS(utcMs - day), offsetS(utcMs + day)]) where other != offset {
            // The same wall clock at the other offset, if the zone had that offset then.
            if offsetS(utcMs + Int64(offset - other) * 1000) == other { return true }
        }
        return false
    }

    private static let day: Int64 = 86_400_000
}

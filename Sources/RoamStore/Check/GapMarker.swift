import RoamCore

/// Where a gap that did not come from the fixes themselves (a logger restart, a silent receiver)
/// sits among a ride's fixes. The recorder writes the position into the gap event's detail, e.g.
/// "logger restarted; before fix 1234", so `check` (and `rederive`) can call `markGap` at the
/// same place when they run the stored fixes through the pipeline again. Gaps the pipeline finds
/// by itself (no fix, a jump) carry no position: replaying the fixes finds them again.
public enum GapMarker {
    static let separator = "; before fix "

    /// The detail to store for a gap event that the pipeline's `markGap` returned.
    public static func detail(_ gap: RideEvent, beforeSeq: Int64) -> String {
        gap.detail + separator + String(beforeSeq)
    }

    /// The cause text and position of a stored gap event, or nil when it carries no position.
    public static func parse(_ detail: String) -> (causeText: String, beforeSeq: Int64)? {
        let sep = Array(separator.utf8), bytes = Array(detail.utf8)
        guard bytes.count > sep.count else { return nil }
        for start in stride(from: bytes.count - sep.count, through: 0, by: -1) where bytes[start..<start + sep.count].elementsEqual(sep) {
            guard let seq = Int64(String(decoding: bytes[(start + sep.count)...], as: UTF8.self)) else { return nil }
            return (String(decoding: bytes[..<start], as: UTF8.self), seq)
        }
        return nil
    }

    /// True for a stored gap event of this cause, whether or not it carries a position.
    public static func matches(_ event: RideEvent, _ cause: GapCause) -> Bool {
        guard event.kind == .gap else { return false }
        return (parse(event.detail)?.causeText ?? event.detail) == cause.rawValue
    }
}

import RoamCore

/// Gaps that did not come from the fixes themselves (a logger restart, a silent receiver) carry
/// the fix they came before in `RideEvent.beforeSeq` (`events.before_seq`), so `check` and
/// `rederive` can call `markGap` at the same place when they replay the stored fixes. Gaps the
/// pipeline finds by itself (no fix, a jump) carry no position: replaying the fixes finds them again.
public enum GapMarker {
    /// How a gap that opened after the ride's last fix is said (`show`, the ride page): it comes
    /// before no fix, so it is the ride's end, never a marker past the track.
    public static let rideEndedInIt = "the ride ended in it, no fix after it until the stop"

    /// Whether a gap stored before fix `beforeSeq` opened after the ride's last fix (`lastFixSeq`;
    /// nil when the ride has none). A gap with no position lies between fixes that found it.
    public static func isAfterLastFix(beforeSeq: Int64?, lastFixSeq: Int64?) -> Bool {
        guard let seq = beforeSeq else { return false }
        return lastFixSeq.map { seq > $0 } ?? true
    }

    /// True for a stored gap event of this cause, whether or not it carries a position.
    public static func matches(_ event: RideEvent, _ cause: GapCause) -> Bool {
        event.kind == .gap && event.detail == cause.rawValue
    }
}

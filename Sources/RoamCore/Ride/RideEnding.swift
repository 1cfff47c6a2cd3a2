/// How a ride ended, in the words `show` and the ride's page say it: its stop event's detail. A ride
/// the recorder closed (at a restart, or a replay's or a live start that never goes on with the
/// other's ride) or that ended itself keeps why in that detail, and a rider must be able to read it.
public enum RideEnding {
    /// The detail the recorder stores for a stop by the button (a press, or a long press's first half).
    public static let buttonDetail = "button"

    /// nil for a ride with no stop event: still recording, or interrupted.
    public static func words(_ events: [RideEvent]) -> String? {
        guard let stop = events.last(where: { $0.kind == .stop }) else { return nil }
        return stop.detail == buttonDetail ? "stopped with the button" : stop.detail
    }
}

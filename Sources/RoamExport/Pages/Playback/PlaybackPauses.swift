import RoamCore

/// The ride's auto-paused stretches, for the playback. Paused fixes mostly sit under the distance
/// gate and so are not drawn: the drawn points alone cannot tell a café stop from slow riding,
/// hence this pass over every fix. A run of fixes flagged `paused` lasts from its first fix to the
/// next fix that is not paused (to its own last fix when the ride ends paused).
public struct PlaybackPauses: Sendable {
    public struct Interval: Sendable, Equatable {
        public var fromUTCms: Int64
        public var toUTCms: Int64
        public init(fromUTCms: Int64, toUTCms: Int64) { self.fromUTCms = fromUTCms; self.toUTCms = toUTCms }
    }

    public private(set) var intervals: [Interval] = []
    private var open: Interval?

    public init() {}

    /// Fixes without a GNSS time cannot be placed on the playback's clock and are passed over.
    public mutating func add(_ fix: FixRecord) {
        guard let t = fix.utcMs else { return }
        if fix.flags.contains(.paused) {
            if open == nil { open = Interval(fromUTCms: t, toUTCms: t) } else { open!.toUTCms = max(open!.toUTCms, t) }
        } else if var run = open {
            run.toUTCms = max(run.toUTCms, t)
            intervals.append(run)
            open = nil
        }
    }

    /// Call after the last fix: closes a pause the ride ended in.
    public mutating func finish() {
        if let run = open { intervals.append(run) }
        open = nil
    }
}

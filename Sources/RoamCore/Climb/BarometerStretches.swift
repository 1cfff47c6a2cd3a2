/// The stretches of a ride without barometer samples (fixes flagged barometer-missing), each with
/// the cause the recorder gave for it (a `barometer-missing` event at its first fix) and its end:
/// where climb was not counted, and why (P5, P6). Read fix by fix, so a long ride costs its
/// stretches, not its fixes. A stretch no event names (a ride recorded before causes were, a
/// ride's first epoch taken before the barometer was read) says the cause was not recorded.
public struct BarometerStretches: Sendable {
    public struct Stretch: Sendable, Equatable {
        public var firstSeq: Int64, lastSeq: Int64
        public var firstUTCms: Int64?, lastUTCms: Int64?
        public var fixCount: Int
        /// The recorder's words, nil when none were recorded for it.
        public var cause: String?
    }

    public private(set) var stretches: [Stretch] = []
    /// Fixes that carried a sample: with none, the ride had no barometer at all, not stretches of one missing.
    public private(set) var sampledCount = 0
    /// A track file's points without an elevation are no stretch: climb is counted across them.
    let breaksClimb: Bool

    public init(altitudeSource: AltitudeSource) { breaksClimb = altitudeSource != .trackElevation }

    public mutating func add(seq: Int64, utcMs: Int64?, flags: FixFlags) {
        guard flags.contains(.barometerMissing) else { sampledCount += 1; return }
        if var last = stretches.last, last.lastSeq == seq - 1 {
            last.lastSeq = seq
            last.lastUTCms = utcMs ?? last.lastUTCms
            last.fixCount += 1
            stretches[stretches.count - 1] = last
        } else {
            stretches.append(Stretch(firstSeq: seq, lastSeq: seq, firstUTCms: utcMs, lastUTCms: utcMs, fixCount: 1))
        }
    }

    /// The stretches named by the ride's events: a `barometer-missing` event names the stretch its
    /// fix (`beforeSeq`) falls in. Empty when the ride never had a sample (no barometer, or an import
    /// without elevation) or its samples are a track's elevation.
    public func named(by events: [RideEvent]) -> [Stretch] {
        guard sampledCount > 0, breaksClimb else { return [] }
        let causes = events.filter { $0.kind == .barometerMissing }
        return stretches.map { stretch in
            var named = stretch
            named.cause = causes.first { event in
                event.beforeSeq.map { (stretch.firstSeq...stretch.lastSeq).contains($0) } ?? false
            }?.detail
            return named
        }
    }
}

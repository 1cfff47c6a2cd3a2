/// The speed a ride's maximum takes where speed is derived from positions (a replayed or imported
/// track file), not measured: the distance along the accepted track (fixes counted for distance;
/// never one set aside, as a jump is) over the shortest span of at least
/// `PipelineParameters.maxSpeedSpanS` that ends at each accepted fix. One step of a second means
/// nothing: a logger that stamps a position a second late turns 28 m of one span into a 100 km/h
/// step (the Edge 530 of 2022-11-26, whose device says 51 km/h). Chosen on the twelve rides of
/// Tests/Data/rides: over 7 s each is within 3 % of its device's own maximum.
public struct SpanSpeed: Sendable, Equatable, Codable {
    /// An accepted fix: when, and how far along the segment's accepted track.
    struct Mark: Sendable, Equatable, Codable {
        var time: TimeStamp
        var alongM: Double
    }

    /// The segment's accepted fixes from the latest one that a span may still start at, oldest first.
    var marks: [Mark] = []

    /// Marks kept at most: a span of 7 s holds about 25 at the jump limit's 33 m/s and the 10 m gate.
    static let memory = 64

    public init() {}

    /// A segment's first fix: no span crosses a gap (P5).
    mutating func start(at time: TimeStamp) { marks = [Mark(time: time, alongM: 0)] }

    /// An accepted fix `stepM` along the track from the last one; the speed over the shortest span
    /// of at least `spanS` seconds that ends here, or nil while the segment is shorter than that.
    mutating func advance(byM stepM: Double, at time: TimeStamp, spanS: Double) -> Double? {
        guard let last = marks.last else { start(at: time); return nil }
        // Whole millimetres: the state stores them in a few bytes (`StateBytes`), and it is committed with every batch.
        let here = Mark(time: time, alongM: ((last.alongM + stepM) * 1000).rounded() / 1000)
        var speed: Double?
        if let from = marks.lastIndex(where: { time.seconds(since: $0.time).map { $0 >= spanS } ?? false }),
           let dtS = time.seconds(since: marks[from].time), dtS > 0 {
            speed = (here.alongM - marks[from].alongM) / dtS
            // A later fix's span starts here or after: the marks before can go.
            marks.removeFirst(from)
        }
        marks.append(here)
        if marks.count > Self.memory { marks.removeFirst(marks.count - Self.memory) }
        return speed
    }

    /// A speed the ride's maximum counts, measured or over a span: none above `limitMps`, the
    /// speed no bicycle reaches (a jump's).
    static func counted(_ speedMps: Double?, limitMps: Double) -> Double? {
        guard let v = speedMps, v.isFinite, v <= limitMps else { return nil }
        return v
    }
}

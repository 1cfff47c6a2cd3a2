import RoamCore

/// The ride's stops (auto-pause) and gaps, each with where it happened on the drawn track, when,
/// how long and why: the map labels them, the charts shade them, the list below says them.
struct RideMarks {
    enum Kind: String { case stop, gap }

    struct Mark {
        var kind: Kind
        var fromUTCms: Int64?, toUTCms: Int64?
        /// "auto-pause", or the gap's stored cause.
        var cause: String
        /// Where the map draws it: the last drawn point before it (a gap's far side is `resume`).
        var at: ViewTrack.Point
        var resume: ViewTrack.Point?
        var durationS: Double? {
            guard let a = fromUTCms, let b = toUTCms else { return nil }
            return Double(max(0, b - a)) / 1000
        }
    }

    /// Stops shorter than this are shaded on the time charts but not labelled: traffic lights.
    static let labelledStopS = 60.0

    let marks: [Mark]

    /// `gapSpans`: when each gap began and ended, from the last fix before it whatever the distance
    /// gate did (`RideReader.gapSpans`, as `show` says it); a gap without one is timed by its drawn ends.
    init(track: ViewTrack, pauses: [PlaybackPauses.Interval], gapCauses: [String], gapSpans: [GapSpan] = [],
         endingGaps: [(cause: String, utcMs: Int64?)] = []) {
        var out: [Mark] = []
        let timed = track.segments.flatMap(\.points).filter { $0.utcMs != nil }
        for p in pauses {
            // The rider stood where the last drawn fix before the pause put them.
            let i = Self.lastIndex(timed, atMost: p.fromUTCms)
            guard let at = i.map({ timed[$0] }) ?? timed.first else { continue }
            out.append(Mark(kind: .stop, fromUTCms: p.fromUTCms, toUTCms: p.toUTCms, cause: "auto-pause", at: at, resume: nil))
        }
        for (i, pair) in zip(track.segments, track.segments.dropFirst()).enumerated() {
            guard let end = pair.0.points.last, let start = pair.1.points.first else { continue }
            let cause = i < gapCauses.count ? gapCauses[i] : "gap"
            let span = gapSpans.first { $0.toUTCms != nil && $0.toUTCms == start.utcMs }
            out.append(Mark(kind: .gap, fromUTCms: span?.fromUTCms ?? end.utcMs, toUTCms: span?.toUTCms ?? start.utcMs,
                            cause: cause, at: end, resume: start))
        }
        // The ride ended in these: marked where the track stops, with nothing drawn past it.
        if let last = track.segments.last?.points.last {
            for g in endingGaps { out.append(Mark(kind: .gap, fromUTCms: g.utcMs, toUTCms: nil, cause: g.cause, at: last, resume: nil)) }
        }
        marks = out.sorted { ($0.fromUTCms ?? 0, $0.at.distanceM) < ($1.fromUTCms ?? 0, $1.at.distanceM) }
    }

    var stops: [Mark] { marks.filter { $0.kind == .stop } }
    var gaps: [Mark] { marks.filter { $0.kind == .gap } }
    var pausedS: Double { stops.compactMap(\.durationS).reduce(0, +) }

    private static func lastIndex(_ points: [ViewTrack.Point], atMost t: Int64) -> Int? {
        var lo = 0, hi = points.count - 1, found: Int?
        while lo <= hi {
            let mid = (lo + hi) / 2
            if points[mid].utcMs! <= t { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        return found
    }
}

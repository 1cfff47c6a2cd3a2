import RoamCore

extension RideReader {
    /// Each gap of the ride, in order (`GapSpan`): the one place its start and length are computed.
    /// A segment's first fix after a gap, then the last usable fix before it, found by stepping back
    /// over the gap's own rows from it; no fix is decoded, so the FIT export, which reads only the
    /// fixes it writes, pays one pass of SQLite's over the flags and a few rows a gap.
    public func gapSpans(ride id: Int64) throws -> [GapSpan] {
        let starts = try connection.prepare("SELECT seq, t_utc_ms, flags FROM fixes WHERE \(FixKey.ride("?1")) "
            + "AND (flags & ?2) != 0 ORDER BY fix_key")
        let before = try connection.prepare("SELECT seq, t_utc_ms FROM fixes WHERE fix_key >= \(FixKey.of("?1", "0")) AND fix_key < \(FixKey.of("?1", "?2")) "
            + "AND fix_mode >= \(FixMode.fix2D.rawValue) AND lat_deg IS NOT NULL AND lon_deg IS NOT NULL AND (flags & ?3) = 0 "
            + "ORDER BY fix_key DESC LIMIT 1")
        try starts.bind(id, at: 1)
        try starts.bind(FixFlags.segmentStart.rawValue, at: 2)
        var segmentStarts: [(seq: Int64, utcMs: Int64?, flags: FixFlags)] = []
        while try starts.step() {
            segmentStarts.append((starts.int64(at: 0), starts.optionalInt64(at: 1), FixFlags(rawValue: Int(starts.int64(at: 2)))))
        }
        var spans: [GapSpan] = []
        for start in segmentStarts {
            defer { before.reset() }
            try before.bind(id, at: 1)
            try before.bind(start.seq, at: 2)
            try before.bind(GapSpan.unusable.rawValue, at: 3)
            // The ride's first segment has no fix before it: no gap opens it.
            guard try before.step() else { continue }
            spans.append(GapSpan(fromSeq: before.int64(at: 0), toSeq: start.seq, fromUTCms: before.optionalInt64(at: 1),
                                 toUTCms: start.utcMs, movedThrough: start.flags.contains(.movedThroughGap)))
        }
        return spans
    }
}

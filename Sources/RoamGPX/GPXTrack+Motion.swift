import RoamCore

extension GPXTrack {
    /// Speed over ground (m/s) and course (degrees true) at point `i`, as a receiver sends them in
    /// RMC: a GPX has neither, so they come from the positions and times, over the interval that
    /// ends at the point (a segment's first point uses the one after it: nothing is derived across
    /// the file's break). nil where the times do not move or the segment has one point.
    /// A replay sends them to the bench receiver; an import gives them to the pipeline.
    public static func motion(_ points: [Point], at i: Int) -> (speedMps: Double, courseDeg: Double)? {
        let opens = i == 0 || points[i].startsSegment
        if opens { guard i + 1 < points.count, !points[i + 1].startsSegment else { return nil } }
        let (a, b) = opens ? (points[i], points[i + 1]) : (points[i - 1], points[i])
        let dt = Double(b.utcMs - a.utcMs) / 1000
        guard dt > 0 else { return nil }
        let d = Haversine.distanceM(lat1: a.latDeg, lon1: a.lonDeg, lat2: b.latDeg, lon2: b.lonDeg)
        let radPerDeg = Double.pi / 180
        let (lat1, lat2, dLon) = (a.latDeg * radPerDeg, b.latDeg * radPerDeg, (b.lonDeg - a.lonDeg) * radPerDeg)
        let y = sine(dLon) * cosine(lat2)
        let x = cosine(lat1) * sine(lat2) - sine(lat1) * cosine(lat2) * cosine(dLon)
        let course = arctangent2(y, x) / radPerDeg
        return (d / dt, course < 0 ? course + 360 : course)
    }
}

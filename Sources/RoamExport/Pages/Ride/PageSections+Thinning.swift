import RoamCore

extension PageSections {
    /// Says in words when the page draws fewer points than the ride kept: a long ride's map, replay
    /// and charts are thinned so the page opens, but its figures count every fix and nothing is
    /// deleted (P4). A sentence led by a space, empty when every accepted point is drawn.
    func thinning(chartStride: Int) -> String {
        let kept = track.acceptedPointCount, drawn = track.drawnPointCount
        guard drawn < kept || chartStride > 1 else { return "" }
        var s = ""
        if drawn < kept {
            s = " The map, the replay and the elevation profile draw \(drawn) of the \(Plural.count(kept, "point")) kept for distance "
                + "(every \(Self.ordinal(track.stride)) and each segment's first and last)"
            if chartStride > 1 { s += "; the other charts every \(Self.ordinal(chartStride)) of those" }
        } else {
            s = " The charts other than the elevation profile draw every \(Self.ordinal(chartStride)) of the \(Plural.count(kept, "point")) kept for distance"
        }
        return s + ". Distance, splits and totals count every fix, and every fix stays in the database and in what "
            + "<code>dump</code> writes (GPX, FIT, GeoJSON, CSV)."
    }

    /// 2nd, 3rd, 4th, 11th, 21st: "every 4th" point.
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }
}

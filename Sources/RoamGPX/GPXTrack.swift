import RoamCore

/// The points of a GPX 1.0 or 1.1 track (`<trkpt lat lon>` with `<time>` and an optional `<ele>`), as a
/// bike computer, a phone app or GPSBabel writes them: enough to replay a real ride through the bench
/// board (RoamSimulator) and to import one (RoamImport), which is why it is a module of its own.
/// A small scanner rather than an XML library: GPX from devices is regular, and Foundation's XML
/// parser would add libxml2 to the board's package. The GPX elements may carry a namespace prefix
/// (`<gpx:trkpt>`) when the root element does (`<gpx:gpx xmlns:gpx=…>`).
public struct GPXTrack: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var latDeg: Double
        public var lonDeg: Double
        public var utcMs: Int64
        /// Metres above sea level, when the file has it.
        public var elevationM: Double?
        /// The air temperature the device measured (Garmin's TrackPointExtension `atemp`, which
        /// GPSBabel writes with `garminextensions`), when the file has it.
        public var temperatureC: Double? = nil
        /// The first point of a `<trkseg>` after the first: the file breaks the track here (GPX
        /// starts a new segment where reception was lost or the logger was off), so no line, speed
        /// or distance is measured from the point before.
        public var startsSegment = false
        /// A segment's first point in roam-board's own export (kept or every fix) that says the rider
        /// rode through the gap before it (`moved-through-gap`): that gap's time was moving time.
        public var ridThroughGap = false
    }

    /// Whether any point carries a measured temperature.
    public var hasTemperature: Bool { points.contains { $0.temperatureC != nil } }

    public var points: [Point]
    /// The `creator` attribute of `<gpx>`: the device or program that wrote the file, when it says.
    public var creator: String? = nil
    /// What some point of the file carries that no point keeps (heart rate, cadence, power), in that order.
    public var unkept: [UnkeptFigure] = []
    /// Which fixes the file holds when it is roam-board's own export and says so (`ExportedFixes`).
    public var exportedFixes: ExportedFixes? = nil

    /// What is wrong with a file, in words a rider can act on, with the point's number (1-based).
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// A point that cannot be read.
            case damaged
            /// No `<gpx>` element: another format, or no track file at all. What to do depends on
            /// the reader (import converts FIT and TCX itself, a replay takes GPX or NMEA), so it says that.
            case notGPX
            /// The file ends before its closing `</gpx>`: the rest of the ride is not in it.
            case cutShort
            /// No `<trkpt>`: an empty track, a planned route (`<rte>`) or waypoints (`<wpt>`) only.
            case noTrack
            /// No point has a `<time>`: a track drawn in a planner.
            case noTimes
            /// Some points have a `<time>` and some do not.
            case missingTime
            /// A point is earlier than the one before it.
            case outOfOrder
        }
        public var kind: Kind
        public var description: String
        init(_ kind: Kind = .damaged, description: String) { self.kind = kind; self.description = description }
    }

    /// Parses `text`; rejects the whole file at its first bad point, so nothing is replayed half.
    public init(parsing text: String) throws(Problem) {
        let bytes = Array(text.utf8)
        guard let prefix = Self.rootPrefix(bytes) else {
            throw Problem(.notGPX, description: "not a GPX file (no <gpx> element)")
        }
        let (open, close, segment) = ("<" + prefix + "trkpt", "</" + prefix + "trkpt>", "<" + prefix + "trkseg")
        var points: [Point] = []
        var i = 0
        var nextSegment = find(bytes, segment, from: 0)
        var untimed: Int?, timed = 0
        let exported = Self.exportedFixes(bytes, prefix: prefix)
        while let start = find(bytes, open, from: i) {
            let n = points.count + 1
            guard let tagEnd = find(bytes, ">", from: start) else {
                throw Problem(.cutShort, description: "point \(n): <trkpt> is never closed, the file ends inside it")
            }
            // <trkpt lat=".." lon=".."/> has nothing inside: it then lacks a time, reported as such.
            let isEmpty = bytes[tagEnd - 1] == 47
            guard let close = isEmpty ? tagEnd : find(bytes, close, from: tagEnd) else {
                throw Problem(.cutShort, description: "point \(n): <trkpt> is never closed, the file ends inside it")
            }
            var startsSegment = false
            if let s = nextSegment, s < start {
                startsSegment = !points.isEmpty
                nextSegment = find(bytes, segment, from: start)
            }
            let tag = String(decoding: bytes[start..<tagEnd], as: UTF8.self)
            let body = String(decoding: bytes[tagEnd..<close], as: UTF8.self)
            guard let lat = Self.attribute("lat", in: tag).flatMap(Double.init), let lon = Self.attribute("lon", in: tag).flatMap(Double.init) else {
                throw Problem(description: "point \(n): lat and lon attributes missing or not numbers")
            }
            guard (-90...90).contains(lat), (-180...180).contains(lon) else {
                // A writer that swapped the attributes' values: said, never swapped back by guess.
                let swapped = (-90...90).contains(lon) && (-180...180).contains(lat) ? " (lat and lon look swapped by the program that wrote it)" : ""
                throw Problem(description: "point \(n): lat \(lat), lon \(lon) is not a place on Earth\(swapped)")
            }
            guard let timeText = Self.element(prefix + "time", in: body) else {
                untimed = untimed ?? n
                i = close + 1
                points.append(Point(latDeg: lat, lonDeg: lon, utcMs: 0, elevationM: nil))
                continue
            }
            guard let utcMs = Self.parseTime(timeText) else {
                throw Problem(description: "point \(n): <time>\(timeText)</time> is not an ISO 8601 time")
            }
            timed += 1
            if untimed == nil, let last = points.last, utcMs < last.utcMs {
                throw Problem(.outOfOrder, description: "point \(n): time \(timeText) goes backwards from point \(n - 1)'s: "
                              + "the points are out of time order, as no recording is")
            }
            var elevation: Double?
            if let e = Self.element(prefix + "ele", in: body) {
                guard let v = Double(e), v.isFinite, (-500...9000).contains(v) else {
                    throw Problem(description: "point \(n): <ele>\(e)</ele> is not an elevation in metres")
                }
                elevation = v
            }
            var temperature: Double?
            if let t = Self.extensionElement("atemp", in: body) {
                guard let v = Double(t), v.isFinite, (-60...70).contains(v) else {
                    throw Problem(description: "point \(n): atemp \(t) is not an air temperature in °C")
                }
                temperature = v
            }
            points.append(Point(latDeg: lat, lonDeg: lon, utcMs: utcMs, elevationM: elevation, temperatureC: temperature,
                                startsSegment: startsSegment,
                                ridThroughGap: startsSegment && exported != nil && Self.saysMovedThroughGap(body)))
            i = close + 1
        }
        guard find(bytes, "</" + prefix + "gpx", from: i) != nil else {
            throw Problem(.cutShort, description: "it ends after \(points.count) complete point\(points.count == 1 ? "" : "s") without "
                          + "its closing </gpx>: the rest of the ride is not in it (a logger stopped before closing the file, "
                          + "or a copy that did not finish); if that is all there is of the ride, end the file "
                          + "with </trkseg></trk></gpx> and try again")
        }
        guard !points.isEmpty else { throw Self.noTrack(bytes, prefix) }
        if let untimed {
            guard timed > 0 else {
                throw Problem(.noTimes, description: "none of its \(points.count) points has a <time>: a track drawn in a planner, "
                              + "not a recorded ride; a ride is placed by the time of every point")
            }
            throw Problem(.missingTime, description: "point \(untimed) of \(points.count) has no <time> (\(timed) of them have one): "
                          + "a ride is placed by the time of every point")
        }
        self.points = points
        exportedFixes = exported
        unkept = UnkeptFigure.present(in: bytes)
        if let open = find(bytes, "<" + prefix + "gpx", from: 0), let end = find(bytes, ">", from: open) {
            creator = Self.attribute("creator", in: String(decoding: bytes[open..<end], as: UTF8.self)).flatMap { $0.isEmpty ? nil : XMLEntities.decode($0) }
        }
    }

    /// The namespace prefix of the GPX elements, from the root element's name: "" for `<gpx>`,
    /// "gpx:" for `<gpx:gpx>`; nil when the first element is not a GPX root.
    static func rootPrefix(_ bytes: [UInt8]) -> String? {
        var i = 0
        while let lt = find(bytes, "<", from: i) {
            guard lt + 1 < bytes.count else { return nil }
            let c = bytes[lt + 1]
            if c == 63 || c == 33 { i = lt + 1; continue }   // <?xml …?>, <!-- … -->, <!DOCTYPE …>
            var end = lt + 1
            while end < bytes.count, !(bytes[end] == 32 || bytes[end] == 62 || bytes[end] == 47 || (9...13).contains(bytes[end])) { end += 1 }
            let name = String(decoding: bytes[(lt + 1)..<end], as: UTF8.self)
            if name == "gpx" { return "" }
            if name.hasSuffix(":gpx") { return String(name.dropLast(3)) }
            return nil
        }
        return nil
    }

    /// Why a file with no track point holds no ride: a planned route, waypoints, or nothing.
    static func noTrack(_ bytes: [UInt8], _ prefix: String) -> Problem {
        func count(_ element: String) -> Int {
            var n = 0, i = 0
            while let at = find(bytes, "<" + prefix + element, from: i) {
                i = at + 1
                if at + prefix.utf8.count + element.utf8.count + 1 < bytes.count,
                   [32, 62, 47, 9, 10, 13].contains(bytes[at + prefix.utf8.count + element.utf8.count + 1]) { n += 1 }
            }
            return n
        }
        let (route, waypoints) = (count("rtept"), count("wpt"))
        if route > 0 {
            return Problem(.noTrack, description: "the track is empty: it holds a planned route of \(route) point\(route == 1 ? "" : "s") "
                           + "(<rtept>) but no recorded track (<trkpt>); a route has no times, so it is not a ride")
        }
        if waypoints > 0 {
            return Problem(.noTrack, description: "the track is empty: it holds \(waypoints) waypoint\(waypoints == 1 ? "" : "s") (<wpt>) "
                           + "but no recorded track (<trkpt>); waypoints are places, not a ride")
        }
        return Problem(.noTrack, description: "the track is empty: no <trkpt> with a position")
    }

    /// `name="value"` or `name='value'` inside a start tag.
    static func attribute(_ name: String, in tag: String) -> String? {
        for quote in ["\"", "'"] {
            for lead in [" ", "\t", "\n", "\r"] {
                let key = lead + name + "=" + quote
                guard let r = tag.firstRange(ofText: key) else { continue }
                let rest = tag[r.upperBound...]
                guard let end = rest.firstIndex(of: Character(quote)) else { return nil }
                return String(rest[..<end]).trimmedOfWhitespace
            }
        }
        return nil
    }

    /// The text of the first `<name>…</name>`; `name` carries the file's prefix, if any.
    static func element(_ name: String, in body: String) -> String? {
        guard let open = body.firstRange(ofText: "<" + name + ">"), let close = body[open.upperBound...].firstRange(ofText: "</" + name + ">") else {
            return nil
        }
        return String(body[open.upperBound..<close.lowerBound]).trimmedOfWhitespace
    }

    /// The text of the first `<prefix:name>…</…>` of an extension, whatever its namespace prefix
    /// (`gpxtpx:`, `ns3:`), or without one: the element's whole name, never one that only ends in
    /// `name` (`<xatemp>` is not `atemp`).
    static func extensionElement(_ name: String, in body: String) -> String? {
        var from = body.startIndex
        while let tag = body[from...].firstRange(ofText: name + ">") {
            from = tag.upperBound
            let before = body[..<tag.lowerBound]
            guard let lt = before.lastIndex(of: "<") else { continue }
            let prefix = before[before.index(after: lt)...]
            guard prefix.isEmpty || (prefix.count > 1 && prefix.hasSuffix(":") && prefix.dropLast().allSatisfy(isPrefixCharacter)) else { continue }
            let rest = body[tag.upperBound...]
            guard let end = rest.firstRange(ofText: "</") else { return nil }
            return String(rest[..<end.lowerBound]).trimmedOfWhitespace
        }
        return nil
    }

    /// A namespace prefix's characters (an XML name without a colon; "/" is a closing tag's).
    private static func isPrefixCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "-" || c == "."
    }
}

private func find(_ bytes: [UInt8], _ needle: String, from: Int) -> Int? { UTF8Search.firstOffset(of: needle, in: bytes, from: from) }

private func contains(_ bytes: [UInt8], _ needle: String) -> Bool { find(bytes, needle, from: 0) != nil }


import RoamCore

/// The points of a GPX 1.1 track (`<trkpt lat lon>` with `<time>` and an optional `<ele>`), as a
/// bike computer or GPSBabel writes them: enough to replay a real ride through the bench board
/// (RoamSimulator) and to import one (RoamImport), which is why it is a module of its own.
/// A small scanner rather than an XML library: GPX from devices is regular, and Foundation's XML
/// parser would add libxml2 to the board's package.
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
    }

    /// Whether any point carries a measured temperature.
    public var hasTemperature: Bool { points.contains { $0.temperatureC != nil } }

    public var points: [Point]
    /// The `creator` attribute of `<gpx>`: the device or program that wrote the file, when it says.
    public var creator: String? = nil

    /// What is wrong with a file, in words a rider can act on, with the point's number (1-based).
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Parses `text`; rejects the whole file at its first bad point, so nothing is replayed half.
    public init(parsing text: String) throws(Problem) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 4, contains(bytes, "<gpx") else {
            throw Problem(description: "not a GPX file (no <gpx> element); a FIT ride goes through gpsbabel first")
        }
        var points: [Point] = []
        var i = 0
        while let start = find(bytes, "<trkpt", from: i) {
            let n = points.count + 1
            guard let tagEnd = find(bytes, ">", from: start) else { throw Problem(description: "point \(n): <trkpt> is never closed") }
            // <trkpt lat=".." lon=".."/> has nothing inside: it then lacks a time, reported as such.
            let isEmpty = bytes[tagEnd - 1] == 47
            guard let close = isEmpty ? tagEnd : find(bytes, "</trkpt>", from: tagEnd) else {
                throw Problem(description: "point \(n): <trkpt> is never closed")
            }
            let tag = String(decoding: bytes[start..<tagEnd], as: UTF8.self)
            let body = String(decoding: bytes[tagEnd..<close], as: UTF8.self)
            guard let lat = Self.attribute("lat", in: tag).flatMap(Double.init), let lon = Self.attribute("lon", in: tag).flatMap(Double.init) else {
                throw Problem(description: "point \(n): lat and lon attributes missing or not numbers")
            }
            guard (-90...90).contains(lat), (-180...180).contains(lon) else {
                throw Problem(description: "point \(n): lat \(lat), lon \(lon) is not a place on Earth")
            }
            guard let timeText = Self.element("time", in: body) else {
                throw Problem(description: "point \(n) has no <time>: a ride is placed by the time of every point")
            }
            guard let utcMs = Self.parseTime(timeText) else {
                throw Problem(description: "point \(n): <time>\(timeText)</time> is not an ISO 8601 time")
            }
            if let last = points.last, utcMs < last.utcMs {
                throw Problem(description: "point \(n): time \(timeText) goes backwards (the previous point is later)")
            }
            var elevation: Double?
            if let e = Self.element("ele", in: body) {
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
            points.append(Point(latDeg: lat, lonDeg: lon, utcMs: utcMs, elevationM: elevation, temperatureC: temperature))
            i = close + 1
        }
        guard !points.isEmpty else { throw Problem(description: "the track is empty: no <trkpt> with a position") }
        self.points = points
        if let open = find(bytes, "<gpx", from: 0), let end = find(bytes, ">", from: open) {
            creator = Self.attribute("creator", in: String(decoding: bytes[open..<end], as: UTF8.self)).flatMap { $0.isEmpty ? nil : XMLEntities.decode($0) }
        }
    }

    /// `name="value"` or `name='value'` inside a start tag.
    static func attribute(_ name: String, in tag: String) -> String? {
        for quote in ["\"", "'"] {
            for lead in [" ", "\t", "\n", "\r"] {
                let key = lead + name + "=" + quote
                guard let r = tag.firstRange(of: key) else { continue }
                let rest = tag[r.upperBound...]
                guard let end = rest.firstIndex(of: Character(quote)) else { return nil }
                return String(rest[..<end]).trimmingSpaces
            }
        }
        return nil
    }

    /// The text of the first `<name>…</name>` (a namespace prefix is not used by GPX writers).
    static func element(_ name: String, in body: String) -> String? {
        guard let open = body.firstRange(of: "<" + name + ">"), let close = body[open.upperBound...].firstRange(of: "</" + name + ">") else {
            return nil
        }
        return String(body[open.upperBound..<close.lowerBound]).trimmingSpaces
    }

    /// The text of the first `<prefix:name>…</prefix:name>` of an extension, whatever its namespace
    /// prefix (`gpxtpx:`, `ns3:`), or without one.
    static func extensionElement(_ name: String, in body: String) -> String? {
        guard let tag = body.firstRange(of: name + ">") else { return nil }
        let before = body[..<tag.lowerBound]
        guard let lt = before.lastIndex(of: "<"), !before[lt...].contains("/"),
              before[before.index(after: lt)...].allSatisfy({ $0.isLetter || $0.isNumber || $0 == ":" || $0 == "_" }) else { return nil }
        let rest = body[tag.upperBound...]
        guard let end = rest.firstRange(of: "</") else { return nil }
        return String(rest[..<end.lowerBound]).trimmingSpaces
    }

    /// `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`, as GPX 1.1's xsd:dateTime.
    static func parseTime(_ s: String) -> Int64? {
        let b = Array(s.utf8)
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var v = 0
            for c in b[from..<from + count] { guard c >= 48 && c <= 57 else { return nil }; v = v * 10 + Int(c - 48) }
            return v
        }
        guard b.count >= 19, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116, b[13] == 58, b[16] == 58,
              let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2), let mi = num(14, 2), let sec = num(17, 2),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec < 61 else { return nil }
        var i = 19, ms = 0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 100, digits = 0
            while i < b.count, b[i] >= 48, b[i] <= 57 { ms += Int(b[i] - 48) * scale; scale /= 10; i += 1; digits += 1 }
            guard digits > 0 else { return nil }
        }
        var offsetS = 0
        if i < b.count, b[i] == 90 || b[i] == 122 {
            i += 1
        } else if i < b.count, b[i] == 43 || b[i] == 45, let oh = num(i + 1, 2), i + 3 < b.count, b[i + 3] == 58, let om = num(i + 4, 2) {
            offsetS = (oh * 3600 + om * 60) * (b[i] == 43 ? 1 : -1)
            i += 6
        } else if i < b.count {
            return nil
        }
        guard i == b.count else { return nil }
        let days = CivilDate.daysFromCivil(year: y, month: mo, day: d)
        return (days * 86_400 + Int64(h * 3600 + mi * 60 + sec - offsetS)) * 1000 + Int64(ms)
    }
}

private func find(_ bytes: [UInt8], _ needle: String, from: Int) -> Int? {
    let n = Array(needle.utf8)
    guard !n.isEmpty, bytes.count >= n.count, from <= bytes.count - n.count else { return nil }
    var i = from
    while i <= bytes.count - n.count {
        if bytes[i] == n[0] && bytes[i..<i + n.count].elementsEqual(n) { return i }
        i += 1
    }
    return nil
}

private func contains(_ bytes: [UInt8], _ needle: String) -> Bool { find(bytes, needle, from: 0) != nil }

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

import RoamCore

/// Streams explored geohash cells as an RFC 7946 FeatureCollection: one Polygon per cell, its
/// exterior ring counterclockwise (the RFC's right-hand rule), longitude first.
public struct ExploredGeoJSONWriter<Sink: ByteSink> {
    public private(set) var sink: Sink
    public private(set) var cellCount = 0

    public init(sink: Sink) { self.sink = sink }

    public mutating func begin(precision: Int) throws {
        try sink.write("{\"type\":\"FeatureCollection\",\"properties\":{\"geohash_precision\":\(precision)},\"features\":[")
    }

    /// Throws `ExportError.invalidGeohash` for text that is not a geohash.
    public mutating func write(geohash: String, firstVisitUTCms: Int64?, rideID: Int64?, cells: Int) throws {
        guard let b = Geohash.bounds(geohash) else { throw ExportError.invalidGeohash(geohash) }
        let corners = [(b.lon.lowerBound, b.lat.lowerBound), (b.lon.upperBound, b.lat.lowerBound),
                       (b.lon.upperBound, b.lat.upperBound), (b.lon.lowerBound, b.lat.upperBound),
                       (b.lon.lowerBound, b.lat.lowerBound)]
        let ring = corners.map { "[" + FixedPoint.format($0.0, digits: 9) + "," + FixedPoint.format($0.1, digits: 9) + "]" }
        var s = cellCount > 0 ? ",\n" : "\n"
        s += "{\"type\":\"Feature\",\"id\":" + JSONText.string(geohash)
        s += ",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[" + ring.joined(separator: ",") + "]]}"
        s += ",\"properties\":{\"geohash\":" + JSONText.string(geohash)
        s += ",\"first_visit_utc\":" + (firstVisitUTCms.map { JSONText.string(CivilDate.iso8601(utcMs: $0)) } ?? "null")
        s += ",\"ride\":" + (rideID.map { String($0) } ?? "null")
        s += ",\"cells_p7\":\(cells)}}"
        try sink.write(s)
        cellCount += 1
    }

    public mutating func end() throws { try sink.write("\n]}\n") }
}

/// Values an exporter refuses.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case invalidGeohash(String)

    public var description: String {
        switch self {
        case .invalidGeohash(let text): return "'\(text)' is not a geohash (base-32 characters 0-9, b-h, j, k, m, n, p-z)"
        }
    }
}

import RoamCore

/// Streams explorer tiles as an RFC 7946 FeatureCollection: one Polygon per tile (counterclockwise,
/// longitude first) with its z/x/y, the ride that first visited it, whether it is a cluster tile
/// (all four neighbours visited) and whether it lies in the max square.
public struct TilesGeoJSONWriter<Sink: ByteSink> {
    public private(set) var sink: Sink
    public private(set) var tileCount = 0

    public init(sink: Sink) { self.sink = sink }

    public mutating func begin(zoom: Int, scores: TileScores) throws {
        try sink.write("{\"type\":\"FeatureCollection\",\"properties\":{\"zoom\":\(zoom),\"tiles\":\(scores.tiles)"
                       + ",\"max_square\":\(scores.maxSquare),\"max_cluster\":\(scores.maxCluster)},\"features\":[")
    }

    public mutating func write(tile: SlippyTile, firstRide: Int64?, cluster: Bool, inMaxSquare: Bool) throws {
        let b = tile.bounds
        let corners = [(b.west, b.south), (b.east, b.south), (b.east, b.north), (b.west, b.north), (b.west, b.south)]
        let ring = corners.map { "[" + FixedPoint.format($0.0, digits: 9) + "," + FixedPoint.format($0.1, digits: 9) + "]" }
        var s = tileCount > 0 ? ",\n" : "\n"
        s += "{\"type\":\"Feature\",\"id\":" + JSONText.string(tile.description)
        s += ",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[" + ring.joined(separator: ",") + "]]}"
        s += ",\"properties\":{\"z\":\(tile.zoom),\"x\":\(tile.x),\"y\":\(tile.y)"
        s += ",\"first_ride\":" + (firstRide.map { String($0) } ?? "null")
        s += ",\"cluster\":\(cluster),\"in_max_square\":\(inMaxSquare)}}"
        try sink.write(s)
        tileCount += 1
    }

    public mutating func end() throws { try sink.write("\n]}\n") }
}

/// Rides added in the order they were ridden at one zoom: the tiles each visited first and the scores after it.
/// Only tiles that hold a fix count: no tiles are filled in between consecutive fixes
/// (geo-activity-playground does the same for points), so very fast riding at zoom 17 may skip one.
public struct TileExplorer: Sendable {
    public private(set) var tileSet: TileSet
    /// The ride that first visited each tile, and that visit's time (UTC ms).
    public private(set) var firstVisit: [TileSet.TilePosition: (ride: Int64, utcMs: Int64?)] = [:]
    public private(set) var rides: [RideTiles] = []

    public struct RideTiles: Sendable {
        public let ride: Int64
        public let newTiles: Int
        public let scores: TileScores
        /// Which scores this ride raised (tiles always when newTiles > 0).
        public let raisedSquare: Bool
        public let raisedCluster: Bool
    }

    private var current: (ride: Int64, newTiles: Int)?

    public init(zoom: Int) { tileSet = TileSet(zoom: zoom) }

    public var zoom: Int { tileSet.zoom }

    /// One accepted fix of `ride`; rides must come in the order they were ridden, each ride's fixes together.
    public mutating func add(ride: Int64, latDeg: Double, lonDeg: Double, utcMs: Int64?) {
        if current?.ride != ride { finishRide(); current = (ride, 0) }
        let t = SlippyTile(latDeg: latDeg, lonDeg: lonDeg, zoom: zoom)
        if tileSet.insert(x: t.x, y: t.y) {
            firstVisit[TileSet.TilePosition(x: t.x, y: t.y)] = (ride, utcMs)
            current!.newTiles += 1
        }
    }

    /// Closes the ride in progress (also done by the next ride's first fix); idempotent.
    public mutating func finishRide() {
        guard let c = current else { return }
        current = nil
        let before = rides.last?.scores ?? TileScores(tiles: 0, maxSquare: 0, maxCluster: 0)
        // The scores only move when new tiles came.
        let after = c.newTiles == 0 ? before : tileSet.scores
        rides.append(RideTiles(ride: c.ride, newTiles: c.newTiles, scores: after,
                               raisedSquare: after.maxSquare > before.maxSquare,
                               raisedCluster: after.maxCluster > before.maxCluster))
    }

    /// Marks a ride that had no accepted fix, so it still gets its line.
    public mutating func addEmptyRide(_ ride: Int64) {
        if current?.ride != ride { finishRide(); current = (ride, 0) }
    }
}

/// The tiles visited at one zoom, and the explorer scores VeloViewer and
/// geo-activity-playground define on them: tiles, max square, max cluster.
public struct TileSet: Sendable {
    public let zoom: Int
    public private(set) var tiles: Set<TilePosition> = []

    public struct TilePosition: Hashable, Comparable, Sendable {
        public let x: Int
        public let y: Int
        public init(x: Int, y: Int) { self.x = x; self.y = y }
        public static func < (a: TilePosition, b: TilePosition) -> Bool { (a.y, a.x) < (b.y, b.x) }
    }

    /// The largest square block of visited tiles: its side and north-west corner.
    public struct Square: Equatable, Sendable {
        public let side: Int
        public let west: Int
        public let north: Int
        public func contains(_ t: TilePosition) -> Bool {
            side > 0 && t.x >= west && t.x < west + side && t.y >= north && t.y < north + side
        }
    }

    public init(zoom: Int) { self.zoom = zoom }

    public var count: Int { tiles.count }

    /// Adds a tile; true when it was not visited before.
    @discardableResult
    public mutating func insert(x: Int, y: Int) -> Bool { tiles.insert(TilePosition(x: x, y: y)).inserted }

    public func contains(x: Int, y: Int) -> Bool { tiles.contains(TilePosition(x: x, y: y)) }

    /// The four edge neighbours; x wraps around the antimeridian (column 2^z-1 touches column 0),
    /// y does not (the first and last rows have no neighbour beyond the Mercator edge).
    public func neighbours(x: Int, y: Int) -> [TilePosition] {
        let span = 1 << zoom
        var result = [TilePosition(x: (x + 1) % span, y: y), TilePosition(x: (x - 1 + span) % span, y: y)]
        if y > 0 { result.append(TilePosition(x: x, y: y - 1)) }
        if y < span - 1 { result.append(TilePosition(x: x, y: y + 1)) }
        return result
    }

    /// A cluster tile: visited, with all four neighbours visited.
    public func isClusterTile(_ t: TilePosition) -> Bool {
        let n = neighbours(x: t.x, y: t.y)
        return tiles.contains(t) && n.count == 4 && n.allSatisfy { tiles.contains($0) }
    }

    /// The largest square block: dynamic programming in row-major order,
    /// side(x,y) = 1 + min(side(x-1,y), side(x,y-1), side(x-1,y-1)), over the visited tiles only
    /// (O(n log n) for the sort). The square does not wrap across the antimeridian: VeloViewer's
    /// and geo-activity-playground's squares are plain x ranges, and so is this one.
    public var maxSquare: Square {
        var side: [TilePosition: Int] = [:]
        side.reserveCapacity(tiles.count)
        var best = Square(side: 0, west: 0, north: 0)
        for t in tiles.sorted() {
            let s = 1 + min(side[TilePosition(x: t.x - 1, y: t.y)] ?? 0,
                            side[TilePosition(x: t.x, y: t.y - 1)] ?? 0,
                            side[TilePosition(x: t.x - 1, y: t.y - 1)] ?? 0)
            side[t] = s
            // Ties keep the first square in row-major order of its south-east corner.
            if s > best.side { best = Square(side: s, west: t.x - s + 1, north: t.y - s + 1) }
        }
        return best
    }

    /// The cluster tiles of the largest 4-connected group of cluster tiles (x wraps).
    public var maxCluster: Set<TilePosition> {
        let clusterTiles = Set(tiles.filter(isClusterTile))
        var seen: Set<TilePosition> = []
        var best: Set<TilePosition> = []
        for start in clusterTiles.sorted() where !seen.contains(start) {
            var group: Set<TilePosition> = [start]
            var stack = [start]
            seen.insert(start)
            while let t = stack.popLast() {
                for n in neighbours(x: t.x, y: t.y) where clusterTiles.contains(n) && !seen.contains(n) {
                    seen.insert(n)
                    group.insert(n)
                    stack.append(n)
                }
            }
            if group.count > best.count { best = group }
        }
        return best
    }

    /// The three scores at once.
    public var scores: TileScores {
        TileScores(tiles: count, maxSquare: maxSquare.side, maxCluster: maxCluster.count)
    }
}

public struct TileScores: Equatable, Sendable {
    public var tiles: Int
    public var maxSquare: Int
    public var maxCluster: Int
    public init(tiles: Int, maxSquare: Int, maxCluster: Int) {
        self.tiles = tiles
        self.maxSquare = maxSquare
        self.maxCluster = maxCluster
    }
}

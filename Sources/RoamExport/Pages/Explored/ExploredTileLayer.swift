import RoamCore

/// One zoom's explorer tiles as the explored page carries them: the visited tiles, the tiles of
/// the largest cluster and the max square, with the three scores. A tile is the integer
/// y·2^zoom + x, so tiles sorted by row then column are sorted integers and a row of neighbouring
/// tiles is a run of consecutive integers: both tile lists go as `ExploredCellRuns` text, a few
/// bytes a run, never an object per tile (Scripts/explored-tiles.js decodes them).
public struct ExploredTileLayer: Sendable {
    public let zoom: Int
    /// Sorted by row, then column.
    public let tiles: [TileSet.TilePosition]
    /// The tiles of the largest cluster, sorted the same way.
    public let maxCluster: [TileSet.TilePosition]
    public let maxSquare: TileSet.Square
    public var scores: TileScores { TileScores(tiles: tiles.count, maxSquare: maxSquare.side, maxCluster: maxCluster.count) }

    public init(tileSet: TileSet) {
        zoom = tileSet.zoom
        tiles = tileSet.tiles.sorted()
        maxCluster = tileSet.maxCluster.sorted()
        maxSquare = tileSet.maxSquare
    }

    /// The tile's integer, as the page decodes it.
    public static func number(_ t: TileSet.TilePosition, zoom: Int) -> UInt64 { UInt64(t.y) << UInt64(zoom) | UInt64(t.x) }

    /// `{"zoom":14,"tiles":"…","cluster":"…","square":[west,north,side],"scores":[tiles,square,cluster]}`:
    /// digits, the run alphabet and JSON punctuation only, so nothing in it can end a script element.
    /// Left unoptimised like `ExploredPage.dataJSON`, whose same callees inlined crash Swift 6.0.3's
    /// optimizer (the .deb's toolchain); it runs once per zoom per page, the encoder stays optimised.
    public var json: String { jsonText() }

    @_optimize(none)
    private func jsonText() -> String {
        let s = scores
        return "{\"zoom\":\(zoom),\"tiles\":" + JSONText.string(ExploredCellRuns.encode(tiles.map { Self.number($0, zoom: zoom) }))
            + ",\"cluster\":" + JSONText.string(ExploredCellRuns.encode(maxCluster.map { Self.number($0, zoom: zoom) }))
            + ",\"square\":[\(maxSquare.west),\(maxSquare.north),\(maxSquare.side)]"
            + ",\"scores\":[\(s.tiles),\(s.maxSquare),\(s.maxCluster)]}"
    }

    /// Every layer of the page in one JSON array.
    public static func json(_ layers: [ExploredTileLayer]) -> String {
        "[" + layers.map(\.json).joined(separator: ",") + "]"
    }
}

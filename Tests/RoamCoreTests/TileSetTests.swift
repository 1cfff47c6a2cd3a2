import Testing
@testable import RoamCore

@Suite struct TileSetTests {
    private func block(zoom: Int = 14, x: Range<Int>, y: Range<Int>, into set: inout TileSet) {
        for j in y { for i in x { set.insert(x: i, y: j) } }
    }

    @Test func aThreeByThreeBlockHasOneClusterTile() {
        var s = TileSet(zoom: 14)
        block(x: 100..<103, y: 200..<203, into: &s)
        #expect(s.scores == TileScores(tiles: 9, maxSquare: 3, maxCluster: 1))
        #expect(s.maxSquare == TileSet.Square(side: 3, west: 100, north: 200))
        #expect(s.maxCluster == [TileSet.TilePosition(x: 101, y: 201)])
    }

    @Test func aFiveByFiveBlockHasNineClusterTiles() {
        var s = TileSet(zoom: 17)
        block(x: 40..<45, y: 70..<75, into: &s)
        #expect(s.scores == TileScores(tiles: 25, maxSquare: 5, maxCluster: 9))
    }

    @Test func anLShape() {
        // A 3-wide column six tall, and a 3x3 block to the east of its lower half.
        var s = TileSet(zoom: 14)
        block(x: 100..<103, y: 200..<206, into: &s)
        block(x: 103..<106, y: 203..<206, into: &s)
        #expect(s.scores == TileScores(tiles: 27, maxSquare: 3, maxCluster: 8))
    }

    @Test func twoGroupsTheLargerIsTheCluster() {
        var s = TileSet(zoom: 14)
        block(x: 0..<3, y: 10..<13, into: &s)
        block(x: 50..<54, y: 10..<14, into: &s)
        #expect(s.scores == TileScores(tiles: 25, maxSquare: 4, maxCluster: 4))
    }

    @Test func clusterWrapsAcrossTheAntimeridianButTheSquareDoesNot() {
        // Zoom 3: 8 columns; columns 6, 7, 0, 1 are one block of 4 x 3 across the antimeridian.
        var s = TileSet(zoom: 3)
        for x in [6, 7, 0, 1] { for y in 2..<5 { s.insert(x: x, y: y) } }
        #expect(s.isClusterTile(TileSet.TilePosition(x: 7, y: 3)))
        #expect(s.isClusterTile(TileSet.TilePosition(x: 0, y: 3)))
        #expect(s.scores == TileScores(tiles: 12, maxSquare: 2, maxCluster: 2))
    }

    @Test func theEdgeRowsAreNeverClusterTiles() {
        // Rows 0..2 at zoom 2 cover every column: row 1 is cluster, row 0 has no northern neighbour.
        var s = TileSet(zoom: 2)
        block(x: 0..<4, y: 0..<3, into: &s)
        #expect(s.maxCluster.count == 4)
        #expect(!s.isClusterTile(TileSet.TilePosition(x: 1, y: 0)))
        #expect(s.maxSquare.side == 3)
    }

    @Test func anEmptySetScoresZero() {
        #expect(TileSet(zoom: 14).scores == TileScores(tiles: 0, maxSquare: 0, maxCluster: 0))
    }

    @Test func aLargeBlockScoresItsSide() {
        var s = TileSet(zoom: 17)
        block(x: 1000..<1200, y: 5000..<5200, into: &s)
        #expect(s.scores == TileScores(tiles: 40000, maxSquare: 200, maxCluster: 198 * 198))
    }
}

@Suite struct SlippyTileTests {
    // Expected values from mercantile 1.2.1's tile(lon, lat, zoom).
    @Test func matchesMercantile() {
        #expect(SlippyTile(latDeg: 57.64911, lonDeg: 10.40744, zoom: 14) == SlippyTile(zoom: 14, x: 8665, y: 4964))
        #expect(SlippyTile(latDeg: 57.64911, lonDeg: 10.40744, zoom: 17) == SlippyTile(zoom: 17, x: 69325, y: 39717))
    }

    @Test func nearThePoles() {
        #expect(SlippyTile(latDeg: 85, lonDeg: 0, zoom: 14) == SlippyTile(zoom: 14, x: 8192, y: 26))
        #expect(SlippyTile(latDeg: -85, lonDeg: 0, zoom: 14) == SlippyTile(zoom: 14, x: 8192, y: 16357))
        #expect(SlippyTile(latDeg: 85, lonDeg: 0, zoom: 17) == SlippyTile(zoom: 17, x: 65536, y: 214))
        #expect(SlippyTile(latDeg: -85, lonDeg: 0, zoom: 17) == SlippyTile(zoom: 17, x: 65536, y: 130857))
        // Past the Mercator edge: the first and last rows.
        #expect(SlippyTile(latDeg: 89, lonDeg: 0, zoom: 14).y == 0)
        #expect(SlippyTile(latDeg: -89, lonDeg: 0, zoom: 14).y == 16383)
        #expect(SlippyTile(latDeg: 90, lonDeg: 0, zoom: 17).y == 0)
        #expect(SlippyTile(latDeg: -90, lonDeg: 0, zoom: 17).y == 131071)
    }

    @Test func theAntimeridian() {
        #expect(SlippyTile(latDeg: 0, lonDeg: 180, zoom: 14) == SlippyTile(zoom: 14, x: 16383, y: 8192))
        #expect(SlippyTile(latDeg: 0, lonDeg: -180, zoom: 14) == SlippyTile(zoom: 14, x: 0, y: 8192))
        #expect(SlippyTile(latDeg: 0, lonDeg: 180, zoom: 17).x == 131071)
        #expect(SlippyTile(latDeg: 10, lonDeg: 179.9999, zoom: 17) == SlippyTile(zoom: 17, x: 131071, y: 61876))
    }

    @Test func boundsHoldTheTile() {
        let t = SlippyTile(latDeg: 57.64911, lonDeg: 10.40744, zoom: 14)
        let b = t.bounds
        #expect(b.west <= 10.40744 && 10.40744 < b.east)
        #expect(b.south <= 57.64911 && 57.64911 < b.north)
        #expect(SlippyTile(zoom: 0, x: 0, y: 0).bounds.north > 85.05 && SlippyTile(zoom: 0, x: 0, y: 0).bounds.north < 85.06)
    }

    @Test func explorerCountsNewTilesPerRide() {
        var e = TileExplorer(zoom: 14)
        e.add(ride: 1, latDeg: 57.64911, lonDeg: 10.40744, utcMs: 1)
        e.add(ride: 1, latDeg: 57.64912, lonDeg: 10.40745, utcMs: 2)
        e.add(ride: 2, latDeg: 57.64911, lonDeg: 10.40744, utcMs: 3)
        e.add(ride: 2, latDeg: 0, lonDeg: 0, utcMs: 4)
        e.finishRide()
        #expect(e.rides.map(\.newTiles) == [1, 1])
        #expect(e.rides.map(\.scores.tiles) == [1, 2])
        #expect(e.rides[0].raisedSquare && !e.rides[1].raisedSquare)
        #expect(e.firstVisit[TileSet.TilePosition(x: 8665, y: 4964)]?.ride == 1)
    }
}

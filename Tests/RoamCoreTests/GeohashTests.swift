import Testing
@testable import RoamCore

@Suite struct GeohashTests {
    @Test func encodesTheReferencePoint() {
        // The example of the original geohash.org announcement: Jutland, 57.64911 N 10.40744 E.
        #expect(Geohash.encode(latDeg: 57.64911, lonDeg: 10.40744, precision: 11) == "u4pruydqqvj")
        #expect(Geohash.encode(latDeg: 57.64911, lonDeg: 10.40744) == "u4pruyd")
    }

    @Test func coarserCellsArePrefixes() {
        let p7 = Geohash.encode(latDeg: 47.964, lonDeg: 7.952)!
        #expect(Geohash.encode(latDeg: 47.964, lonDeg: 7.952, precision: 5) == String(p7.prefix(5)))
        #expect(Geohash.encode(latDeg: 47.964, lonDeg: 7.952, precision: 6) == String(p7.prefix(6)))
    }

    @Test func aCellHoldsItsPointAndIsAbout150Metres() throws {
        let cell = try #require(Geohash.encode(latDeg: 47.964, lonDeg: 7.952))
        let b = try #require(Geohash.bounds(cell))
        #expect(b.lat.contains(47.964) && b.lon.contains(7.952))
        let height = Haversine.distanceM(lat1: b.lat.lowerBound, lon1: 7.952, lat2: b.lat.upperBound, lon2: 7.952)
        #expect(height > 140 && height < 160)
    }

    @Test func refusesWhatIsNotAPosition() {
        #expect(Geohash.encode(latDeg: .nan, lonDeg: 0) == nil)
        #expect(Geohash.encode(latDeg: 91, lonDeg: 0) == nil)
        #expect(Geohash.bounds("u4pa") == nil)  // 'a' is not in the alphabet
    }
}

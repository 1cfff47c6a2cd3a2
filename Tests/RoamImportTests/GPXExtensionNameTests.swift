import Testing
import RoamGPX

/// An extension element is read by its exact name, under any namespace prefix or none: `atemp`
/// found `<xatemp>` too, a vendor's element whose value then stood as the air temperature (or, out
/// of range, failed the whole import).
@Suite struct GPXExtensionNameTests {
    /// The temperature the one point of a track with `extensions` keeps.
    static func temperature(_ extensions: String) throws -> Double? {
        let text = GPXShapesImportTests.head + "<trk><trkseg><trkpt lat=\"48.0\" lon=\"11.0\"><time>2024-06-01T10:00:00Z</time>"
            + "<extensions>\(extensions)</extensions></trkpt></trkseg></trk></gpx>"
        return try GPXTrack(parsing: text).points.first?.temperatureC
    }

    @Test func atempIsReadUnderAnyPrefixOrNone() throws {
        #expect(try Self.temperature("<gpxtpx:TrackPointExtension><gpxtpx:atemp>21.5</gpxtpx:atemp></gpxtpx:TrackPointExtension>") == 21.5)
        #expect(try Self.temperature("<ns3:TrackPointExtension><ns3:atemp>19</ns3:atemp></ns3:TrackPointExtension>") == 19)
        #expect(try Self.temperature("<atemp>7</atemp>") == 7)
    }

    @Test func anElementWhoseNameEndsInAtempIsNotIt() throws {
        #expect(try Self.temperature("<xatemp>30</xatemp>") == nil)
        #expect(try Self.temperature("<ns3:xatemp>30</ns3:xatemp>") == nil)
        // Out of an air temperature's range: it failed the import as "atemp 400 is not an air temperature".
        #expect(try Self.temperature("<vendor:maxatemp>400</vendor:maxatemp>") == nil)
        // The real one after it is still found.
        #expect(try Self.temperature("<xatemp>30</xatemp><gpxtpx:atemp>12</gpxtpx:atemp>") == 12)
    }
}

import Foundation
import RoamCore
import RoamStore
import Testing
@testable import RoamImport

/// GPX in the shapes other programs write, each made small here: a segment per logging span
/// (GPSLogger, OsmAnd), a namespace prefix on every element, a file cut short, a planned route
/// (Komoot, OsmAnd's Plan route), waypoints only. What is imported is what the file says; what is
/// refused is said in words that name the shape, and nothing is stored for it.
@Suite struct GPXShapesImportTests {
    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<gpx version=\"1.1\" creator=\"GPSLogger\" xmlns=\"http://www.topografix.com/GPX/1/1\">"

    /// `count` points 2 s and about 11 m apart, northwards from `lat`, from second `from` of 10:00.
    static func points(_ count: Int, from second: Int = 0, lat: Double = 48.0, prefix p: String = "") -> String {
        (0..<count).map { i in
            let t = second + 2 * i
            let time = "2024-06-01T10:" + (t / 60 < 10 ? "0" : "") + "\(t / 60):" + (t % 60 < 10 ? "0" : "") + "\(t % 60)Z"
            return "<\(p)trkpt lat=\"\(lat + Double(i) * 0.0001)\" lon=\"11.0\"><\(p)ele>500</\(p)ele>"
                + "<\(p)time>\(time)</\(p)time></\(p)trkpt>"
        }.joined(separator: "\n")
    }

    /// Imports `text` as one file into a fresh database: the outcome and the database's reader.
    static func importing(_ text: String, in folder: ImportUnitTests.Folder) throws -> (Result<RideImporter.Imported, ImportError>, RideReader) {
        let file = try folder.write("ride.gpx", text)
        let store = try RideStore(path: folder.url.appendingPathComponent("rides.db").path)
        defer { store.close() }
        let outcome: Result<RideImporter.Imported, ImportError>
        do { outcome = .success(try RideImporter(store: store).importFile(file, nowUTCms: 0)) } catch let error as ImportError {
            outcome = .failure(error)
        }
        return (outcome, try RideReader(path: store.path))
    }

    @Test("P5: each <trkseg> after the first starts a segment with its gap said; nothing is measured across the file's break")
    func segmentsAreGaps() throws {
        // GPSLogger's second logging span, 2 s and 33 m after the first: a rhythm and a step the
        // pipeline alone would take for riding on.
        let text = Self.head + "<trk><trkseg>\n" + Self.points(30) + "\n</trkseg><trkseg>\n"
            + Self.points(30, from: 60, lat: 48.0032) + "\n</trkseg></trk></gpx>\n"
        let folder = try ImportUnitTests.Folder()
        let (outcome, reader) = try Self.importing(text, in: folder)
        guard case .imported(let id, let totals) = try outcome.get().outcome else { Issue.record("\(outcome)"); return }
        var segments: [Int] = []
        try reader.forEachFix(ride: id) { segments.append($0.segment) }
        #expect(segments == Array(repeating: 0, count: 30) + Array(repeating: 1, count: 30))
        let gaps = try reader.events(ride: id).filter { $0.kind == .gap }
        #expect(gaps.map(\.detail) == ["segment break in the file"] && gaps.first?.beforeSeq == 30, "\(gaps)")
        #expect(totals.bridgedGaps == 1 && abs(totals.bridgedM - 33.4) < 1, "the break's 33 m is bridged, not measured: \(totals)")
        #expect(abs((totals.distanceM - totals.bridgedM) - 2 * 29 * 11.12) < 2, "\(totals)")
    }

    @Test("A file that ends before </gpx> is refused as cut short, its complete points counted, nothing stored")
    func cutShortIsRefused() throws {
        let whole = Self.head + "<trk><trkseg>\n" + Self.points(30) + "\n</trkseg></trk></gpx>\n"
        let fifteenth = try #require(whole.ranges(of: "</trkpt>").dropFirst(14).first)
        let folder = try ImportUnitTests.Folder()
        let (outcome, reader) = try Self.importing(String(whole[..<fifteenth.upperBound]), in: folder)
        guard case .failure(let error) = outcome else { Issue.record("a cut-short file was imported as a whole ride: \(outcome)"); return }
        #expect(error.kind == .badFile && error.description.contains("is cut short: it ends after 15 complete points without its closing </gpx>"),
                "\(error)")
        #expect(try reader.rides().isEmpty)
    }

    @Test("GPX elements with a namespace prefix (<gpx:trkpt>) import like plain ones")
    func prefixedElementsImport() throws {
        let text = "<?xml version=\"1.0\"?>\n<gpx:gpx version=\"1.1\" creator=\"Prefixed\" xmlns:gpx=\"http://www.topografix.com/GPX/1/1\">"
            + "<gpx:trk><gpx:trkseg>\n" + Self.points(20, prefix: "gpx:") + "\n</gpx:trkseg></gpx:trk></gpx:gpx>\n"
        let folder = try ImportUnitTests.Folder()
        let (outcome, _) = try Self.importing(text, in: folder)
        let imported = try outcome.get()
        guard case .imported(_, let totals) = imported.outcome else { Issue.record("\(imported)"); return }
        #expect(totals.fixCount == 20 && imported.provenance.device == "Prefixed", "\(imported)")
    }

    @Test("A planned route, waypoints, points without a time, out of order or with lat and lon swapped are refused as what they are")
    func refusalsNameTheShape() throws {
        let route = (0..<10).map { "<rtept lat=\"\(48 + Double($0) * 0.001)\" lon=\"11.0\"><name>p\($0)</name></rtept>" }.joined()
        let waypoints = (0..<3).map { "<wpt lat=\"\(48 + Double($0) * 0.001)\" lon=\"11.0\"><name>w\($0)</name></wpt>" }.joined()
        let timed = Self.points(5).split(separator: "\n").map(String.init)
        let someUntimed = timed.enumerated().map { $0.offset == 2 ? $0.element.replacingOccurrences(of: "time>", with: "desc>") : $0.element }
        let cases: [(String, ImportError.Kind, String)] = [
            (Self.head + "<rte><name>plan</name>" + route + "</rte></gpx>", .notARide,
             "holds no ride: the track is empty: it holds a planned route of 10 points (<rtept>) but no recorded track"),
            (Self.head + waypoints + "</gpx>", .notARide, "it holds 3 waypoints (<wpt>) but no recorded track"),
            (Self.head + "<trk><trkseg>" + someUntimed.joined() + "</trkseg></trk></gpx>", .notARide,
             "lacks timestamps: point 3 of 5 has no <time> (4 of them have one)"),
            (Self.head + "<trk><trkseg>" + [timed[0], timed[2], timed[1]].joined() + "</trkseg></trk></gpx>", .badFile,
             "has its points out of time order: point 3: time 2024-06-01T10:00:02Z goes backwards"),
            (Self.head + "<trk><trkseg>" + timed.map { $0.replacingOccurrences(of: "lat=\"48.", with: "lat=\"148.") }.joined()
                + "</trkseg></trk></gpx>", .badFile, "point 1: lat 148.0, lon 11.0 is not a place on Earth (lat and lon look swapped"),
        ]
        for (text, kind, says) in cases {
            let folder = try ImportUnitTests.Folder()
            let (outcome, reader) = try Self.importing(text, in: folder)
            guard case .failure(let error) = outcome else { Issue.record("imported: \(says)"); continue }
            #expect(error.kind == kind && error.description.contains(says), "\(error)")
            #expect(try reader.rides().isEmpty)
        }
    }

    @Test("The same ride in other bytes (CRLF, as Windows tools write it) is not stored twice; the next ride is")
    func sameRideFromAnotherFileIsNotCountedTwice() throws {
        let text = Self.head + "<trk><trkseg>\n" + Self.points(30) + "\n</trkseg></trk></gpx>\n"
        let folder = try ImportUnitTests.Folder()
        let store = try RideStore(path: folder.url.appendingPathComponent("rides.db").path)
        defer { store.close() }
        let importer = RideImporter(store: store)
        let first = try importer.importFile(try folder.write("lf.gpx", text), nowUTCms: 0)
        guard case .imported = first.outcome else { Issue.record("\(first)"); return }
        let again = try importer.importFile(try folder.write("crlf.gpx", text.replacingOccurrences(of: "\n", with: "\r\n")), nowUTCms: 0)
        if case .imported = again.outcome { Issue.record("the same ride was stored twice: \(again)") }
        let nextHour = try importer.importFile(try folder.write("next.gpx", text.replacingOccurrences(of: "T10:", with: "T11:")), nowUTCms: 0)
        if case .imported = nextHour.outcome {} else { Issue.record("a ride an hour later is another ride: \(nextHour)") }
        #expect(try RideReader(path: store.path).rides().count == 2)
    }

    @Test("A short ride stored inside a long file's time does not make the long ride 'already there'; the long one does for the short")
    func aShortRideInsideALongOneIsNotTheSameRide() throws {
        let whole = Self.head + "<trk><trkseg>\n" + Self.points(30) + "\n</trkseg></trk></gpx>\n"
        let part = Self.head + "<trk><trkseg>\n" + Self.points(4, from: 20, lat: 48.5) + "\n</trkseg></trk></gpx>\n"
        let folder = try ImportUnitTests.Folder()
        let store = try RideStore(path: folder.url.appendingPathComponent("rides.db").path)
        defer { store.close() }
        let importer = RideImporter(store: store)
        let short = try importer.importFile(try folder.write("part.gpx", part), nowUTCms: 0)
        guard case .imported = short.outcome else { Issue.record("\(short)"); return }
        let long = try importer.importFile(try folder.write("whole.gpx", whole), nowUTCms: 0)
        if case .imported = long.outcome {} else { Issue.record("6 s of 58 s are not most of the long ride: \(long)") }
        let partAgain = try importer.importFile(try folder.write("part2.gpx", part.replacingOccurrences(of: "\n", with: "\r\n")),
                                                nowUTCms: 0)
        if case .imported = partAgain.outcome { Issue.record("the short ride lies inside two stored rides: \(partAgain)") }
        #expect(try RideReader(path: store.path).rides().count == 2)
    }
}

import Foundation
import RoamCore
import RoamStore
import Testing
@testable import RoamImport

/// The import's parts on their own: the content key, the format sniffing, the FIT creator, and a
/// GPX into a store (the FIT path through gpsbabel is tested end to end in RoamBoardCLITests).
@Suite struct ImportUnitTests {
    static let rides = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Data/rides").standardized

    static func gpx(points: Int, startSecond: Int = 0, creator: String? = "Bike &amp; Co 1", withTime: Bool = true) -> String {
        var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"" + (creator.map { " creator=\"\($0)\"" } ?? "") + "><trk><trkseg>\n"
        for i in 0..<points {
            let t = startSecond + i * 2
            let time = withTime ? "<time>2021-06-0\(1)T10:\(String(format: "%02d", t / 60)):\(String(format: "%02d", t % 60))Z</time>" : ""
            s += "<trkpt lat=\"\(48.0 + Double(i) * 0.0001)\" lon=\"11.0\"><ele>\(500 + i)</ele>\(time)</trkpt>\n"
        }
        return s + "</trkseg></trk></gpx>\n"
    }

    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("roam-import-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        func write(_ name: String, _ text: String) throws -> String {
            let path = url.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test("The content key is the length and FNV-1a 64 of the bytes: known vectors, and any change of a byte changes it")
    func contentKey() {
        #expect(ContentKey.of([]) == "fnv1a64:cbf29ce484222325:0")
        #expect(ContentKey.of(Array("a".utf8)) == "fnv1a64:af63dc4c8601ec8c:1")
        #expect(ContentKey.of(Array("foobar".utf8)) == "fnv1a64:85944171f73967e8:6")
        #expect(ContentKey.of(Array("foobaR".utf8)) != ContentKey.of(Array("foobar".utf8)))
    }

    @Test("Formats are told by their first bytes, else by the extension")
    func sniffing() throws {
        let fit = try Array(Data(contentsOf: Self.rides.appendingPathComponent("edge810-2013-08-16.fit")))
        #expect(ImportFormat.sniff(Array(fit.prefix(64)), name: "x.gpx") == .fit)
        #expect(ImportFormat.sniff(Array("<?xml?><TrainingCenterDatabase>".utf8), name: "a.xml") == .tcx)
        #expect(ImportFormat.sniff(Array("<gpx>".utf8), name: "a") == .gpx)
        #expect(ImportFormat.sniff([], name: "ride.FIT") == .fit)
        #expect(ImportFormat.sniff(Array("hello".utf8), name: "notes.txt") == nil)
    }

    @Test("A FIT file's creator is its file_id manufacturer and product, as the device-totals name them")
    func fitCreator() throws {
        for (file, device) in [("edge810-2013-08-16.fit", "garmin edge810"), ("edge200-2015-10-13.fit", "garmin edge200"),
                               ("edge1000-2019-09-20.fit", "garmin edge1000")] {
            let bytes = try Array(Data(contentsOf: Self.rides.appendingPathComponent(file)))
            #expect(FITCreator.name(bytes) == device, "\(file)")
        }
        #expect(FITCreator.name(Array(repeating: 0, count: 40)) == nil)
    }

    @Test("A GPX becomes one stopped ride with its own times, totals, cells and provenance; the same bytes again are a no-op")
    func gpxImportAndDuplicate() throws {
        let folder = try Folder()
        let file = try folder.write("a.gpx", Self.gpx(points: 60))
        let store = try RideStore(path: folder.url.appendingPathComponent("rides.db").path)
        let importer = RideImporter(store: store)
        let first = try importer.importFile(file, nowUTCms: 1_700_000_000_000)
        guard case .imported(let id, let totals) = first.outcome else { Issue.record("\(first)"); return }
        #expect(first.provenance.device == "Bike & Co 1")
        #expect(first.provenance.sentence == "imported from a.gpx (Bike & Co 1)")
        #expect(totals.fixCount == 60)
        #expect(abs(totals.distanceM - 59 * 11.12) < 15, "\(totals.distanceM)")
        #expect(totals.elapsedS == 118)
        let row = try #require(try store.ride(id: id))
        #expect(row.state == .stopped)
        #expect(row.startedUTCms == 1_622_541_600_000)
        let again = try importer.importFile(file, nowUTCms: 1_700_000_000_001)
        #expect(again.outcome == .alreadyImported(rideID: id))
        let reader = try RideReader(path: store.path)
        #expect(try reader.rides().count == 1)
        #expect(try reader.provenance(ride: id)?.fileName == "a.gpx")
        var nmea = 0
        try reader.forEachFix(ride: id) { nmea += $0.epoch.sentences.count }
        #expect(nmea == 0, "an imported ride claims no raw NMEA")
    }

    @Test("No timestamps or no positions are refused in words; a cut-short GPX is named as cut short")
    func refusals() throws {
        let folder = try Folder()
        let store = try RideStore(path: folder.url.appendingPathComponent("rides.db").path)
        let importer = RideImporter(store: store)
        let cases: [(String, String, ImportError.Kind, String)] = [
            ("notime.gpx", Self.gpx(points: 3, withTime: false), .notARide, "has no timestamps"),
            ("nopos.gpx", Self.gpx(points: 0), .notARide, "holds no ride: the track is empty"),
            ("cut.gpx", String(Self.gpx(points: 5).prefix(200)), .badFile, "is cut short"),
            ("empty.gpx", "", .badFile, "is empty"),
        ]
        for (name, text, kind, says) in cases {
            let path = try folder.write(name, text)
            do {
                _ = try importer.importFile(path, nowUTCms: 0)
                Issue.record("\(name) was imported")
            } catch let error as ImportError {
                #expect(error.kind == kind, "\(name): \(error)")
                #expect(error.description.contains(says) && error.description.contains(name), "\(name): \(error)")
            }
        }
        #expect(try RideReader(path: store.path).rides().isEmpty)
    }
}

import Foundation
import RoamCore
import RoamStore
import Testing
@testable import RoamImport

/// Two files of one ride imported by two importers on one real SQLite file, each with its own
/// connection as two processes have: whichever writes second sees the first's ride where it would
/// write its own (`RideStore.storeImport` asks `SameRide` in its first chunk's transaction).
@Suite struct ImportClaimTests {
    typealias G = GPXShapesImportTests

    /// Every other point of `count`, 15 m further east: the same ride as another app exports it.
    static func resampled(_ count: Int) -> String {
        ImportSharingTests.gpx(G.points(count).split(separator: "\n").enumerated().filter { $0.offset % 2 == 0 }
            .map { $0.element.replacingOccurrences(of: "lon=\"11.0\"", with: "lon=\"11.0002\"") }.joined(separator: "\n"))
    }

    struct Importers {
        let folder: ImportUnitTests.Folder
        let path: String
        let device: RideImporter, app: RideImporter

        init() throws {
            folder = try ImportUnitTests.Folder()
            path = folder.url.appendingPathComponent("rides.db").path
            device = RideImporter(store: try RideStore(path: path))
            app = RideImporter(store: try RideStore(path: path))
            device.pauseBetweenChunksNs = 0  // no recorder to let in here
        }

        func close() { device.store.close(); app.store.close() }
    }

    @Test("Another file of the ride stored while this one was read and converted: seen where this ride would be written, nothing stored twice")
    func theSecondImporterSeesTheFirstsRide() throws {
        let i = try Importers()
        defer { i.close() }
        let garmin = try i.folder.write("garmin.gpx", ImportSharingTests.gpx(G.points(60)))
        var first: RideImporter.Imported?
        // The moment two processes race for: this importer has checked nothing yet that it will not check again.
        i.app.beforeStore = { first = try i.device.importFile(garmin, nowUTCms: 0) }
        let second = try i.app.importFile(try i.folder.write("app.gpx", Self.resampled(60)), nowUTCms: 0)
        guard case .imported(let id, _) = first?.outcome else { Issue.record("\(String(describing: first))"); return }
        #expect(second.outcome == .sameRideAs(rideID: id))
        #expect(try RideReader(path: i.path).rides().count == 1)
    }

    @Test("A long file's first chunk is its claim: another file of the ride, over its whole span, is held back while that import is unfinished")
    func anUnfinishedImportsFirstChunkIsItsClaim() throws {
        struct StillWriting: Error {}
        let i = try Importers()
        defer { i.close() }
        // 600 points over 20 minutes; the first chunk holds the first 40 s of them.
        let garmin = try i.folder.write("garmin.gpx", ImportSharingTests.gpx(G.points(600)))
        i.device.fixesPerCommit = 20
        i.device.afterCommit = { _ in throw StillWriting() }
        i.app.beforeStore = { #expect(throws: StillWriting.self) { try i.device.importFile(garmin, nowUTCms: 0) } }
        let second = try i.app.importFile(try i.folder.write("app.gpx", Self.resampled(600)), nowUTCms: 0)
        let rides = try RideReader(path: i.path).rides()
        #expect(rides.count == 1)
        let ride = try #require(rides.first)
        #expect(second.outcome == .unfinishedImport(rideID: ride.id, fileName: "garmin.gpx"))
    }

    @Test("Held back, not judged on a part: once the first import is finished, another rider's file over the same minutes is imported")
    func aPartDoesNotDecideForTheWhole() throws {
        struct Cut: Error {}
        let i = try Importers()
        defer { i.close() }
        // The friend rode the first minute beside the rider (the same track), then 33 km away.
        let together = G.points(30), apart = G.points(570, from: 60, lat: 48.3)
        let garmin = try i.folder.write("garmin.gpx", ImportSharingTests.gpx(G.points(600)))
        let friend = try i.folder.write("friend.gpx", ImportSharingTests.gpx(together + "\n" + apart))
        i.device.fixesPerCommit = 20
        i.device.afterCommit = { if $0 == 20 { throw Cut() } }
        #expect(throws: Cut.self) { try i.device.importFile(garmin, nowUTCms: 0) }
        guard case .unfinishedImport(let id, _) = try i.app.importFile(friend, nowUTCms: 0).outcome else {
            Issue.record("the part stored is the friend's track so far: held back"); return
        }
        i.device.afterCommit = { _ in }
        guard case .imported(id, _) = try i.device.importFile(garmin, nowUTCms: 1).outcome else {
            Issue.record("the same file again finishes its import"); return
        }
        let again = try i.app.importFile(friend, nowUTCms: 2)
        if case .imported = again.outcome {} else { Issue.record("another rider's ride is a ride of its own: \(again)") }
        #expect(try RideReader(path: i.path).rides().count == 2)
    }

    @Test("The same file imported again while its import still runs: the second finishes it, the first then finds it whole and writes nothing twice")
    func aSecondImportOfTheSameFileWhileTheFirstRuns() throws {
        let i = try Importers()
        defer { i.close() }
        let garmin = try i.folder.write("garmin.gpx", ImportSharingTests.gpx(G.points(300)))
        i.device.fixesPerCommit = 20
        i.app.fixesPerCommit = 20
        i.app.pauseBetweenChunksNs = 0
        var second: RideImporter.Imported?
        // After the first chunk: the other process reads the unfinished ride's state and carries the import to its end.
        i.device.afterCommit = { if $0 == 20, second == nil { second = try i.app.importFile(garmin, nowUTCms: 1) } }
        let first = try i.device.importFile(garmin, nowUTCms: 0)
        guard case .imported(let id, _) = second?.outcome else { Issue.record("\(String(describing: second))"); return }
        #expect(first.outcome == .alreadyImported(rideID: id))
        let reader = try RideReader(path: i.path)
        #expect(try reader.rides().map(\.id) == [id])
        var seqs: [Int64] = []
        try reader.forEachFix(ride: id) { seqs.append($0.seq) }
        #expect(seqs == Array(0..<300))
    }
}

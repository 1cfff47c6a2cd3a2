import Foundation
import RoamCore
import RoamGPX
import RoamStore
import Testing
@testable import RoamImport

/// Import beside the recorder, on one real SQLite file: the ride is written in chunks, a recorder's
/// commit lands between them, a cut import is finished by the next run; and which stored ride a
/// file is "the same ride" as (the same time and the same track).
@Suite struct ImportSharingTests {
    typealias G = GPXShapesImportTests

    static func gpx(_ body: String) -> String { G.head + "<trk><trkseg>\n" + body + "\n</trkseg></trk></gpx>\n" }

    @Test("A recorder's commit lands between an import's chunks without waiting, while the part stored says it is unfinished")
    func recorderCommitsBetweenChunks() throws {
        let folder = try ImportUnitTests.Folder()
        let path = folder.url.appendingPathComponent("rides.db").path
        let store = try RideStore(path: path)
        defer { store.close() }
        // The recorder's own connection, told not to wait at all: a commit that meets the import's lock fails.
        let recorder = try RideStore(path: path, busyTimeoutMs: 0)
        defer { recorder.close() }
        let ride = try recorder.startRide(startedMonoNs: 1, parameters: PipelineParameters())
        var pipeline = RidePipeline(rideID: ride.id, state: ride.pipelineState)
        let importer = RideImporter(store: store)
        importer.fixesPerCommit = 10
        var landed = 0, saidUnfinished = 0
        importer.afterCommit = { stored in
            guard stored < 45 else { return }
            let (fix, _) = pipeline.process(SensorEpoch(epoch: Epoch(), monoNs: UInt64(stored), barometer: nil))
            try recorder.commit(Batch(rideID: ride.id, fixes: [fix], events: [], state: pipeline.state), commitUTCms: Int64(stored))
            landed += 1
            let sentences = try RideReader(path: path).importSentences().values
            saidUnfinished += sentences.filter { $0.contains("import unfinished") }.count
        }
        let done = try importer.importFile(try folder.write("long.gpx", Self.gpx(G.points(45))), nowUTCms: 0)
        guard case .imported(let id, let totals) = done.outcome else { Issue.record("\(done)"); return }
        #expect(totals.fixCount == 45)
        #expect(landed == 4, "the recorder committed after chunks 1 to 4 of 5")
        #expect(saidUnfinished == 4)
        let reader = try RideReader(path: path)
        #expect(try reader.provenance(ride: id)?.sentence == "imported from long.gpx (GPSLogger)")
        var recorded = 0
        try reader.forEachFix(ride: ride.id) { _ in recorded += 1 }
        #expect(recorded == 4)
    }

    @Test("An import cut between chunks is finished by the same file again: one ride, fix for fix the uncut import's")
    func cutImportIsFinishedByTheNextRun() throws {
        struct Cut: Error {}
        // A segment break at a chunk's first fix (20) and one inside a chunk (31).
        let text = G.head + "<trk><trkseg>\n" + G.points(20) + "\n</trkseg><trkseg>\n" + G.points(11, from: 100)
            + "\n</trkseg><trkseg>\n" + G.points(14, from: 200) + "\n</trkseg></trk></gpx>\n"
        let folder = try ImportUnitTests.Folder()
        let file = try folder.write("ride.gpx", text)
        let path = folder.url.appendingPathComponent("cut.db").path
        let store = try RideStore(path: path)
        defer { store.close() }
        let cut = RideImporter(store: store)
        cut.fixesPerCommit = 10
        cut.afterCommit = { if $0 == 20 { throw Cut() } }
        #expect(throws: Cut.self) { try cut.importFile(file, nowUTCms: 7) }
        let reader = try RideReader(path: path)
        let partial = try #require(try reader.rides().first)
        #expect(try reader.provenance(ride: partial.id)?.isUnfinished == true)
        #expect(partial.totals.fixCount == 20)

        let again = RideImporter(store: store)
        again.fixesPerCommit = 10
        let finished = try again.importFile(file, nowUTCms: 8)
        guard case .imported(let id, let totals) = finished.outcome else { Issue.record("\(finished)"); return }
        #expect(id == partial.id)
        #expect(try again.importFile(file, nowUTCms: 9).outcome == .alreadyImported(rideID: id))
        #expect(try reader.rides().count == 1)
        #expect(try reader.provenance(ride: id)?.isUnfinished == false)

        let whole = try RideStore(path: folder.url.appendingPathComponent("whole.db").path)
        defer { whole.close() }
        let uncut = try RideImporter(store: whole).importFile(file, nowUTCms: 7)
        #expect(uncut.outcome == .imported(rideID: id, totals: totals))
        let wholeReader = try RideReader(path: whole.path)
        #expect(try Self.fixes(reader, id) == Self.fixes(wholeReader, id))
        #expect(try reader.events(ride: id).map(\.kind) == wholeReader.events(ride: id).map(\.kind))
        #expect(try reader.events(ride: id).filter { $0.kind == .gap }.map(\.beforeSeq) == [20, 31])
    }

    static func fixes(_ reader: RideReader, _ id: Int64) throws -> [FixRecord] {
        var all: [FixRecord] = []
        try reader.forEachFix(ride: id) { all.append($0) }
        return all
    }

    @Test("Files over the same hours are one ride only along the same track: another rider's ride elsewhere is imported, the same ride resampled is not")
    func sameRideIsTimeAndTrack() throws {
        let folder = try ImportUnitTests.Folder()
        let store = try RideStore(path: folder.url.appendingPathComponent("rides.db").path)
        defer { store.close() }
        let importer = RideImporter(store: store)
        let mine = try importer.importFile(try folder.write("mine.gpx", Self.gpx(G.points(60))), nowUTCms: 0)
        guard case .imported(let id, _) = mine.outcome else { Issue.record("\(mine)"); return }
        // The same start and end, 33 km further north: a friend's ride, or a second device elsewhere.
        let elsewhere = try importer.importFile(try folder.write("friend.gpx", Self.gpx(G.points(60, lat: 48.3))), nowUTCms: 0)
        if case .imported = elsewhere.outcome {} else { Issue.record("a ride 33 km away is another ride: \(elsewhere)") }
        // Every other point, 15 m further east: the same ride as another app exports it.
        let resampled = G.points(60).split(separator: "\n").enumerated().filter { $0.offset % 2 == 0 }
            .map { $0.element.replacingOccurrences(of: "lon=\"11.0\"", with: "lon=\"11.0002\"") }.joined(separator: "\n")
        let same = try importer.importFile(try folder.write("app.gpx", Self.gpx(resampled)), nowUTCms: 0)
        #expect(same.outcome == .sameRideAs(rideID: id))
        #expect(try RideReader(path: store.path).rides().count == 2)
    }

    @Test("A file of the ride the recorder is still recording (no end time yet) is that ride, not a second one")
    func sameRideAsTheRideStillRecording() throws {
        let folder = try ImportUnitTests.Folder()
        let path = folder.url.appendingPathComponent("rides.db").path
        let recorder = try RideStore(path: path)
        defer { recorder.close() }
        // The board recorded the ride and has not stopped it (a power cut at home, resumed at the next start).
        var parameters = PipelineParameters()
        parameters.rolloverFloorUTCms = WeekRollover.firstRolloverUTCms  // the file's 2024 is not a rolled-over date
        let ride = try recorder.startRide(startedMonoNs: 1, parameters: parameters)
        var pipeline = RidePipeline(rideID: ride.id, state: ride.pipelineState, parameters: parameters)
        let fixes = TrackEpochs.epochs(try GPXTrack(parsing: Self.gpx(G.points(60)))).map { pipeline.process($0).0 }
        try recorder.commit(Batch(rideID: ride.id, fixes: fixes, events: [], state: pipeline.state), commitUTCms: 1)
        #expect(try RideReader(path: path).ride(id: ride.id)?.state == .recording)
        let store = try RideStore(path: path)
        defer { store.close() }
        let device = try RideImporter(store: store).importFile(try folder.write("garmin.gpx", Self.gpx(G.points(60))), nowUTCms: 0)
        #expect(device.outcome == .sameRideAs(rideID: ride.id))
        #expect(try RideReader(path: path).rides().count == 1)
    }
}

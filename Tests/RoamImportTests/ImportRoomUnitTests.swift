import Foundation
import Glibc
import RoamStore
import Testing
@testable import RoamImport

/// The import's room for recording and its streams on their own: the reserve checked between two
/// chunks stops a file resumably; a pipe is read up to the bound; the stop's lists stay short.
@Suite struct ImportRoomUnitTests {
    @Test("The reserve short between two chunks: ImportNoRoom after the chunk stored, the ride unfinished, finished by importing again")
    func theReserveStopsBetweenChunksResumably() throws {
        let folder = try ImportUnitTests.Folder()
        let file = try folder.write("a.gpx", ImportUnitTests.gpx(points: 60))
        let path = folder.url.appendingPathComponent("rides.db").path
        let store = try RideStore(path: path)
        defer { store.close() }
        let importer = RideImporter(store: store)
        importer.fixesPerCommit = 20
        importer.reserveBytes = 0
        // The card fills meanwhile: no storage has this much free.
        importer.afterCommit = { [unowned importer] _ in importer.reserveBytes = Int64.max }
        var stopped: ImportNoRoom?
        do { _ = try importer.importFile(file, nowUTCms: 7) } catch let error as ImportNoRoom { stopped = error }
        #expect(stopped?.storedPoints == 20 && stopped?.totalPoints == 60 && stopped?.folder == folder.url.path, "\(String(describing: stopped))")
        let reader = try RideReader(path: path)
        let partial = try #require(try reader.rides().first)
        #expect(try reader.provenance(ride: partial.id)?.isUnfinished == true)
        #expect(partial.totals.fixCount == 20)

        let again = RideImporter(store: store)
        again.reserveBytes = 0
        again.fixesPerCommit = 20
        let finished = try again.importFile(file, nowUTCms: 8)
        guard case .imported(let id, _) = finished.outcome else { Issue.record("\(finished)"); return }
        #expect(id == partial.id)
        #expect(try reader.ride(id: partial.id)?.totals.fixCount == 60)
    }

    @Test("The reserve short before the file: nothing read, nothing written")
    func theReserveStopsBeforeTheFile() throws {
        let folder = try ImportUnitTests.Folder()
        let file = try folder.write("a.gpx", ImportUnitTests.gpx(points: 10))
        let store = try RideStore(path: folder.url.appendingPathComponent("rides.db").path)
        defer { store.close() }
        let importer = RideImporter(store: store)
        importer.reserveBytes = Int64.max
        #expect(throws: ImportNoRoom.self) { try importer.importFile(file, nowUTCms: 7) }
        #expect(try RideReader(path: store.path).rides().isEmpty)
    }

    @Test("A FIFO that gives more than the bound is refused in one line, not read to its end")
    func aPipeIsReadUpToTheBound() throws {
        let folder = try ImportUnitTests.Folder()
        let fifo = folder.url.appendingPathComponent("ride.fit").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "head -c 300000 /dev/zero > \"$0\"", fifo]
        try writer.run()
        // Should the import never open it, a reader of our own lets the writer finish.
        defer { close(open(fifo, O_RDONLY | O_NONBLOCK)); writer.waitUntilExit() }
        let store = try RideStore(path: folder.url.appendingPathComponent("rides.db").path)
        defer { store.close() }
        let importer = RideImporter(store: store)
        importer.reserveBytes = 0
        importer.largestUncompressedBytes = 128 << 10
        #expect(throws: ImportError(.badFile, "\(fifo) gives more than 128 KiB: no ride file is that long; nothing imported")) {
            try importer.importFile(fifo, nowUTCms: 7)
        }
    }

    @Test("A stop's lists: names without their folder, the first ten and how many more; none")
    func theStopsListsStayShort() {
        let files = (1...13).map { "/data/in/r\($0).gpx" }
        let stop = ImportStopped(file: "/data/in/r0.gpx", cause: ImportNoRoom(freeBytes: 61 << 20, folder: "/data", reserveBytes: 64 << 20),
                                 imported: [], notTried: files)
        #expect(stop.sentence(causeWords: "", pruneAdvice: "prune rides already handed over: 'roam-board prune --db /data/rides.db …'") == "import stopped before /data/in/r0.gpx: 61 MiB free on /data, 64 MiB stay for recording; "
                + "imported: none; not tried: r1.gpx, r2.gpx, r3.gpx, r4.gpx, r5.gpx, r6.gpx, r7.gpx, r8.gpx, r9.gpx, r10.gpx and 3 more. "
                + "Free room (prune rides already handed over: 'roam-board prune --db /data/rides.db …') and import again")
        #expect(RideFile.sourceName("/dev/fd/63") == "standard input" && RideFile.sourceName("/dev/stdin") == "standard input"
                && RideFile.sourceName("/tmp/63") == "63")
    }
}

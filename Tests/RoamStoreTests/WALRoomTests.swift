import Foundation
import Glibc
import RoamCore
@testable import RoamStore
import RoamSystem
import RoamTestSupport
import Testing

/// The recorder gives the WAL its checkpoint length after its first commit (`makeWALRoomOnce`): the
/// commits then write in place, and what was written survives a cut as before.
@Suite struct WALRoomTests {
    /// `wal_autocheckpoint` (1 000) and 64 frames for the commit that crosses it, 1 KiB pages.
    static let roomBytes: Int64 = 32 + 1_064 * (1_024 + 24)

    static func walSize(_ db: String) throws -> Int64 { try FileSystem.size(db + "-wal") }

    static func commit(_ store: RideStore, ride: Int64, count: Int64, from first: Int64 = 0) throws {
        var state = PipelineState()
        for seq in first..<first + count {
            let batch = Sample.batch(ride: ride, seqs: seq..<seq + 1, after: state)
            try store.commit(batch, commitUTCms: 1_717_936_000_000 + seq * 1_000)
            state = batch.state
        }
    }

    @Test("the WAL is given its checkpoint length once, and a ride's commits then do not grow it")
    func commitsWriteInTheRoomMade() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let before = try Self.walSize(dir.path())
        #expect(before < Self.roomBytes)
        #expect(store.makeWALRoomOnce() == Self.roomBytes - before)
        #expect(try Self.walSize(dir.path()) == Self.roomBytes)
        #expect(store.makeWALRoomOnce() == 0, "room made twice")
        // 300 commits of one fix at 1 Hz: without the room the WAL grows past 600 frames.
        try Self.commit(store, ride: ride.id, count: 300)
        #expect(try Self.walSize(dir.path()) == Self.roomBytes)
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == 300)
        #expect(try store.connection.singleText("PRAGMA integrity_check") == "ok")
    }

    @Test("an empty WAL stays empty until a commit gives it a frame, and keeps its header after")
    func anEmptyWALGetsNoRoom() throws {
        let dir = try TemporaryDirectory()
        let (first, ride) = try Sample.startedStore(at: dir.path())
        first.close()  // the last close checkpoints and removes the WAL
        let store = try RideStore(path: dir.path())
        #expect(store.connection.walFileBytes() == 0)
        #expect(store.makeWALRoomOnce() == 0)
        #expect(try Self.walSize(dir.path()) == 0, "an idle recorder's cut would leave a WAL of zeros")
        try Self.commit(store, ride: ride.id, count: 1)
        #expect(store.makeWALRoomOnce() > 0)
        #expect(try Self.walSize(dir.path()) == Self.roomBytes)
        // The WAL's magic number, big-endian (sqlite.org/fileformat.html §4.1), still first.
        let head = try #require(try FileSystem.readBytes(dir.path() + "-wal", atMost: 1 << 21)).prefix(4)
        #expect(Array(head) == [0x37, 0x7F, 0x06, 0x82] || Array(head) == [0x37, 0x7F, 0x06, 0x83], "\(Array(head))")
    }

    @Test("the room stops at journal_size_limit, where SQLite would cut it back")
    func theRoomKeepsToTheJournalSizeLimit() throws {
        let dir = try TemporaryDirectory()
        let (store, _) = try Sample.startedStore(at: dir.path())
        try store.connection.execute("PRAGMA journal_size_limit=500000")
        #expect(store.makeWALRoomOnce() > 0)
        #expect(try Self.walSize(dir.path()) == 32 + 477 * 1_048)
    }

    @Test("a cut after the room is made loses no committed batch: the zeros end SQLite's recovery")
    func aCutKeepsEveryCommit() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        store.makeWALRoomOnce()
        try Self.commit(store, ride: ride.id, count: 40)
        // The files as a power cut leaves them: the WAL synced at each commit, never checkpointed.
        let cut = try TemporaryDirectory()
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: dir.path() + suffix, toPath: cut.path() + suffix)
        }
        #expect(try Self.walSize(cut.path()) == Self.roomBytes)
        let reopened = try RideStore(path: cut.path())
        #expect(try reopened.connection.count("SELECT count(*) FROM fixes") == 40)
        #expect(try reopened.connection.singleText("PRAGMA integrity_check") == "ok")
        // And it records on from there.
        try Self.commit(reopened, ride: ride.id, count: 5, from: 40)
        #expect(try reopened.connection.count("SELECT count(*) FROM fixes") == 45)
    }
}

/// On a card without the room, none is taken: not by the store's check, and not by a write that fails
/// half-way, which is cut back so the commits keep every byte. A real small tmpfs.
@Suite(.serialized, .needs(geteuid() == 0, "mounting a small tmpfs needs root"))
struct WALRoomFullCardTests {
    @Test("a card short of room keeps its WAL as it was, and still commits")
    func noRoomIsTakenFromASmallCard() throws {
        let dir = try TemporaryDirectory()
        let mount = dir.url.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        try TestTools.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.path])
        defer { _ = try? TestTools.status("/bin/umount", [mount.path]) }  // cleanup only
        let db = mount.appendingPathComponent("rides.db").path
        let (store, ride) = try Sample.startedStore(at: db)
        let before = try WALRoomTests.walSize(db)
        // Below the recording reserve: the store does not try.
        #expect(store.makeWALRoomOnce() == 0)
        // Asked directly for more than the card holds: the write fails and is cut back.
        var error: SQLiteError?
        do { _ = try store.connection.makeWALRoom(frames: 2_000) } catch let failure { error = failure }
        #expect(error?.isFull == true, "\(String(describing: error))")
        #expect(try WALRoomTests.walSize(db) == before)
        try WALRoomTests.commit(store, ride: ride.id, count: 20)
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == 20)
    }
}

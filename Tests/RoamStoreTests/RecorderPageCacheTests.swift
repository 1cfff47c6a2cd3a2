import RoamCore
import Testing
@testable import RoamStore

/// The recorder's SQLite page cache holds what a commit touches, not the ride written so far.
@Suite struct RecorderPageCacheTests {
    /// A commit at 10 Hz and the Pi's 3 s cadence: 30 fixes.
    static let fixesPerCommit: Int64 = 30

    @Test("a long ride's commits keep the recorder's page cache at its bound, a few dozen pages")
    func pageCacheStaysAtTheRecordersBound() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try store.limitPageCache(kib: RideStore.recorderPageCacheKiB)
        var state = PipelineState()
        var committed: Int64 = 0
        // 100 commits: about 1 000 pages of fixes, more than the bound, and than the 256 pages of 256 KiB.
        for _ in 0..<100 {
            let batch = Sample.batch(ride: ride.id, seqs: committed..<committed + Self.fixesPerCommit, after: state)
            try store.commit(batch, commitUTCms: 1_717_936_000_000 + committed * 100)
            state = batch.state
            committed += Self.fixesPerCommit
        }
        let pages = try store.connection.count("PRAGMA page_count")
        let pageSize = try store.connection.count("PRAGMA page_size")
        #expect(pages > 512)
        // SQLite counts a cached page with its header (about 1.2 KiB for a 1 KiB page); 100 pages'
        // worth is room for the bound of 64 KiB and far below the 256 pages a 256 KiB bound keeps.
        #expect(store.pageCacheBytes > 0)
        #expect(store.pageCacheBytes <= 100 * pageSize * 5 / 4, "\(store.pageCacheBytes) bytes cached after \(pages) pages written")
        // Every fix landed: the small cache costs no write.
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == Int(committed))
    }
}

@testable import RoamStore
import Testing

/// The ride row the recorder rewrites with every batch stays in one page through restarts and gaps;
/// how small a state packs is measured in RoamStoreTests' suite of the same name.
@Suite struct PackedRideRowTests {
    @Test("A recorded ride's row stays in one page: no overflow page in the rides table, through restarts and gaps")
    func recordedRideRowFitsOnePage() throws {
        let h = try RecorderHarness()
        _ = try h.interruptedRide(seconds: 40)
        let second = try h.recorder()
        try second.start()
        try h.feed(20)
        #expect(h.waitForAck(through: 59))
        second.stop()
        let db = try SQLiteConnection(path: h.dbPath, mode: .readOnly)
        #expect(try db.singleText("SELECT typeof(pipeline_state) || ' ' || typeof(parameters) FROM rides") == "blob blob")
        #expect(try db.singleText("SELECT count(*) FROM dbstat WHERE name = 'rides' AND pagetype = 'overflow'") == "0")
        #expect(try db.singleText("SELECT count(*) FROM dbstat WHERE name = 'rides' AND pagetype = 'leaf'") == "1")
    }
}

import RoamCore
import Testing
@testable import RoamStore

/// A ride pruned between the drive's build and a host taking it: `markDumped` says it is gone, in
/// its own case. Said as an unreadable row, the drive keeper could not tell it from a damaged one.
@Suite struct DumpLedgerGoneTests {
    @Test("Marking a ride that is no longer there throws rideGone, not corruptRow")
    func aRideGoneIsNotACorruptRow() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let error = #expect(throws: StoreError.self) {
            try DumpLedger(path: store.path).markDumped(id: ride.id + 99, dumpedUTCms: 4_242)
        }
        if case .corruptRow? = error { Issue.record("a ride gone is said as an unreadable row: \(String(describing: error))") }
        #expect(error?.description.contains("ride \(ride.id + 99)") == true, "\(String(describing: error))")
    }
}

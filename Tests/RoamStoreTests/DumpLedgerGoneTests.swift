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
        // do/catch, not the error #expect(throws:) returns: Swift 6.0.3's returns nothing.
        var error: StoreError?
        do { _ = try DumpLedger(path: store.path).markDumped(id: ride.id + 99, dumpedUTCms: 4_242) }
        catch let thrown as StoreError { error = thrown } catch { Issue.record("not a StoreError: \(error)") }
        #expect(error != nil, "marking a ride that is not there threw nothing")
        if case .corruptRow? = error { Issue.record("a ride gone is said as an unreadable row: \(String(describing: error))") }
        #expect(error?.description.contains("ride \(ride.id + 99)") == true, "\(String(describing: error))")
    }
}

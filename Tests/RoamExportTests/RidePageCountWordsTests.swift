import Testing
import RoamCore
@testable import RoamExport

/// Every count the ride page says in words takes its noun in the singular for one: "1 point kept",
/// "1 fix set aside", "across 1 gap", "in 1 stop" (the page said "1 points kept" and "1 fixes").
@Suite struct RidePageCountWordsTests {
    /// Two fixes: one kept, one set aside under the distance gate; one gap bridged.
    private func page(kept: Int, setAside: Int, bridgedGaps: Int) -> String {
        var track = ViewTrack(expectedAccepted: kept)
        for i in 0..<(kept + setAside) {
            let flags: FixFlags = i < kept ? [] : [.underDistanceGate]
            track.add(ExportTestFixes.fix(seq: Int64(i), lat: 45.1 + Double(i) * 0.001, flags: flags, added: i == 0 ? 0 : 100))
        }
        track.finish()
        var ride = ExportTestFixes.ride(distanceM: 200)
        ride.totals.fixCount = kept + setAside; ride.totals.acceptedCount = kept; ride.totals.flaggedCount = setAside
        ride.totals.bridgedGaps = bridgedGaps; ride.totals.bridgedM = bridgedGaps > 0 ? 90 : 0
        return HTMLView(ride: ride, track: track).render()
    }

    @Test func oneIsSaidInTheSingular() {
        let one = page(kept: 1, setAside: 1, bridgedGaps: 1)
        #expect(one.contains("1 point kept for distance; 1 set aside"), "the fixes card")
        #expect(one.contains("1 fix set aside from distance and the drawn track"), "the flagged table's note")
        #expect(one.contains(" across 1 gap)") && one.contains(" across 1 gap</td>"), "the distance card and the bridged row")
        #expect(!one.contains("1 points") && !one.contains("1 fixes") && !one.contains("1 gaps"))
        let two = page(kept: 2, setAside: 2, bridgedGaps: 2)
        #expect(two.contains("2 points kept for distance; 2 set aside") && two.contains("2 fixes set aside from distance"))
        #expect(two.contains(" across 2 gaps)"))
    }
}

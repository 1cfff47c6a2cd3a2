import Foundation
@testable import RoamCore
import RoamStore
import Testing

/// `check` reads each fix's raw NMEA text although the pipeline never uses it: inflating it is
/// what finds a packed raw value that no longer unpacks (P3: the raw stream is what every figure
/// comes from, and `dump --raw` would fail on it). Real SQLite file, the value damaged by SQL.
@Suite struct CheckRawTextTests {
    @Test("a fix whose packed NMEA no longer unpacks is named by check, not passed as consistent")
    func damagedPackedTextIsFound() throws {
        let ride = try RederiveTests.RecordedRide(Array(RederiveTests.inputs.prefix(40)), restartAt: nil)
        #expect(try Rederivation.check(path: ride.path).isConsistent, "the ride as recorded")
        let connection = try SQLiteConnection(path: ride.path, mode: .readWrite)
        // Raw columns cannot be updated (P4): the damage is made by lifting the guard in this copy only.
        try connection.execute("DROP TRIGGER fixes_raw_immutable")
        try connection.execute("UPDATE fixes SET nmea = x'03DEADBEEF' WHERE ride_id = \(ride.id) AND seq = 17")
        let error = try requireError(StoreError.self) { _ = try Rederivation.check(path: ride.path) }
        #expect(error.description.contains("ride \(ride.id) seq 17"), "\(error)")
        #expect(error.description.contains("is not a deflate stream"), "\(error)")
    }
}

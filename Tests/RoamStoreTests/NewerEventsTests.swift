import RoamCore
import Testing
@testable import RoamStore

/// A newer roam-board adds event kinds and gap causes within one schema (they are text). Readers
/// here read the rest of the ride and name what they passed over; damage stays an unreadable row.
@Suite struct NewerEventsTests {
    /// A stopped ride with a known gap, then rows inserted by SQL as a newer release would write them.
    private static func ride(in dir: TemporaryDirectory, inserting sql: (Int64) -> String) throws -> (known: [RideEvent], id: Int64) {
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let known = [RideEvent(kind: .gap, monoNs: 3, utcMs: 4, detail: GapCause.lostFix.rawValue)]
        try store.commit(Batch(rideID: ride.id, fixes: [], events: known, state: PipelineState()), commitUTCms: 5)
        try store.stopRide(id: ride.id, endedUTCms: 6)
        try store.connection.execute(sql(ride.id))
        return (known, ride.id)
    }

    @Test("An event of a kind this roam-board does not know is left out, not called a corrupt row")
    func unknownKindIsLeftOut() throws {
        let dir = try TemporaryDirectory()
        let (known, id) = try Self.ride(in: dir, inserting: { """
            INSERT INTO events (ride_id, kind, t_mono_ns, detail) VALUES (\($0), 'wheel-sensor-lost', 9, 'magnet gone');
            INSERT INTO events (ride_id, kind, detail) VALUES (\($0), 'wheel-sensor-lost', 'again');
            """ })
        let reader = try RideReader(path: dir.path())
        #expect(try reader.events(ride: id) == known)
        let (events, newer) = try reader.eventsAndNewer(ride: id)
        #expect(events == known)
        #expect(newer.kinds == ["wheel-sensor-lost"])
        #expect(newer.sentence == "holds what a newer roam-board wrote: event kind 'wheel-sensor-lost'")
        #expect(try reader.ridesWithNewerEvents() == [id], "the listing marks it, from one query for all rides")
        let report = try Rederivation.check(path: dir.path())
        #expect(report.rides.map(\.notJudged) == ["this ride holds what a newer roam-board wrote: event kind 'wheel-sensor-lost': "
                                                  + "this roam-board cannot judge it; check it with a newer roam-board"])
        #expect(report.isConsistent && report.text.hasSuffix("consistent, but 1 ride not judged (see above)"), "\(report.text)")
        #expect(throws: RederiveError.writtenByNewer(id: id, newer)) {
            try RideStore(path: dir.path()).rederive(ride: id, recordedUTCms: 7)
        }
    }

    @Test("A gap of a cause this roam-board does not know is kept as written and named")
    func unknownGapCauseIsNamed() throws {
        let dir = try TemporaryDirectory()
        let (known, id) = try Self.ride(in: dir, inserting: { """
            INSERT INTO events (ride_id, kind, detail, before_seq) VALUES (\($0), 'gap', 'tyre flat', 0);
            """ })
        let (events, newer) = try RideReader(path: dir.path()).eventsAndNewer(ride: id)
        #expect(events == known + [RideEvent(kind: .gap, detail: "tyre flat", beforeSeq: 0)])
        #expect(newer.kinds.isEmpty && newer.gapCauses == ["tyre flat"])
        #expect(try RideReader(path: dir.path()).ridesWithNewerEvents() == [id])
        #expect(try Rederivation.check(path: dir.path()).rides.first?.notJudged?.contains("gap cause 'tyre flat'") == true)
    }

    @Test("A kind that is no name at all is damage: still an unreadable row", arguments: ["", "Stop", "gap; before fix 3"])
    func malformedKindStaysCorrupt(kind: String) throws {
        let dir = try TemporaryDirectory()
        let (_, id) = try Self.ride(in: dir, inserting: { "INSERT INTO events (ride_id, kind, detail) VALUES (\($0), '\(kind)', '')" })
        #expect(throws: StoreError.corruptRow(table: "events", detail: "ride \(id) has event kind '\(kind)'", path: dir.path())) {
            try RideReader(path: dir.path()).events(ride: id)
        }
        #expect(try RideReader(path: dir.path()).ridesWithNewerEvents().isEmpty, "damage, not a newer release")
    }
}

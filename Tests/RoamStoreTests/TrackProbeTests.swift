import Testing
import RoamCore
@testable import RoamStore

/// `TrackProbe`: where a stored ride was at a given time, by seeks over its keys instead of a read
/// of its fixes, must be what a read of every fix would say.
@Suite struct TrackProbeTests {
    @Test("Each probe finds the dated fix with a position nearest in time, as a scan of every fix does; fixes without either, and the next ride's, are passed over")
    func probeFindsWhatAScanFinds() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        defer { store.close() }
        let fixes = (Int64(0)..<400).map { seq in
            // Undated before the date came and in a stretch 60 s long; some dated fixes lack a time or a position.
            guard seq >= 5, !(200..<260).contains(seq) else { return Sample.sparseFix(ride: ride.id, seq: seq) }
            var fix = Sample.fullFix(ride: ride.id, seq: seq)
            if seq % 7 == 0 { fix.utcMs = nil }
            if seq % 11 == 3 { fix.epoch.latDeg = nil }
            return fix
        }
        try store.commit(Self.batch(fixes), commitUTCms: 1)
        try store.stopRide(id: ride.id, endedUTCms: nil)
        // The next ride over the same hours, a degree further north: never an answer for the first.
        let next = try store.startRide(startedMonoNs: 2, parameters: PipelineParameters())
        try store.commit(Self.batch((Int64(0)..<100).map { seq in
            var fix = Sample.fullFix(ride: next.id, seq: seq * 4)
            fix.seq = seq
            fix.epoch.latDeg = 48.5
            return fix
        }), commitUTCms: 2)

        let dated = fixes.filter { $0.utcMs != nil && $0.epoch.latDeg != nil && $0.epoch.lonDeg != nil }
            .map { TimedPosition(utcMs: $0.utcMs!, latDeg: $0.epoch.latDeg!, lonDeg: $0.epoch.lonDeg!) }
        let probe = try #require(try store.trackProbe(ride: ride.id))
        #expect(probe.first == dated.first)
        #expect(probe.last == dated.last)
        for target in stride(from: dated.first!.utcMs - 5_000, through: dated.last!.utcMs + 5_000, by: 250) {
            let scanned = dated.min { abs($0.utcMs - target) < abs($1.utcMs - target) }
            #expect(try probe.nearest(toUTCms: target) == scanned, "at \(target)")
        }
    }

    @Test("A ride without a dated position has nothing to probe")
    func noDatedPositionNoProbe() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        defer { store.close() }
        try store.commit(Self.batch((0..<20).map { Sample.sparseFix(ride: ride.id, seq: $0) }), commitUTCms: 1)
        #expect(try store.trackProbe(ride: ride.id) == nil)
    }

    static func batch(_ fixes: [FixRecord]) -> Batch {
        var state = PipelineState()
        state.nextSeq = Int64(fixes.count)
        state.totals.fixCount = fixes.count
        return Batch(rideID: fixes[0].rideID, fixes: fixes, events: [], state: state)
    }
}

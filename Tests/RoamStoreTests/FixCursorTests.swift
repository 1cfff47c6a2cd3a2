import RoamCore
import Testing
@testable import RoamStore

/// The cursors `dump` reads through (the NMEA split works on bytes, not Characters):
/// every column reads back as committed, the sentences included whatever they hold, and the
/// export filters skip exactly the rows they name.
@Suite struct FixCursorTests {
    /// Sentences as a receiver (or a damaged one) might leave them; none holds a "\n", the joint.
    static let sentenceSets: [[String]] = [
        [], ["$GPRMC,a,b*00"], ["$GPGGA,\"q\",1*00", "$GPRMC,x*00", "$GPGSA,,,*00"],
        ["ends in CR\r", "$GPRMC,after a CR*00"], ["a", ""], ["", "b"], ["\u{e9}t\u{e9} \u{1F6B2},\u{301}", "\t\u{1}"],
        (0..<20).map { String(repeating: "s", count: $0) },  // joints at every offset of the 8-byte search
    ]

    /// The store stays open (returned) so the fixes stay in the WAL, where a reader's snapshot shows.
    private func committedRide() throws -> (TemporaryDirectory, Int64, [FixRecord], RideStore) {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        var fixes: [FixRecord] = []
        for (i, sentences) in Self.sentenceSets.enumerated() {
            var fix = i % 2 == 0 ? Sample.fullFix(ride: ride.id, seq: Int64(i)) : Sample.sparseFix(ride: ride.id, seq: Int64(i))
            fix.epoch.sentences = sentences
            fix.flags = [[], [.underDistanceGate], [.paused], [.underDistanceGate, .paused], [.noFix], [.segmentStart], []][i % 7]
            fixes.append(fix)
        }
        var state = PipelineState()
        state.nextSeq = Int64(fixes.count)
        try store.commit(Batch(rideID: ride.id, fixes: fixes, events: [], state: state), commitUTCms: 1)
        return (dir, ride.id, fixes, store)
    }

    @Test func everyColumnAndEverySentenceReadsBackAsCommitted() throws {
        let (dir, ride, fixes, _) = try committedRide()
        let reader = try RideReader(path: dir.path())
        var viaCursor: [FixRecord] = []
        try reader.forEachFix(ride: ride) { viaCursor.append($0) }
        var viaExport: [FixRecord] = []
        try reader.forEachExportedFix(ride: ride, withNMEA: true) { viaExport.append($0) }
        #expect(viaCursor == fixes)
        #expect(viaExport == fixes)
    }

    @Test func withoutNMEAOnlyTheSentencesAreLeftOut() throws {
        let (dir, ride, fixes, _) = try committedRide()
        var read: [FixRecord] = []
        try RideReader(path: dir.path()).forEachExportedFix(ride: ride, withNMEA: false) { read.append($0) }
        let expected = fixes.map { fix -> FixRecord in
            var fix = fix
            fix.epoch.sentences = []
            return fix
        }
        #expect(read == expected)
    }

    @Test func exportFiltersSkipTheExcludedFlagsButKeepTheKeptOnes() throws {
        let (dir, ride, fixes, _) = try committedRide()
        let reader = try RideReader(path: dir.path())
        var accepted: [Int64] = []
        try reader.forEachExportedFix(ride: ride, excludingFlags: .rejecting, withNMEA: false) { accepted.append($0.seq) }
        #expect(accepted == fixes.filter { $0.flags.isAccepted }.map(\.seq))
        var withPaused: [Int64] = []
        try reader.forEachExportedFix(ride: ride, excludingFlags: .rejecting, keepingFlags: .paused, withNMEA: true) {
            withPaused.append($0.seq)
        }
        #expect(withPaused == fixes.filter { $0.flags.isAccepted || $0.flags.contains(.paused) }.map(\.seq))
        #expect(withPaused != accepted, "the fixture has a paused fix under the gate")
    }

    @Test func anExportThatThrowsHoldsNoSnapshotAfterwards() throws {
        struct Stop: Error {}
        let (dir, ride, _, writer) = try committedRide()
        let reader = try RideReader(path: dir.path())
        #expect(throws: Stop.self) { try reader.forEachExportedFix(ride: ride, withNMEA: true) { _ in throw Stop() } }
        // A TRUNCATE checkpoint completes (busy = 0) only when no reader holds a snapshot of the WAL.
        try writer.connection.execute("PRAGMA busy_timeout = 0")
        #expect(try writer.connection.singleText("PRAGMA wal_checkpoint(TRUNCATE)") == "0")
    }
}

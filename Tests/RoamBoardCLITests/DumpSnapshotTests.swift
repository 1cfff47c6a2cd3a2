import Foundation
import Testing
import RoamCore
@testable import RoamStore
@testable import RoamBoardCLI

/// `dump` of a ride still recording: the recorder commits between the plan (which read the ride's
/// row) and the export. The file's totals and the words "X of its N fixes written; the other M"
/// must count the fixes of the one snapshot the file was written from.
@Suite struct DumpSnapshotTests {
    @Test func aCommitAfterThePlanIsCountedWithTheFixesWritten() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let c = fixture.c
        let out = fixture.directory.appendingPathComponent("c.gpx").path
        guard case .success(.run(let parsed)) = ArgumentParser(specs: CommandTable.all).parse(
            ["dump", "--db", fixture.dbPath, "--ride", "\(c.id)", "--format", "gpx", "--out", out]) else {
            Issue.record("the dump's arguments did not parse"); return
        }
        let reader = try RideReader(path: fixture.dbPath)
        let plan = try DumpPlan(parsed, format: .gpx, reader: reader)
        let planned = try #require(plan.rides.first)
        #expect(planned.totals.fixCount == c.fixes.count)

        // The recorder's next batch: 4 fixes, 3 of them set aside (closer than the gate to the last).
        let store = try RideStore(path: fixture.dbPath)
        let last = try #require(c.fixes.last)
        let batch = (1...4).map { i -> FixRecord in
            var f = last
            f.seq = last.seq + Int64(i)
            f.monoNs = last.monoNs + UInt64(i) * 1_000_000_000
            f.utcMs = last.utcMs.map { $0 + Int64(i) * 1_000 }
            f.flags = i == 4 ? [] : [.underDistanceGate]
            f.distanceAddedM = 0
            return f
        }
        var state = PipelineState()
        state.nextSeq = last.seq + 5
        state.totals = c.totals
        state.totals.fixCount += 4
        state.totals.acceptedCount += 1
        state.totals.flaggedCount += 3
        try store.commit(Batch(rideID: c.id, fixes: batch, events: [], state: state), commitUTCms: batch.last!.utcMs!)
        store.close()

        let (ride, written) = try DumpCommand.exportOne(planned, provenance: nil, plan: plan, raw: false, reader: reader, force: false)
        #expect(written == c.accepted.count + 1)
        #expect(ride.totals.fixCount == c.fixes.count + 4, "the total read before the commit")
        let words = SetAsideCount.written(try #require(written), of: ride.totals.fixCount, raw: false)
        #expect(words.hasSuffix("the other \(c.fixes.count - c.accepted.count + 3), set aside, stay in the database ('--raw' writes them)"), "\(words)")
        let gpx = try String(contentsOfFile: out, encoding: .utf8)
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == written)
        #expect(gpx.contains("fixes=\"\(c.fixes.count + 4)\""), "the file's totals are the snapshot's")
    }
}

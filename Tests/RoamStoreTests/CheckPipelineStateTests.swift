import Foundation
@testable import RoamCore
import RoamStore
import Testing

/// `check` compares the whole stored pipeline state, not only its totals and where it continues:
/// a part that differs from what the fixes imply is named, as a ride resumed from it would go on
/// wrong (P1, P2). Real SQLite files, the state altered by SQL.
@Suite struct CheckPipelineStateTests {
    /// Writes the ride's stored state, with `alter` applied, back into its row by SQL.
    private func storeAltered(_ ride: RederiveTests.RecordedRide, _ state: PipelineState,
                              _ alter: (inout PipelineState) -> Void) throws {
        var altered = state
        alter(&altered)
        let hex = altered.storedBytes().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        try SQLiteConnection(path: ride.path, mode: .readWrite)
            .execute("UPDATE rides SET pipeline_state = x'\(hex)' WHERE id = \(ride.id)")
    }

    @Test("a stored state that differs in one part other than totals is INCONSISTENT, the part named; rederive mends it")
    func alteredPartIsNamed() throws {
        let ride = try RederiveTests.RecordedRide(Array(RederiveTests.inputs.prefix(120)), restartAt: nil)
        #expect(try Rederivation.check(path: ride.path).isConsistent, "the ride as recorded")
        let state = try #require(try RideReader(path: ride.path).ride(id: ride.id)).pipelineState
        try #require(state.smoother != nil && state.clock.lastTimed?.utcMs != nil, "the ride has a smoother and a time")
        let paused = state.autoPause.isPaused
        let lastTimed = state.clock.lastTimed!.utcMs!
        let cases: [(alter: (inout PipelineState) -> Void, named: String)] = [
            ({ $0.autoPause.isPaused.toggle() }, "autoPause.isPaused: stored \(!paused), its fixes imply \(paused)"),
            ({ $0.clock.lastTimed?.utcMs? += 1_000 }, "clock.lastTimed.utcMs: stored \(lastTimed + 1_000), its fixes imply \(lastTimed)"),
            ({ $0.smoother = nil }, "smoother: stored none, its fixes imply one"),
        ]
        for (alter, named) in cases {
            try storeAltered(ride, state, alter)
            let report = try Rederivation.check(path: ride.path)
            #expect(report.text.contains("ride \(ride.id) (stopped): 120 fixes, 0 gaps: INCONSISTENT"), "\(report.text)")
            #expect(report.rides.first?.problems == [
                "stored pipeline state, " + named,
                "rederive writes the pipeline state the fixes imply: roam-board rederive --ride \(ride.id)",
            ], "\(report.text)")
        }
        _ = try ride.rederive(nil)
        #expect(try Rederivation.check(path: ride.path).isConsistent)
    }
}

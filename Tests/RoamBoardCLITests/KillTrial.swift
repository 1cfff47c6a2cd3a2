import Foundation
import RoamCore
import RoamSimulator
import RoamStore
import Testing

/// Trial 1 (P1, P2, P7): `roam-board record` on the bench board, killed with SIGKILL at seeded
/// random moments and restarted each time; the bench resumes the simulated ride from the
/// stored `nextSeq`. When killed, a batch may be in flight (read, not yet acknowledged); the
/// resumed bench sends it again, so the finished ride must equal an uninterrupted one fix for
/// fix, with one "logger restarted" gap per restart and totals that its fixes imply.
@Suite(.serialized) struct KillTrial {
    static let kills = 32

    @Test("P1/P2/P7: 32 SIGKILLs mid-ride lose no acknowledged batch; the ride equals an uninterrupted one but for its restart gaps")
    func sigkillAtRandomMoments() throws {
        let dir = try TrialPaths.temporaryDirectory("kill-trial")
        defer { TrialPaths.remove(dir) }
        let referenceDB = dir.appendingPathComponent("reference.db").path
        let trialDB = dir.appendingPathComponent("trial.db").path
        // The bench ride must not end inside the loop: how many batches a run acknowledges before its
        // kill depends on the commit thread's timing, and under load the ride could reach its last
        // press early, so the next run would start a second ride. Held short of its end, a run that
        // gets there is killed while the recorder waits on a quiet receiver; the last run lets it go.
        let hold = dir.appendingPathComponent("hold")
        try TrialVerdict.hold(hold, beforeSecond: Int(TrialVerdict.benchRideFixes) - 60)

        let reference = try TrialVerdict.record(referenceDB)
        #expect(reference.finish() == 0)

        // The simulator's SplitMix64: the kill moments are the same on every run (their timing is
        // not, the outcome is).
        var moments = SeededGenerator(seed: 20_260_614)
        var acks: [TrialAck] = []
        var restarts = 0, killed = 0
        for _ in 0..<Self.kills {
            if try hasRecordingRide(trialDB) { restarts += 1 }
            let child = try TrialVerdict.record(trialDB, holdFile: hold)
            let target = Int.random(in: 1...12, using: &moments)
            child.wait { out, err in
                out.filter { $0.hasPrefix("ack ") }.count >= target || err.contains { $0.hasPrefix("bench: holding before second") }
            }
            usleep(UInt32.random(in: 0...4_000, using: &moments))
            child.kill()
            acks += child.acks
            if child.process.terminationReason == .uncaughtSignal { killed += 1 }
            // Every run got its restart gap and at least one batch in before it was killed, unless it
            // resumed where the ride is held (then it has nothing new to commit).
            let held = child.stderrLines.contains { $0.hasPrefix("bench: holding before second") }
            #expect(!child.acks.isEmpty || held)
        }
        if try hasRecordingRide(trialDB) { restarts += 1 }
        try TrialVerdict.hold(hold, beforeSecond: nil)
        let last = try TrialVerdict.record(trialDB)
        #expect(last.finish() == 0)
        acks += last.acks
        print("kill trial: \(killed) SIGKILLs, \(restarts) restarts, \(acks.count) batches acknowledged")
        #expect(killed >= 30)

        try TrialVerdict.assertComplete(trialDB, acks: acks)
        let trial = try RideReader(path: trialDB), ref = try RideReader(path: referenceDB)
        let trialRide = try #require(try trial.rides().first), refRide = try #require(try ref.rides().first)
        #expect(try trial.gapEvents(ride: trialRide.id, .loggerRestarted).count == restarts)
        #expect(try ref.gapEvents(ride: refRide.id, .loggerRestarted).isEmpty)

        // Fix for fix the same raw data as the uninterrupted ride: in-flight batches were sent again.
        // One difference is the product's: epochs a restart's receiver set-up heard and handed back
        // carry no pressure (a reading taken after the set-up is not theirs), and an event says why.
        let trialFixes = try trial.fixes(ride: trialRide.id), refFixes = try ref.fixes(ride: refRide.id)
        let setUpStretches = try trial.events(ride: trialRide.id).filter {
            $0.kind == .barometerMissing && $0.detail.contains("heard while the receiver was being set up")
        }.count
        var differing: [Int64] = [], heardInSetUp = 0
        while let a = try trialFixes.next(), let b = try refFixes.next() {
            if a.epoch.sentences != b.epoch.sentences { differing.append(a.seq) } else if a.pressurePa != b.pressurePa {
                if a.pressurePa == nil && setUpStretches > 0 { heardInSetUp += 1 } else { differing.append(a.seq) }
            }
        }
        #expect(differing.isEmpty, "raw data differs at fixes \(differing.prefix(10))")
        print("kill trial: \(heardInSetUp) fixes heard during \(setUpStretches) receiver set-ups, without a pressure")
        #expect(setUpStretches <= restarts + 1 && heardInSetUp <= 10 * setUpStretches,
                "\(heardInSetUp) fixes without a pressure in \(setUpStretches) set-up stretches, \(restarts) restarts")

        // Totals: the same fixes; extra gaps only where a gap event says so; distance differs by
        // no more than what the restart gaps cut out.
        let t = trialRide.totals, r = refRide.totals
        #expect(t.fixCount == r.fixCount)
        let trialGaps = try trial.events(ride: trialRide.id).filter { $0.kind == .gap }.count
        let refGaps = try ref.events(ride: refRide.id).filter { $0.kind == .gap }.count
        #expect(t.gapCount - r.gapCount == trialGaps - refGaps)
        // Each of the reference's own gaps (the tunnel's loss of fix) is in the trial too, unless a
        // restart came between its last fix and the next one before the loss was seen: then the
        // restart's gap holds it, one gap, as the same epochs read by one process would give.
        let held = try gapsHeldByRestarts(trial: trial, trialRide: trialRide.id, ref: ref, refRide: refRide.id)
        print("kill trial: \(t.gapCount) gaps: the reference's \(r.gapCount), \(restarts) restarts, \(held.count) of the reference's inside a restart's gap")
        #expect(held.unexplained.isEmpty, "the reference's gaps \(held.unexplained) are neither in the trial nor inside a restart's gap")
        #expect(t.gapCount >= r.gapCount + restarts - held.count, "gaps \(t.gapCount): reference \(r.gapCount), \(restarts) restarts, \(held.count) held by one")
        #expect(abs(t.distanceM - r.distanceM) <= 50 * Double(restarts + 1), "distance \(t.distanceM) vs \(r.distanceM)")
    }
}

/// The reference's gaps that the trial has no gap of their own for: `count` of them lie where a
/// restart's gap began (after the gap's last fix, by the next fix with a position), `unexplained`
/// the rest, as "cause at utcMs". Gaps are matched by cause and the time of their last fix.
private func gapsHeldByRestarts(trial: RideReader, trialRide: Int64, ref: RideReader, refRide: Int64)
    throws -> (count: Int, unexplained: [String]) {
    func ownGaps(_ reader: RideReader, _ ride: Int64) throws -> [RideEvent] {
        try reader.events(ride: ride).filter { $0.kind == .gap && $0.detail != GapCause.loggerRestarted.rawValue }
    }
    let trialOwn = Set(try ownGaps(trial, trialRide).map { "\($0.detail) at \($0.utcMs ?? -1)" })
    let restartsBefore = try trial.gapEvents(ride: trialRide, .loggerRestarted).compactMap(\.beforeSeq)
    var fixes: [(seq: Int64, utcMs: Int64?, hasPosition: Bool)] = []
    try ref.forEachFix(ride: refRide) { fixes.append(($0.seq, $0.utcMs, $0.epoch.hasPosition)) }
    var count = 0, unexplained: [String] = []
    for gap in try ownGaps(ref, refRide) where !trialOwn.contains("\(gap.detail) at \(gap.utcMs ?? -1)") {
        guard let last = fixes.first(where: { $0.utcMs == gap.utcMs && $0.hasPosition }) else {
            unexplained.append("\(gap.detail) at \(gap.utcMs ?? -1)"); continue
        }
        let next = fixes.first { $0.seq > last.seq && $0.hasPosition }?.seq ?? Int64.max
        if restartsBefore.contains(where: { $0 >= last.seq && $0 <= next }) { count += 1 } else {
            unexplained.append("\(gap.detail) at \(gap.utcMs ?? -1)")
        }
    }
    return (count, unexplained)
}

/// Whether a start finds a ride to re-arm (none before the first run created the database).
private func hasRecordingRide(_ db: String) throws -> Bool {
    guard FileManager.default.fileExists(atPath: db) else { return false }
    return try RideReader(path: db).rides().contains { $0.state == .recording }
}

extension RideReader {
    func gapEvents(ride: Int64, _ cause: GapCause) throws -> [RideEvent] {
        try events(ride: ride).filter { GapMarker.matches($0, cause) }
    }
}

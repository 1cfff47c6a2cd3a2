import Foundation
import RoamCore
import RoamStore

/// The commit thread's operational guards: a forgotten recording warns, then ends
/// itself; low storage is noticed and shown. Both run between batches on the commit thread.
extension CommitLoop {
    /// Stops the ride when it has been paused for `forgottenAfterS` by its own GNSS clock.
    func endForgottenRide() throws {
        guard let p = pipeline, let pausedS = p.state.autoPause.pausedForS, pausedS >= options.forgottenAfterS else { return }
        let detail = String(format: "ended itself: paused for %.1f h (limit %.1f h), a forgotten recording",
                            pausedS / 3600, options.forgottenAfterS / 3600)
        try store.stopRide(id: p.rideID, endedUTCms: p.state.lastAccepted?.utcMs,
                           events: [RideEvent(kind: .stop, monoNs: clock(), detail: detail)])
        pipeline = nil
        forgottenWarned = false
        status.update(urgent: true) { $0.rideID = nil }
        emit(.rideStopped(rideID: p.rideID, totals: p.state.totals))
    }

    /// Shows the forgotten-ride pattern once the ride has been paused `forgottenWarnAfterS`, and
    /// takes it back when the rider moves again.
    func warnOfForgottenRide() {
        guard let p = pipeline else { return }
        let pausedS = p.state.autoPause.pausedForS
        if !forgottenWarned, let pausedS, pausedS >= options.forgottenWarnAfterS {
            forgottenWarned = true
            emit(.rideLooksForgotten(rideID: p.rideID, pausedS: pausedS))
        } else if forgottenWarned, pausedS == nil {
            forgottenWarned = false
            emit(.rideMovingAgain(rideID: p.rideID))
        }
    }

    /// Measures free space against `options.lowStorage` (statvfs and one read of the rides table).
    /// Recording goes on either way: nothing is ever deleted to make room.
    func checkStorage() {
        switch storage.check(nowNs: clock(), measure: store.storageEstimate) {
        case .becameLow(let low):
            if pipeline != nil { pendingEvents.append(RideEvent(kind: .storageLow, monoNs: clock(), detail: low.detail)) }
            status.update(urgent: true) { $0.storageLow = low.detail }
            emit(.storageLow(low))
        case .recovered(let free):
            status.update(urgent: true) { $0.storageLow = nil }
            emit(.storageRecovered(freeBytes: free))
        case .unmeasured(let error):
            emit(.storageUnmeasured(error: error))
        case nil:
            break
        }
    }

    /// After a resume, the first fix with GNSS time decides whether the ride really continues
    /// (`RearmPolicy.decideAtFirstFix`). A stale ride is closed at its last fix and a new one takes
    /// these items. Each step is its own transaction and is retried with the batch if it fails.
    func closeStaleResumedRide(before items: ArraySlice<SensorItem>) throws {
        if confirmingResume, let p = pipeline {
            guard let last = p.state.lastAccepted?.utcMs ?? p.state.clock.lastTimed?.utcMs else { confirmingResume = false; return }
            var probe = p
            var first: Int64?
            for case .epoch(let e) in items {
                if let utc = probe.process(e).0.utcMs { first = utc; break }
            }
            guard let first else { return }  // no GNSS time yet: decide at a later batch
            guard case .close(let reason) = options.rearm.decideAtFirstFix(lastUTCms: last, firstUTCms: first) else {
                confirmingResume = false
                return
            }
            try store.stopRide(id: p.rideID, endedUTCms: p.state.lastAccepted?.utcMs,
                               events: [RideEvent(kind: .stop, monoNs: clock(), detail: reason)])
            confirmingResume = false
            startingAfterStale = true
            pipeline = nil
            status.update(urgent: true) { $0.rideID = nil }
            emit(.rideClosedAtRestart(rideID: p.rideID, reason: reason))
            emit(.rideStopped(rideID: p.rideID, totals: p.state.totals))
        }
        guard startingAfterStale else { return }
        let now = clock()
        let row = try store.startRide(startedMonoNs: now, parameters: options.parameters, events: [
            RideEvent(kind: .start, monoNs: now, detail: "after restart: the ride recording before it was closed (see its stop event)")])
        startingAfterStale = false
        pipeline = RidePipeline(rideID: row.id, state: row.pipelineState, parameters: row.parameters)
        status.update(urgent: true) { $0.rideID = row.id; $0.lastAckedSeq = nil }
        emit(.rideStarted(rideID: row.id, resumed: false))
    }
}

import RoamCore
import RoamStore

/// The commit thread carries out what the ride session asks: store actions as transactions,
/// notices as events and status. The session is handled on a copy and kept only when every store
/// action succeeded; a failure throws, the items stay parked and the event is handed over again (P3).
extension CommitLoop {
    /// Re-arms the active ride from its stored row (O(1), no replay: P2) and commits its restart gap
    /// before returning (P7). Idempotent: re-arming the ride already armed does nothing.
    func rearm(_ row: RideRow) {
        let notices = session.handle(.rearmed(rideID: row.id, state: row.pipelineState, parameters: row.parameters))
        guard !notices.isEmpty else { return }
        let lastSeq = row.pipelineState.nextSeq > 0 ? row.pipelineState.nextSeq - 1 : nil
        status.update(urgent: true) { $0.rideID = row.id; $0.lastAckedSeq = lastSeq }
        parked.prepend(.batched(.restarted(monoNs: clock())))
        commitParked()
        // The restart commit's monotonic stamp goes into the status file at once: a recorder that dies
        // within the status interval still leaves the next one this boot's age of the ride (`RearmPolicy`).
        status.flush(force: true)
        for case .announce(let notice) in notices { announce(notice) }
    }

    /// Closes a ride that re-arm will not resume (`RearmPolicy`).
    func close(_ row: RideRow, reason: String) throws {
        try store.stopRide(id: row.id, endedUTCms: row.pipelineState.lastAccepted?.utcMs,
                           events: [RideEvent(kind: .stop, monoNs: clock(), detail: reason)])
        emit(.session(.rideClosedAtRestart(rideID: row.id, reason: reason)))
    }

    /// Hands the session one batch of items between presses, with the outage and loss to record.
    func commitBatch(_ items: [SensorItem], parkedBatches landing: Int) throws {
        let sessionItems = items.compactMap(\.batchedItem)
        let committed = try run { [self] in
            let now = clock()
            return .batch(RideSessionBatch(items: sessionItems, nowNs: now, outageEvents: outageEvents(now: now, landing: landing)))
        } commit: { commit, nowNs in
            try self.carryOut(commit, nowNs: nowNs, parkedBatches: landing)
        }
        if !committed { lostEpochs = 0; forgetExitLoss() }  // idle: epochs are not recorded, nor their loss
    }

    /// Runs an event through a copy of the session and carries out its actions in order, again while
    /// the session asks for it; returns whether a batch was committed. Throws at the first failing store action.
    @discardableResult
    func run(_ event: () -> RideSessionEvent,
             commit: (RideSessionCommit, UInt64) throws -> Void = { _, _ in }) throws -> Bool {
        var committed = false
        var again = true
        while again {
            again = false
            let current = event()
            var next = session
            var notices: [RideSessionNotice] = []
            for action in next.handle(current) {
                switch action {
                case .startRide(let monoNs, let parameters, let events):
                    let row = try store.startRide(startedMonoNs: monoNs, parameters: parameters, events: events)
                    for case .announce(let notice) in next.handle(.rideOpened(rideID: row.id, state: row.pipelineState,
                                                                              parameters: row.parameters)) {
                        notices.append(notice)
                    }
                case .stopRide(let rideID, let endedUTCms, let monoNs, let reason):
                    try store.stopRide(id: rideID, endedUTCms: endedUTCms,
                                       events: [RideEvent(kind: .stop, monoNs: monoNs, detail: reason.detail)])
                case .commit(let c):
                    guard case .batch(let b) = current else { continue }
                    try commit(c, b.nowNs)
                    committed = true
                case .announce(let notice):
                    notices.append(notice)
                case .again:
                    again = true
                }
            }
            session = next
            notices.forEach(announce)
        }
        return committed
    }

    /// The storage outage that ended and the fixes lost, recorded with the next commit of a ride.
    private func outageEvents(now: UInt64, landing: Int) -> [RideEvent] {
        var events: [RideEvent] = []
        if let outage {
            let seconds = (Double(now - outage.sinceNs) / 1e8).rounded() / 10
            // Parked epochs land in commits of at most `parkedEpochsPerCommit`: this is the first of them, and a
            // later one may fail again (a new outage, recorded in turn), so it says where the landing starts.
            let landed = "\(landing) parked batches (\(parkedEpochs) epochs) land in order from this commit on"
            events.append(RideEvent(kind: .alarm, monoNs: outage.sinceNs, detail: "storage failed: \(outage.firstError)"))
            events.append(RideEvent(kind: .recovered, monoNs: now,
                detail: "storage back after \(seconds) s and \(outage.failures) failed commits; \(landed)"))
        }
        if lostEpochs > 0 {
            events.append(RideEvent(kind: .lost, monoNs: now, detail: "\(lostEpochs) fixes lost: the queue or the parking space was full"))
        }
        if let exitLoss = exitLossEvent(now: now) { events.append(exitLoss) }
        return events
    }

    private func carryOut(_ commit: RideSessionCommit, nowNs now: UInt64, parkedBatches landing: Int) throws {
        let batch = commit.batch
        let commitUTCms = realtimeMs()
        try store.commit(batch, commitUTCms: commitUTCms, parkedBatches: landing,
                         lostEpochs: lostEpochs + (lossFromLastExit?.epochs ?? 0))
        let recovered = outage == nil ? 0 : parkedEpochs
        lostEpochs = 0
        forgetExitLoss()
        outage = nil
        let fixes = batch.fixes
        let seqs = fixes.isEmpty ? nil : fixes.first!.seq...fixes.last!.seq
        status.update { s in
            s.rideID = batch.rideID; s.committedBatches += 1; s.lostEpochsPending = 0
            s.lastCommitMonoNs = now; s.lastCommitUTCms = commitUTCms
            if let last = seqs?.upperBound { s.lastAckedSeq = last }
        }
        emit(.committed(CommitReport(rideID: batch.rideID, seqs: seqs, fixCount: fixes.count,
                                     totals: batch.state.totals, recoveredParkedEpochs: recovered,
                                     hasMeasuredFix: commit.hasMeasuredFix)))
    }

    /// The status file follows a ride's start and stop; every notice goes out as it is.
    private func announce(_ notice: RideSessionNotice) {
        if case .rideStarted(let rideID, resumedWith: nil) = notice {
            status.update(urgent: true) { $0.rideID = rideID; $0.lastAckedSeq = nil }
        }
        if case .rideStopped = notice { status.update(urgent: true) { $0.rideID = nil } }
        emit(.session(notice))
    }

    /// Measures free space against `options.lowStorage` (statvfs and one read of the rides table).
    /// Recording goes on either way: nothing is ever deleted to make room.
    func checkStorage() {
        switch storage.check(nowNs: clock(), measure: store.storageEstimate) {
        case .becameLow(let low):
            _ = session.handle(.storageLow(detail: low.detail, nowNs: clock()))
            status.update(urgent: true) { $0.storageLow = low.detail }
            emit(.storageLow(low))
        case .recovered(let free):
            _ = session.handle(.storageRecovered)
            status.update(urgent: true) { $0.storageLow = nil }
            emit(.storageRecovered(freeBytes: free))
        case .unmeasured(let error):
            emit(.storageUnmeasured(error: error))
        case nil:
            break
        }
    }
}

extension CommitLoop.Options {
    var sessionRules: RideSession.Rules {
        var rules = RideSession.Rules()
        rules.parameters = parameters
        rules.staleResume = rearm.staleResume
        rules.forgotten = ForgottenRideRule(endAfterS: forgottenAfterS, warnAfterS: forgottenWarnAfterS)
        return rules
    }
}

extension RideStopReason {
    /// The stop event's text.
    var detail: String {
        switch self {
        case .button:
            return RideEnding.buttonDetail
        case .forgotten(let pausedS, let limitS):
            return "ended itself: paused or without a fix for \(FixedPoint.format(pausedS / 3600, digits: 1)) h "
                + "(limit \(FixedPoint.format(limitS / 3600, digits: 1)) h), a forgotten recording"
        case .staleAfterRestart(let reason):
            return reason
        }
    }
}

/// The ride lifecycle as a pure reducer: idle, recording, confirming a resumed ride, and the
/// rules that start and stop rides (the button, a stale resume, a forgotten ride) or mark them
/// (low storage, gaps). `handle` changes the state and says what to do; it reads no clock, does
/// no I/O and starts no thread, so every rule is a table of events and actions.
///
/// The executor keeps the session as last committed: it runs `handle` on a copy and keeps the
/// copy only when the store actions succeeded, so a failed batch is handled again from the
/// committed state and the stored totals always match the stored fixes (P2, P3).
public struct RideSession: Sendable {
    public enum Phase: Sendable, Equatable {
        case idle
        case recording(RidePipeline)
        /// Resumed after a restart: the first GNSS time still has to confirm it (`StaleResumeRule`).
        case confirmingResume(RidePipeline)
        /// A stale resumed ride was closed; its successor opens before the batch that found it.
        case startingAfterStale
    }

    public struct Rules: Sendable, Equatable {
        public var parameters = PipelineParameters()
        public var staleResume = StaleResumeRule()
        public var forgotten = ForgottenRideRule()
        public init() {}
    }

    public let rules: Rules
    public private(set) var phase: Phase = .idle
    /// Set while free space is below the low-storage rule (what was measured and the limit).
    public private(set) var storageLow: String?
    /// Ride events that wait for the next commit (a "storage low" noticed between batches).
    public private(set) var pendingEvents: [RideEvent] = []
    public private(set) var forgottenWarned = false
    /// The receiver's impossible dates have been said (`receiverDateCorrected`, `receiverDateNotBelieved`): once a run each.
    public private(set) var dateCorrectionSaid = false
    public private(set) var dateDisbeliefSaid = false
    /// Why the barometer gives no samples while it gives none: a ride started meanwhile records it
    /// at its start, as no new word comes from the sensor side until it is back.
    public private(set) var barometerMissing: String?

    public init(rules: Rules) { self.rules = rules }

    /// No ride recording nor about to open: a batch now records nothing.
    public var isIdle: Bool { phase == .idle }

    /// The ride being recorded (confirmed or not), nil when idle.
    public var pipeline: RidePipeline? {
        switch phase {
        case .recording(let p), .confirmingResume(let p): return p
        case .idle, .startingAfterStale: return nil
        }
    }

    public mutating func handle(_ event: RideSessionEvent) -> [RideSessionAction] {
        switch event {
        case .batch(let batch):
            return take(batch)
        case .press(let monoNs):
            return press(monoNs: monoNs)
        case .longPress(let monoNs):
            // "New ride": a recording ride is stopped first, in its own transaction; handed over again,
            // the same long press finds the session idle and starts the next (a failed start stops nothing twice).
            let recording = pipeline != nil
            return press(monoNs: monoNs) + (recording ? [.again] : [])
        case .rideOpened(let rideID, let state, let parameters):
            phase = .recording(RidePipeline(rideID: rideID, state: state, parameters: parameters))
            return [.announce(.rideStarted(rideID: rideID, resumedWith: nil))]
        case .rearmed(let rideID, let state, let parameters):
            // Idempotent (P7): re-arming the ride already armed does nothing.
            if pipeline?.rideID == rideID { return [] }
            phase = .confirmingResume(RidePipeline(rideID: rideID, state: state, parameters: parameters))
            return [.announce(.rideStarted(rideID: rideID, resumedWith: state.totals))]
        case .batchSettled(let nowNs):
            return guardForgottenRide(nowNs: nowNs)
        case .storageLow(let detail, let nowNs):
            storageLow = detail
            if pipeline != nil { pendingEvents.append(RideEvent(kind: .storageLow, monoNs: nowNs, detail: detail)) }
            return []
        case .storageRecovered:
            storageLow = nil
            return []
        }
    }

    /// A press settles what a resumed ride is: the rider's word, not the clock's.
    private mutating func press(monoNs: UInt64) -> [RideSessionAction] {
        guard let p = pipeline else {
            // A ride started on a nearly full card says so in its own events.
            let low = storageLow.map { [RideEvent(kind: .storageLow, monoNs: monoNs, detail: $0)] } ?? []
            let start = RideEvent(kind: .start, monoNs: monoNs, detail: "button")
            phase = .idle
            return [.startRide(startedMonoNs: monoNs, parameters: rules.parameters,
                               events: [start] + low + barometerStillMissing(monoNs: monoNs))]
        }
        phase = .idle
        forgottenWarned = false
        return [.stopRide(rideID: p.rideID, endedUTCms: p.state.lastAccepted?.utcMs, monoNs: monoNs, reason: .button),
                .announce(.rideStopped(rideID: p.rideID, totals: p.state.totals))]
    }

    private mutating func take(_ batch: RideSessionBatch) -> [RideSessionAction] {
        switch phase {
        case .idle:
            for item in batch.items { _ = noteBarometer(item) }
            return []  // idle: epochs are not recorded
        case .recording(let p):
            return commit(batch, on: p, confirming: false)
        case .confirmingResume(let p):
            guard let last = p.state.lastAccepted?.utcMs ?? p.state.clock.lastTimed?.utcMs else {
                return commit(batch, on: p, confirming: false)  // nothing to compare: the resume stands
            }
            guard let first = StaleResumeRule.firstUTCms(of: batch.items, after: p) else {
                return commit(batch, on: p, confirming: true)  // no GNSS time yet: decide at a later batch
            }
            guard case .close(let reason) = rules.staleResume.decide(lastUTCms: last, firstUTCms: first) else {
                return commit(batch, on: p, confirming: false)
            }
            phase = .startingAfterStale
            return [.stopRide(rideID: p.rideID, endedUTCms: p.state.lastAccepted?.utcMs, monoNs: batch.nowNs,
                              reason: .staleAfterRestart(reason: reason)),
                    .announce(.rideClosedAtRestart(rideID: p.rideID, reason: reason)),
                    .announce(.rideStopped(rideID: p.rideID, totals: p.state.totals)),
                    .again]
        case .startingAfterStale:
            let detail = "after restart: the ride recording before it was closed (see its stop event)"
            return [.startRide(startedMonoNs: batch.nowNs, parameters: rules.parameters,
                               events: [RideEvent(kind: .start, monoNs: batch.nowNs, detail: detail)]
                                   + barometerStillMissing(monoNs: batch.nowNs)),
                    .again]
        }
    }

    /// Runs the batch through the ride's pipeline into one commit; nothing when it brings neither fixes nor events.
    private mutating func commit(_ batch: RideSessionBatch, on pipeline: RidePipeline, confirming: Bool) -> [RideSessionAction] {
        var p = pipeline
        var fixes: [FixRecord] = []
        var events = pendingEvents + batch.outageEvents
        var notices: [RideSessionAction] = []
        // Gaps that do not come from the fixes carry their position, so `check` can replay them (P2).
        func positioned(_ gap: RideEvent) {
            var gap = gap
            gap.beforeSeq = p.state.nextSeq
            events.append(gap)
        }
        for item in batch.items {
            switch item {
            case .epoch(let e):
                let (fix, caused) = p.process(e)
                fixes.append(fix); events += caused
                notices += noticeOfDate(e.epoch, rideID: p.rideID, floorUTCms: p.parameters.rolloverFloorUTCms)
            case .receiverSilent(let monoNs):
                if !p.state.segmentPending { positioned(p.markGap(.receiverSilent, monoNs: monoNs)) }
            case .restarted(let monoNs):
                positioned(p.markGap(.loggerRestarted, monoNs: monoNs))
                events.append(RideEvent(kind: .rearm, monoNs: monoNs, detail: "resumed from the stored ride row"))
            case .receiverSetUpAgain(let monoNs):
                if !p.state.segmentPending { positioned(p.markGap(.receiverSetUpAgain, monoNs: monoNs)) }
            case .receiverBack:
                break
            case .barometerMissing, .barometerBack:
                if let event = noteBarometer(item) { positioned(event) }
            }
        }
        // The resume is settled even when nothing is committed.
        if !confirming, case .confirmingResume(let unchanged) = phase { phase = .recording(unchanged) }
        guard !fixes.isEmpty || !events.isEmpty else { return [] }
        phase = confirming ? .confirmingResume(p) : .recording(p)
        pendingEvents = []
        let batch = Batch(rideID: p.rideID, fixes: fixes, events: events, state: p.state)
        return [.commit(RideSessionCommit(batch: batch))] + notices
    }

    /// Says once a run that a fix's date could not be true as sent (`WeekRollover`); the pipeline
    /// has already moved it on or not believed it. A date before a fix is no news: receivers
    /// send placeholders until they know.
    private mutating func noticeOfDate(_ epoch: Epoch, rideID: Int64, floorUTCms: Int64) -> [RideSessionAction] {
        guard epoch.hasPosition, let sent = epoch.utcMs else { return [] }
        switch WeekRollover.resolve(utcMs: sent, floorUTCms: floorUTCms) {
        case .corrected(let moved) where !dateCorrectionSaid:
            dateCorrectionSaid = true
            return [.announce(.receiverDateCorrected(rideID: rideID, sentUTCms: sent, correctedUTCms: moved))]
        case .implausible where !dateDisbeliefSaid:
            dateDisbeliefSaid = true
            return [.announce(.receiverDateNotBelieved(rideID: rideID, sentUTCms: sent))]
        default:
            return []
        }
    }

    /// Keeps the barometer's state from a sensor item; returns its event, nil for another item
    /// or a word that changes nothing.
    private mutating func noteBarometer(_ item: RideSessionItem) -> RideEvent? {
        switch item {
        case .barometerMissing(let monoNs, let cause) where barometerMissing == nil:
            barometerMissing = cause
            return RideEvent(kind: .barometerMissing, monoNs: monoNs, detail: cause)
        case .barometerBack(let monoNs) where barometerMissing != nil:
            barometerMissing = nil
            return RideEvent(kind: .barometerBack, monoNs: monoNs)
        default:
            return nil
        }
    }

    /// A ride opening while the barometer is missing says so before its first fix.
    private func barometerStillMissing(monoNs: UInt64) -> [RideEvent] {
        barometerMissing.map { [RideEvent(kind: .barometerMissing, monoNs: monoNs, detail: $0, beforeSeq: 0)] } ?? []
    }

    /// Ends a forgotten ride, or shows and takes back its warning (`ForgottenRideRule`).
    private mutating func guardForgottenRide(nowNs: UInt64) -> [RideSessionAction] {
        guard let p = pipeline else { return [] }
        switch rules.forgotten.verdict(pausedS: p.state.autoPause.stillForS, warned: forgottenWarned) {
        case .end(let pausedS):
            phase = .idle
            forgottenWarned = false
            let reason = RideStopReason.forgotten(pausedS: pausedS, limitS: rules.forgotten.endAfterS)
            return [.stopRide(rideID: p.rideID, endedUTCms: p.state.lastAccepted?.utcMs, monoNs: nowNs, reason: reason),
                    .announce(.rideStopped(rideID: p.rideID, totals: p.state.totals))]
        case .warn(let pausedS):
            forgottenWarned = true
            return [.announce(.rideLooksForgotten(rideID: p.rideID, pausedS: pausedS))]
        case .movingAgain:
            forgottenWarned = false
            return [.announce(.rideMovingAgain(rideID: p.rideID))]
        case .none:
            return []
        }
    }
}

// Phases compare by their pipelines, so the session's tables can assert whole states.
extension RidePipeline: Equatable {
    public static func == (a: RidePipeline, b: RidePipeline) -> Bool {
        a.rideID == b.rideID && a.state == b.state && a.parameters == b.parameters
    }
}

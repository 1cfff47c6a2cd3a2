/// Turns sensor epochs into fix rows and events (docs/DESIGN.md §5), updating the ride's state and
/// totals: time, accuracy and distance gates, jumps, gaps and segments, auto-pause, smoothing,
/// barometric altitude and climb. Every step writes flags and derived columns; no epoch is
/// dropped (P4).
///
/// Pure and deterministic: the same epochs from the same state give the same rows. It reads only
/// what the store keeps in raw columns (never `Epoch.sentences` or `dateIsCarried`, never the
/// barometer sample's own timestamp), so `rederive` and `check` recompute a ride exactly.
public struct RidePipeline: Sendable {
    public var state: PipelineState
    public let rideID: Int64
    public let parameters: PipelineParameters

    public init(rideID: Int64, state: PipelineState, parameters: PipelineParameters = .init()) {
        self.rideID = rideID; self.state = state; self.parameters = parameters
    }

    /// Processes one epoch: returns its row and any events it caused (a gap, say).
    public mutating func process(_ input: SensorEpoch) -> (FixRecord, [RideEvent]) {
        let p = parameters
        let epoch = input.epoch
        var flags = state.pendingLoggerFlags
        state.pendingLoggerFlags = []
        var events: [RideEvent] = []

        let clock = state.clock.read(epoch, monoNs: input.monoNs, seq: state.nextSeq,
                                     floorUTCms: p.rolloverFloorUTCms, confirmBackwards: p.timeConfirmEpochs)
        flags.formUnion(clock.flags)
        state.totals.elapsedS += clock.elapsedS
        if let backfill = clock.backfill { state.backfill = backfill }
        // Times before and after a step back cannot be compared: the track breaks there.
        if clock.rebased, let last = state.lastUsable {
            breakTrack(.lostFix, at: last.time, events: &events)
            state.rhythm.interrupt()
        }

        let silenceIsGap = state.rhythm.intervalS(to: clock.time).map { $0 > state.rhythm.gapThresholdS(p) } ?? false
        let track = self.track(epoch, at: clock.time, afterSilence: silenceIsGap, flags: &flags, events: &events)
        state.rhythm.observe(clock.time, isGap: silenceIsGap)
        state.autoPause.observe(at: clock.time, hasFix: track != nil,
                                afterSilence: silenceIsGap || !flags.isDisjoint(with: [.afterSilence, .afterRestart]))
        // A replay without a barometer stores no pressure: a constant would read as a flat ride measured.
        let sample = p.altitudeSource == .none ? nil : input.barometer
        let baroAltM = barometer(sample, at: clock.time, track: track, flags: &flags)

        state.totals.count(flags)
        state.totals.distanceM += track?.distanceAddedM ?? 0
        if state.hasBarometer {
            state.totals.ascentM = state.climb.ascentM
            state.totals.descentM = state.climb.descentM
        }
        let record = FixRecord(
            rideID: rideID, seq: state.nextSeq, monoNs: input.monoNs, epoch: epoch,
            pressurePa: sample?.pressurePa, temperatureC: p.temperatureMeasured ? sample?.temperatureC : nil,
            utcMs: clock.time.utcMs, timeSource: clock.source, flags: flags, segment: state.segment,
            smoothedLatDeg: track?.smoothed?.latDeg, smoothedLonDeg: track?.smoothed?.lonDeg, baroAltM: baroAltM,
            distanceAddedM: track?.distanceAddedM ?? 0)
        state.nextSeq += 1
        return (record, events)
    }

    /// Records a gap that did not come from the epochs themselves (a restart, a silent receiver):
    /// the next usable fix starts a new segment, and the next epoch carries the matching flag.
    public mutating func markGap(_ cause: GapCause, monoNs: UInt64?) -> RideEvent {
        applyLoggerGap(cause)
        state.totals.gapCount += 1
        return RideEvent(kind: .gap, monoNs: monoNs, detail: cause.rawValue)
    }

    /// What `markGap` does to the state, without the event and its count: `rederive` replays the
    /// logger's gaps from the flags they left, while their events stay in `events`.
    public mutating func applyLoggerGap(_ cause: GapCause) {
        beginGap(cause)
        state.rhythm.interrupt()
        switch cause {
        case .loggerRestarted:
            state.pendingLoggerFlags.insert(.afterRestart)
            state.clock.restart()
        case .receiverSilent, .receiverSetUpAgain:
            // Nothing was read meanwhile: as after a silence, the time is not known to be still, and
            // a module that lost power counts from its own guess until its next fix.
            state.pendingLoggerFlags.insert(.afterSilence)
            state.clock.receiverWentSilent()
        case .lostFix, .spatialJump, .receiverEstimating, .manualPosition, .simulatedPosition, .fileSegmentBreak,
             .noPointsInFile, .leftOutOfExport:
            break
        }
    }

    /// A gap the pipeline found in the epochs themselves: one event, stamped `at` (where the
    /// track stopped), and the next usable fix starts a new segment.
    mutating func breakTrack(_ cause: GapCause, at time: TimeStamp, events: inout [RideEvent]) {
        guard !state.segmentPending else { return }
        events.append(RideEvent(kind: .gap, monoNs: time.monoNs, utcMs: time.utcMs, detail: cause.rawValue))
        state.totals.gapCount += 1
        beginGap(cause)
    }

    /// Every gap, the logger's own and those found in the epochs: the next usable fix starts a new
    /// segment, and whether the gap's time may count as moving is decided here, by its cause
    /// alone (a silence at 32 km/h once put 3 km into the distance and nothing into moving time).
    private mutating func beginGap(_ cause: GapCause) {
        state.segmentPending = true
        state.gapBeganMoving = cause.mayBeRiddenThrough(loggersOwn: parameters.loggerGapsRiddenThrough) && !state.autoPause.isPaused
        state.jumps.clear()
        state.autoPause.interrupt()
    }
}

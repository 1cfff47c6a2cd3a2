/// The position steps of the pipeline: gates, gaps, segments, auto-pause, distance and smoothing.
extension RidePipeline {
    /// What a usable position did.
    struct TrackOutcome {
        var point: PipelineState.AcceptedPoint
        var smoothed: (latDeg: Double, lonDeg: Double)?
        var distanceAddedM: Double
        var transition: AutoPause.Transition?
    }

    /// Judges the epoch's position; nil when it has none that can be used.
    /// `afterSilence`: no epoch at all came for longer than the receiver's rhythm before this one.
    mutating func track(_ epoch: Epoch, at now: TimeStamp, afterSilence: Bool, flags: inout FixFlags,
                        events: inout [RideEvent]) -> TrackOutcome? {
        let p = parameters
        // The receiver's own estimate is no measurement, position or not; a run of them is a gap
        // that says so (its distance, if any, is bridged like any gap's).
        let unmeasured = epoch.unmeasuredSolution
        let cause = unmeasured.map(GapCause.init) ?? .lostFix
        if unmeasured != nil { flags.insert(.unmeasuredPosition) }
        guard epoch.hasPosition, let lat = epoch.latDeg, let lon = epoch.lonDeg else {
            flags.insert(.noFix)
            noteUnusable(at: now, cause: cause, events: &events)
            return nil
        }
        let accuracy = HorizontalAccuracy(epoch: epoch, receiverErrorM: p.receiverErrorM)
        if let a = accuracy, a.radiusM > p.maxAccuracyM { flags.insert(.lowAccuracy) }
        guard flags.isDisjoint(with: [.lowAccuracy, .repeatedTime, .timeBackwards, .unmeasuredPosition]) else {
            noteUnusable(at: now, cause: cause, events: &events)
            return nil
        }
        let point = PipelineState.AcceptedPoint(latDeg: lat, lonDeg: lon, time: now)
        if !state.segmentPending, let last = state.lastUsable,
           point.time.seconds(since: last.time).map({ $0 > state.rhythm.gapThresholdS(p) }) ?? true {
            // No usable fix for longer than this receiver's rhythm explains (or no clock to tell): as
            // much a loss of fix as a tunnel. A logger's 20 s between points is not. Where no epoch
            // came at all, the ride's own word for a silence (`silenceGapCause`: an imported file's
            // hole, a replayed capture's silent receiver); epochs without a fix are a loss of fix,
            // whoever recorded them (a no-fix run just short of `gapAfterS` ends here).
            breakTrack((afterSilence ? p.silenceGapCause : nil) ?? .lostFix, at: last.time, events: &events)
        }
        if !state.segmentPending, let last = state.lastUsable, JumpWatch.isJump(from: last, to: point, parameters: p) {
            if state.jumps.observe(point, parameters: p) {
                breakTrack(.spatialJump, at: now, events: &events)
            } else {
                flags.insert(.implausibleJump)
                noteUnusable(at: now, cause: cause, events: &events)
                return nil
            }
        } else {
            state.jumps.clear()
        }
        return follow(point, epoch, accuracy, flags: &flags)
    }

    /// An epoch without a usable position: once that has lasted longer than the gap threshold,
    /// the track breaks where it stopped, for the cause of the epoch that broke it. Auto-pause is
    /// not touched: losing the fix is never a pause.
    private mutating func noteUnusable(at now: TimeStamp, cause: GapCause, events: inout [RideEvent]) {
        guard !state.segmentPending, let last = state.lastUsable,
              let since = now.seconds(since: last.time), since > parameters.gapAfterS else { return }
        breakTrack(cause, at: last.time, events: &events)
    }

    /// A usable position: auto-pause, segment start or distance gate, moving time, smoothing.
    private mutating func follow(_ point: PipelineState.AcceptedPoint, _ epoch: Epoch, _ accuracy: HorizontalAccuracy?,
                                 flags: inout FixFlags) -> TrackOutcome {
        let p = parameters
        let previous = state.lastUsable
        let dtS = previous.flatMap { point.time.seconds(since: $0.time) }.flatMap { $0 > 0 ? $0 : nil }
        var implied: Double?
        if let prev = previous, let dt = dtS { implied = Self.distanceM(prev, point) / dt }
        let speed = epoch.speedMps ?? implied
        let transition = speed.flatMap { state.autoPause.update(speedMps: $0, at: point.time, parameters: p) }
        let isPaused = state.autoPause.isPaused
        if isPaused { flags.insert(.paused) }

        let measurement = Self.measurement(point, epoch, accuracy, parameters: p)
        var added = 0.0
        // Speed derived from positions counts for the maximum over a span, never one step (`SpanSpeed`).
        let overSpans = p.maxSpeedOverSpans
        var speedForMax = overSpans ? nil : epoch.speedMps
        let smoothed: (latDeg: Double, lonDeg: Double)
        if state.segmentPending || state.lastAccepted == nil {
            // A loss of fix between two moments of riding: the rider kept moving through it, unless
            // the gap's own straight line is slower than riding (a stop or a walk: a pause).
            if state.segmentPending, state.gapBeganMoving, !isPaused, (speed ?? 0) >= p.pauseBelowMps,
               let dt = dtS, dt <= p.movingGapMaxS, (implied ?? 0) >= p.pauseBelowMps {
                state.totals.movingS += dt
                flags.insert(.movedThroughGap)
            }
            if state.segmentPending, let prev = previous, let dt = dtS { added = bridge(from: prev, to: point, dtS: dt, flags: &flags) }
            beginSegment(at: point, flags: &flags)
            state.smoother = KalmanSmoother(first: measurement)
            smoothed = (point.latDeg, point.lonDeg)
        } else {
            if !isPaused, let dt = dtS { state.totals.movingS += dt }
            if let last = state.lastAccepted {
                let d = Self.distanceM(last, point)
                if d < p.distanceGateM {
                    flags.insert(.underDistanceGate)
                } else {
                    added = d
                    if overSpans {
                        speedForMax = state.spanSpeed.advance(byM: d, at: point.time, spanS: p.maxSpeedSpanS)
                    } else if speedForMax == nil, let dt = point.time.seconds(since: last.time), dt > 0 {
                        speedForMax = d / dt
                    }
                    state.lastAccepted = point
                }
            }
            if state.smoother == nil { state.smoother = KalmanSmoother(first: measurement) }
            smoothed = state.smoother!.update(measurement, accelerationNoise: p.smoothingAccelerationNoise,
                                              velocitySigmaMps: p.smoothingVelocitySigmaMps)
        }
        if let v = SpanSpeed.counted(speedForMax, limitMps: p.maxSpeedMps) { state.totals.maxSpeedMps = max(state.totals.maxSpeedMps, v) }
        state.lastUsable = point
        return TrackOutcome(point: point, smoothed: smoothed, distanceAddedM: added, transition: transition)
    }

    /// Distance across a gap (P5): the great-circle between its two good ends, counted as
    /// bridged when a bicycle could have covered it in the time, riding; otherwise flagged and not
    /// counted. A gap whose straight line implies less than the auto-pause speed was a stop or a
    /// walk (15–25 min for a few hundred metres, where a device had auto-paused): a pause, not riding.
    private mutating func bridge(from prev: PipelineState.AcceptedPoint, to point: PipelineState.AcceptedPoint,
                                 dtS: Double, flags: inout FixFlags) -> Double {
        let d = Self.distanceM(prev, point)
        // Closer than the distance gate: nothing measurably moved (a restart at a standstill).
        guard d >= parameters.distanceGateM else { return 0 }
        guard d <= parameters.maxSpeedMps * dtS + parameters.jumpSlackM else {
            flags.insert(.bridgeImplausible)
            return 0
        }
        guard d >= parameters.pauseBelowMps * dtS else {
            flags.insert(.bridgeTooSlow)
            return 0
        }
        flags.insert(.bridged)
        state.totals.bridgedM += d
        state.totals.bridgedGaps += 1
        return d
    }

    private mutating func beginSegment(at point: PipelineState.AcceptedPoint, flags: inout FixFlags) {
        state.segment = state.totals.segmentCount
        state.totals.segmentCount += 1
        state.segmentPending = false
        state.gapBeganMoving = false
        state.lastAccepted = point
        if parameters.maxSpeedOverSpans { state.spanSpeed.start(at: point.time) }
        // Climb never crosses a gap (P5): the counter starts afresh with the segment.
        state.climb.breakSeries()
        flags.insert(.segmentStart)
    }

    private static func measurement(_ point: PipelineState.AcceptedPoint, _ epoch: Epoch, _ accuracy: HorizontalAccuracy?,
                                    parameters p: PipelineParameters) -> KalmanSmoother.Measurement {
        // Without any accuracy estimate, assume HDOP 1; never trust a position to better than 0.5 m.
        let fallback = p.receiverErrorM / 2.0.squareRoot()
        var velocity: (eastMps: Double, northMps: Double)?
        if let v = epoch.speedMps, v.isFinite {
            if let c = epoch.courseDeg, c.isFinite {
                let r = c * Double.pi / 180
                velocity = (v * sine(r), v * cosine(r))
            } else if v < p.pauseBelowMps {
                // Receivers leave the course empty at rest: a standing rider's velocity is zero.
                velocity = (0, 0)
            }
        }
        return KalmanSmoother.Measurement(
            latDeg: point.latDeg, lonDeg: point.lonDeg, time: point.time,
            sigmaEastM: max(0.5, accuracy?.sigmaEastM ?? fallback), sigmaNorthM: max(0.5, accuracy?.sigmaNorthM ?? fallback),
            velocity: velocity)
    }

    static func distanceM(_ a: PipelineState.AcceptedPoint, _ b: PipelineState.AcceptedPoint) -> Double {
        Haversine.distanceM(lat1: a.latDeg, lon1: a.lonDeg, lat2: b.latDeg, lon2: b.lonDeg)
    }
}

/// Turns sensor epochs into fix rows and events, updating the ride's state and totals.
/// Pure: the same epochs in the same state give the same rows.
public struct RidePipeline: Sendable {
    public var state: PipelineState
    public let rideID: Int64
    public let parameters: PipelineParameters

    public init(rideID: Int64, state: PipelineState, parameters: PipelineParameters = .init()) {
        self.rideID = rideID; self.state = state; self.parameters = parameters
    }

    /// Processes one epoch: returns its row and any events it caused (a gap, say).
    public mutating func process(_ input: SensorEpoch) -> (FixRecord, [RideEvent]) {
        var flags: FixFlags = []
        var events: [RideEvent] = []
        let epoch = input.epoch
        let utcMs = epoch.utcMs
        if input.barometer == nil { flags.insert(.barometerMissing) }
        var added = 0.0

        if !epoch.hasPosition {
            flags.insert(.noFix)
        } else if let lat = epoch.latDeg, let lon = epoch.lonDeg {
            if let last = state.lastAccepted {
                let silenceS = Double(input.monoNs &- last.monoNs) / 1e9
                if silenceS > parameters.gapAfterS || state.segmentPending {
                    if !state.segmentPending {
                        events.append(RideEvent(kind: .gap, monoNs: input.monoNs, utcMs: utcMs, detail: GapCause.lostFix.rawValue))
                        state.totals.gapCount += 1
                    }
                    state.segment += 1
                    state.segmentPending = false
                    flags.insert(.segmentStart)
                    state.lastAccepted = .init(latDeg: lat, lonDeg: lon, monoNs: input.monoNs, utcMs: utcMs)
                } else {
                    let d = Haversine.distanceM(lat1: last.latDeg, lon1: last.lonDeg, lat2: lat, lon2: lon)
                    if d < parameters.distanceGateM {
                        flags.insert(.underDistanceGate)
                    } else {
                        added = d
                        state.lastAccepted = .init(latDeg: lat, lonDeg: lon, monoNs: input.monoNs, utcMs: utcMs)
                    }
                }
            } else {
                flags.insert(.segmentStart)
                state.segmentPending = false
                state.lastAccepted = .init(latDeg: lat, lonDeg: lon, monoNs: input.monoNs, utcMs: utcMs)
            }
        }

        state.totals.fixCount += 1
        if flags.isAccepted { state.totals.acceptedCount += 1 } else { state.totals.flaggedCount += 1 }
        state.totals.distanceM += added
        if let v = epoch.speedMps, flags.isAccepted { state.totals.maxSpeedMps = max(state.totals.maxSpeedMps, v) }

        let record = FixRecord(
            rideID: rideID, seq: state.nextSeq, monoNs: input.monoNs, epoch: epoch,
            pressurePa: input.barometer?.pressurePa, temperatureC: input.barometer?.temperatureC,
            utcMs: utcMs, timeSource: utcMs == nil ? .monotonicOnly : .gnss, flags: flags, segment: state.segment,
            distanceAddedM: added)
        state.nextSeq += 1
        return (record, events)
    }

    /// Records a gap that did not come from the epochs themselves (a restart, a silent receiver).
    public mutating func markGap(_ cause: GapCause, monoNs: UInt64?) -> RideEvent {
        state.segmentPending = true
        state.totals.gapCount += 1
        return RideEvent(kind: .gap, monoNs: monoNs, detail: cause.rawValue)
    }
}

/// Altitude for climb from the barometer (P6): the standard-atmosphere altitude of each pressure
/// sample, with spikes rejected, plus an offset that re-anchors it after stops, so that pressure
/// change while the rider stands still (weather) is neither climb nor a step in the profile.
public struct BarometricAltimeter: Sendable, Equatable, Codable {
    /// Added to the pressure altitude: the sum of the weather re-anchorings so far.
    public internal(set) var offsetM = 0.0
    /// Pressure altitude of the last sample that passed the spike filter, and its time.
    var lastGoodM: Double?
    var lastGoodTime: TimeStamp?
    /// Rejected samples in a row, and the last of them: enough that agree is a new level, not a spike.
    var outliers = 0
    var lastOutlierM: Double?
    /// Set while paused: the altitude shown meanwhile and where the rider stood.
    var hold: Hold?

    struct Hold: Sendable, Equatable, Codable {
        var altitudeM: Double
        var latDeg: Double?
        var lonDeg: Double?
    }

    public init() {}

    public enum Verdict: Sendable, Equatable {
        /// The sample's altitude (offset applied).
        case good(altitudeM: Double)
        /// Rejected: too far from the last good sample for the time between them.
        case spike
        /// Several samples agreed on a new level: accepted, but the climb series must break
        /// there, because the step itself is not known to be climb.
        case step(altitudeM: Double)
    }

    /// Judges one pressure sample. Nil when the pressure gives no altitude (not positive, not finite).
    public mutating func sample(pressurePa: Double, at time: TimeStamp, parameters p: PipelineParameters) -> Verdict? {
        guard let raw = PressureAltitude.altitudeM(pressurePa: pressurePa) else { return nil }
        if let last = lastGoodM {
            let dtS = lastGoodTime.flatMap { time.seconds(since: $0) }.map { max(0, $0) } ?? 0
            let limitM = p.baroSpikeM + p.baroMaxVerticalSpeedMps * dtS
            if abs(raw - last) > limitM {
                let agrees = lastOutlierM.map { abs(raw - $0) <= p.baroSpikeM } ?? false
                outliers = agrees ? outliers + 1 : 1
                lastOutlierM = raw
                guard outliers >= p.baroStepConfirmSamples else { return .spike }
                accept(raw, time)
                return .step(altitudeM: raw + offsetM)
            }
        }
        accept(raw, time)
        return .good(altitudeM: raw + offsetM)
    }

    /// The altitude to show for the current epoch: held while paused.
    public func shown(_ altitudeM: Double) -> Double { hold?.altitudeM ?? altitudeM }

    public var isHolding: Bool { hold != nil }

    /// When the last good sample was taken: the climb's low-pass weighs the next one by the time since.
    public var lastGoodSampleTime: TimeStamp? { lastGoodTime }

    /// The last good sample's altitude with the current offset.
    public var currentAltitudeM: Double? { lastGoodM.map { $0 + offsetM } }

    /// Pause began: hold the last good altitude and remember where the rider stopped.
    public mutating func beginHold(latDeg: Double?, lonDeg: Double?) {
        guard let last = lastGoodM else { return }
        hold = Hold(altitudeM: last + offsetM, latDeg: latDeg, lonDeg: lonDeg)
    }

    /// Ride resumed. If the rider is still within `stillRadiusM` of where they stopped, the change in
    /// pressure altitude meanwhile was weather: the offset absorbs it and the profile continues
    /// level. If they moved away (pushing the bike up a hill below the pause speed), the change is
    /// real and stays. Returns true when it was re-anchored as weather.
    @discardableResult
    public mutating func endHold(latDeg: Double?, lonDeg: Double?, stillRadiusM: Double) -> Bool {
        guard let h = hold else { return false }
        hold = nil
        guard let raw = lastGoodM else { return false }
        if let a = h.latDeg, let b = h.lonDeg, let c = latDeg, let d = lonDeg,
           Haversine.distanceM(lat1: a, lon1: b, lat2: c, lon2: d) > stillRadiusM {
            return false
        }
        offsetM = h.altitudeM - raw
        return true
    }

    private mutating func accept(_ raw: Double, _ time: TimeStamp) {
        lastGoodM = raw
        lastGoodTime = time
        outliers = 0
        lastOutlierM = nil
    }
}

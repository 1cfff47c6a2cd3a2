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

    /// How long a pause must have lasted before the weather is absorbed as it goes (`followHold`):
    /// weather moves the altitude by about a metre in five minutes, a slow push by metres a minute.
    public static let followAfterStoppedS = 300.0
    /// How far from the stop a rider still counts as standing there for `followHold`: a receiver's
    /// scatter at rest, not a walk.
    public static let standingRadiusM = 15.0

    /// A paused epoch with a position. While the rider is within `stillRadiusM` of where they
    /// stopped, the change in pressure altitude since the pause began is weather: the offset absorbs
    /// it at once, not only at a resume there, so a rider who then walks the bike away (still below
    /// the pause speed) keeps what the weather did while they stood. Only the change after they left
    /// the stop stays, which is real (pushing the bike up a hill). True when it was re-anchored.
    @discardableResult
    public mutating func followHold(latDeg: Double?, lonDeg: Double?, stillRadiusM: Double) -> Bool {
        guard let h = hold, let raw = lastGoodM else { return false }
        if let a = h.latDeg, let b = h.lonDeg, let c = latDeg, let d = lonDeg,
           Haversine.distanceM(lat1: a, lon1: b, lat2: c, lon2: d) > stillRadiusM {
            return false
        }
        offsetM = h.altitudeM - raw
        return true
    }

    /// Ride resumed: a last `followHold` at the resume point, then the hold ends. Returns true when
    /// it was re-anchored as weather (the rider resumed within `stillRadiusM` of the stop).
    @discardableResult
    public mutating func endHold(latDeg: Double?, lonDeg: Double?, stillRadiusM: Double) -> Bool {
        defer { hold = nil }
        return followHold(latDeg: latDeg, lonDeg: lonDeg, stillRadiusM: stillRadiusM)
    }

    private mutating func accept(_ raw: Double, _ time: TimeStamp) {
        lastGoodM = raw
        lastGoodTime = time
        outliers = 0
        lastOutlierM = nil
    }
}

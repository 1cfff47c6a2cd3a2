/// One row of `fixes`: the raw epoch exactly as received (immutable once stored) and the
/// columns the pipeline derives from it (recomputable by `rederive`).
public struct FixRecord: Sendable, Equatable {
    // Raw.
    public var rideID: Int64
    public var seq: Int64
    public var monoNs: UInt64
    public var epoch: Epoch
    public var pressurePa: Double?
    public var temperatureC: Double?
    // Derived.
    public var utcMs: Int64?
    public var timeSource: TimeSource
    public var flags: FixFlags
    public var segment: Int
    public var smoothedLatDeg: Double?
    public var smoothedLonDeg: Double?
    public var baroAltM: Double?
    /// Distance added to the ride's total by this fix (0 unless accepted within a segment).
    public var distanceAddedM: Double

    public init(rideID: Int64, seq: Int64, monoNs: UInt64, epoch: Epoch, pressurePa: Double?, temperatureC: Double?,
                utcMs: Int64?, timeSource: TimeSource, flags: FixFlags, segment: Int,
                smoothedLatDeg: Double? = nil, smoothedLonDeg: Double? = nil, baroAltM: Double? = nil,
                distanceAddedM: Double = 0) {
        self.rideID = rideID; self.seq = seq; self.monoNs = monoNs; self.epoch = epoch
        self.pressurePa = pressurePa; self.temperatureC = temperatureC
        self.utcMs = utcMs; self.timeSource = timeSource; self.flags = flags; self.segment = segment
        self.smoothedLatDeg = smoothedLatDeg; self.smoothedLonDeg = smoothedLonDeg; self.baroAltM = baroAltM
        self.distanceAddedM = distanceAddedM
    }
}

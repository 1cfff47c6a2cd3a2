/// Ascent and descent counted peak to trough with hysteresis (docs/DESIGN.md §5): a rise counts only
/// once the altitude has turned by at least `hysteresisM`, so sensor noise and small undulations
/// add nothing, while a real climb counts in full, from its trough to its peak.
///
/// The pipeline feeds it through `add(altitudeM:afterS:hysteresisM:smoothingS:)`: a first-order low-pass
/// first, so a 1 Hz altimeter's jitter is not climb and the hysteresis can stay small enough for
/// real 3–5 m rises (Tests/Data/rides/README.md has the rides that chose both).
///
/// `ascentM`/`descentM` include the leg in progress once it has exceeded the hysteresis, so the
/// totals committed with each batch never go down.
public struct ClimbCounter: Sendable, Equatable, Codable {
    /// Confirmed legs: from a turning point to the next.
    public internal(set) var confirmedAscentM = 0.0
    public internal(set) var confirmedDescentM = 0.0
    /// The last turning point (or the start of the series).
    var turnM: Double?
    /// The highest and lowest altitude since `turnM` while the direction is unknown; in a known
    /// direction, `extremeM` is the peak (climbing) or trough (descending) so far.
    var highM = 0.0
    var lowM = 0.0
    var extremeM = 0.0
    var direction = Direction.unknown
    /// The low-passed altitude, in whole millimetres (short in the state committed with each batch);
    /// nil at the start of a series.
    var smoothedM: Double?

    enum Direction: Int, Codable { case unknown, up, down }

    public init() {}

    public var ascentM: Double { confirmedAscentM + (direction == .up ? extremeM - (turnM ?? extremeM) : 0) }
    public var descentM: Double { confirmedDescentM + (direction == .down ? (turnM ?? extremeM) - extremeM : 0) }

    /// Low-passes the altitude with time constant `smoothingS`, `dtS` after the previous sample
    /// (weight dt / (smoothingS + dt): a logger's 7 s interval passes almost whole while 1 s jitter
    /// is damped), then counts it.
    public mutating func add(altitudeM a: Double, afterS dtS: Double, hysteresisM h: Double, smoothingS: Double) {
        guard a.isFinite else { return }
        let dt = dtS.isFinite ? max(0, dtS) : 0
        let weight = smoothingS > 0 ? dt / (smoothingS + dt) : 1
        let smoothed = ((smoothedM.map { $0 + weight * (a - $0) } ?? a) * 1000).rounded() / 1000
        smoothedM = smoothed
        add(altitudeM: smoothed, hysteresisM: h)
    }

    /// Counts one altitude as it is, with no smoothing.
    public mutating func add(altitudeM a: Double, hysteresisM h: Double) {
        guard a.isFinite else { return }
        guard let turn = turnM else {
            turnM = a; highM = a; lowM = a; extremeM = a
            return
        }
        switch direction {
        case .unknown:
            highM = max(highM, a)
            lowM = min(lowM, a)
            if a - lowM >= h {
                direction = .up; turnM = lowM; extremeM = a
            } else if highM - a >= h {
                direction = .down; turnM = highM; extremeM = a
            }
        case .up:
            if a > extremeM {
                extremeM = a
            } else if extremeM - a >= h {
                confirmedAscentM += extremeM - turn
                turnM = extremeM; extremeM = a; direction = .down
            }
        case .down:
            if a < extremeM {
                extremeM = a
            } else if a - extremeM >= h {
                confirmedDescentM += turn - extremeM
                turnM = extremeM; extremeM = a; direction = .up
            }
        }
    }

    /// Ends the series (a gap, a re-anchored barometer): the leg in progress counts as far as it
    /// got if it passed the hysteresis, and nothing is counted between this and the next altitude.
    public mutating func breakSeries() {
        confirmedAscentM = ascentM
        confirmedDescentM = descentM
        turnM = nil
        direction = .unknown
        smoothedM = nil
    }
}

/// The ride's running totals, committed with every batch (P1) and recomputable from its fixes (P2).
public struct RideTotals: Sendable, Equatable, Codable {
    public var distanceM: Double = 0
    public var movingS: Double = 0
    public var elapsedS: Double = 0
    /// nil when climb is unavailable (no barometer): never guessed from GNSS (P6).
    public var ascentM: Double? = 0
    public var descentM: Double? = 0
    public var maxSpeedMps: Double = 0
    public var fixCount: Int = 0
    public var acceptedCount: Int = 0
    public var flaggedCount: Int = 0
    public var gapCount: Int = 0
    public init() {}
}

/// The receiver's own word that a position was not measured from satellites: GGA quality 6, 7 or
/// 8, or the mode letter E, M or S of RMC, GLL, GNS (of the systems it used, none measuring) or VTG
/// (NMEA 0183 2.3+).
/// gpsd reads the same codes as statuses DR, TIME and SIM and keeps the fix; Roam board keeps the
/// row and its raw text but never counts or draws the position as measured (P4): a bicycle's
/// receiver without wheel ticks dead-reckons a straight line through an outage, and a manual or
/// simulated position measures nothing.
public enum UnmeasuredSolution: Int, Sendable, CaseIterable {
    /// Extrapolated from the last fix (GGA 6, mode E).
    case deadReckoning = 6
    /// Typed in, or a surveyed position held fixed (GGA 7, mode M).
    case manualInput = 7
    /// Made up by a simulator (GGA 8, mode S).
    case simulator = 8

    /// From a GGA quality code; nil for measured (1–5) and invalid (0) ones.
    public init?(quality: Int?) {
        guard let q = quality, let s = UnmeasuredSolution(rawValue: q) else { return nil }
        self = s
    }

    /// From an FAA mode letter; nil for A, D, R, F, P (measured) and N (not valid).
    init?(modeLetter: UInt8?) {
        switch modeLetter {
        case UInt8(ascii: "E"): self = .deadReckoning
        case UInt8(ascii: "M"): self = .manualInput
        case UInt8(ascii: "S"): self = .simulator
        default: return nil
        }
    }
}

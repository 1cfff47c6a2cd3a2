/// The navigation rate a module is rated to, from what it says of itself. Only a limit below the
/// board's own ceiling (`rate_hz` 1…10) matters: the u-blox 6. Its data sheet (NEO-6, GPS.G6-HW-09005,
/// "GPS performance" table) gives a maximum navigation update rate of 5 Hz; the u-blox 7, M8
/// (UBX-13003366, 10 Hz with concurrent GNSS) and M10 data sheets give 10 Hz or more.
public struct ReceiverRateLimit: Sendable, Equatable {
    /// "u-blox 6 (hardware 00040007)", for the report.
    public var module: String
    public var maximumHz: Int
    /// Where the limit comes from, said with it.
    public var source: String

    /// The limit of the u-blox that sent this MON-VER, nil when none below 10 Hz is known.
    /// MON-VER's hardware version names the generation: 00040007 is the u-blox 6.
    public init?(ublox version: UBXVersion) {
        guard version.hardware == "00040007" else { return nil }
        module = "u-blox 6 (hardware \(version.hardware))"
        maximumHz = 5
        source = "NEO-6 data sheet"
    }

    /// The rate to ask for: the board's, or the module's maximum when the board asks for more.
    public func rate(forBoard boardHz: Int) -> Int { min(boardHz, maximumHz) }

    /// Said once when the board's rate is clamped, nil when it is not.
    public func clampNote(boardHz: Int) -> String? {
        guard boardHz > maximumHz else { return nil }
        return "\(module) is rated to \(maximumHz) Hz (\(source)); recording at \(maximumHz) Hz, not the board's \(boardHz) Hz"
    }
}

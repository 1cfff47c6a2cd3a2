/// Where a ride's barometer column came from (`PipelineParameters.altitudeSource`). Climb is
/// counted from it either way; what a page or `show` calls it depends on this.
public enum AltitudeSource: String, Sendable, Equatable, Codable {
    /// The board's own barometer measured the air.
    case barometer
    /// A bench replay of a GPX track: its `<ele>` through the ICAO standard atmosphere, so the climb
    /// is the track's elevation counted by the board's rule, not a pressure anybody measured.
    case trackElevation
    /// A bench replay of an NMEA capture: no barometer at all, so no pressure is stored and no climb.
    case none
}

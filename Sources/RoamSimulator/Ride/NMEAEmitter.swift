import RoamCore

/// Speaks for a multi-GNSS receiver: for each epoch, RMC, GGA, GSA and GST with the
/// `GN` talker, NMEA 4.0 field layout, `*HH` checksums and CRLF endings, in that order (the
/// order u-blox receivers use). Positions are the truth plus `ReceiverErrorModel`'s errors.
///
/// Without a fix the receiver keeps talking, as real ones do in a tunnel: RMC status `V`,
/// GGA quality 0 with empty position fields, GSA fix type 1, GST with empty estimates.
public struct NMEAEmitter: Sendable {
    public static let talker = "GN"
    /// EGM96 geoid height near Freiburg, about 49 m; GGA altitude is above this (MSL).
    public static let geoidSeparationM = 48.9
    // Mixed GPS (1–32) and GLONASS (65–96) IDs; GSA lists up to 12 of them.
    private static let satelliteIDs = [2, 5, 7, 13, 15, 18, 20, 24, 29, 30, 67, 68, 74, 75, 84, 85]
    private static let knotsPerMps = 3600.0 / 1852.0
    private var errors: ReceiverErrorModel

    public init(seed: UInt64) {
        errors = ReceiverErrorModel(seed: seed)
    }

    /// The sentences of the epoch at `truth.second`, each ending in CRLF. Call once per second in
    /// order: the noise carries over from one second to the next. `glitchNorthM` moves this
    /// epoch's reported position north without touching anything else (a multipath glitch).
    public mutating func sentences(for truth: TruthSample, utcMs: Int64, glitchNorthM: Double = 0) -> [String] {
        Self.sentences(for: truth, error: error(for: truth), utcMs: utcMs, glitchNorthM: glitchNorthM)
    }

    /// The receiver's error at the epoch of `truth.second`: once per second, in order.
    mutating func error(for truth: TruthSample) -> ReceiverError { errors.next(truth: truth) }

    /// The sentences of an epoch whose receiver error is already known: a whole second's draw, or
    /// one interpolated between two of them for an epoch in between (`RideSimulation.epochs`).
    static func sentences(for truth: TruthSample, error e: ReceiverError, utcMs: Int64, glitchNorthM: Double = 0) -> [String] {
        let time = NMEAText.time(utcMs: utcMs), date = NMEAText.date(utcMs: utcMs)
        let t = Self.talker
        guard !truth.isInTunnel else {
            return [
                NMEAText.sentence([t + "RMC", time, "V", "", "", "", "", "", "", date, "", "", "N"]),
                NMEAText.sentence([t + "GGA", time, "", "", "", "", "0", "00", "99.99", "", "", "", "", "", ""]),
                NMEAText.sentence([t + "GSA", "A", "1"] + Array(repeating: "", count: 12) + ["99.99", "99.99", "99.99"]),
                NMEAText.sentence([t + "GST", time, "", "", "", "", "", "", ""]),
            ]
        }
        let r = Haversine.earthRadiusM, degPerRad = 180 / Double.pi
        let latDeg = truth.latDeg + (e.northM + glitchNorthM) / r * degPerRad
        let lonDeg = truth.lonDeg + e.eastM / (r * cosine(truth.latDeg / degPerRad)) * degPerRad
        let (lat, ns) = NMEAText.angle(latDeg, degreeDigits: 2, positive: "N", negative: "S")
        let (lon, ew) = NMEAText.angle(lonDeg, degreeDigits: 3, positive: "E", negative: "W")
        // Receivers leave the course empty when standing: a Doppler heading at rest is noise.
        let course = truth.speedMps < 0.5 ? "" : NMEAText.fixed(courseCentidegrees(e.courseDeg), 2)
        let used = Self.satelliteIDs.prefix(min(12, e.satellitesUsed)).map { NMEAText.padded(Int64($0), 2) }
        let sigmaMajor = max(e.sigmaNorthM, e.sigmaEastM) * 1.1, sigmaMinor = min(e.sigmaNorthM, e.sigmaEastM) * 0.95
        return [
            NMEAText.sentence([
                t + "RMC", time, "A", lat, ns, lon, ew,
                NMEAText.fixed(e.speedMps * Self.knotsPerMps, 3), course, date, "", "", "A",
            ]),
            NMEAText.sentence([
                t + "GGA", time, lat, ns, lon, ew, "1", NMEAText.padded(Int64(e.satellitesUsed), 2),
                NMEAText.fixed(e.hdop, 2), NMEAText.fixed(truth.altitudeM + e.altitudeM, 1), "M",
                NMEAText.fixed(Self.geoidSeparationM, 1), "M", "", "",
            ]),
            NMEAText.sentence(
                [t + "GSA", "A", "3"] + used + Array(repeating: "", count: 12 - used.count)
                    + [NMEAText.fixed(e.pdop, 2), NMEAText.fixed(e.hdop, 2), NMEAText.fixed(e.vdop, 2)]),
            NMEAText.sentence([
                t + "GST", time, NMEAText.fixed(e.rangeRmsM, 1), NMEAText.fixed(sigmaMajor, 1),
                NMEAText.fixed(sigmaMinor, 1), e.sigmaNorthM >= e.sigmaEastM ? "0.0" : "90.0",
                NMEAText.fixed(e.sigmaNorthM, 1), NMEAText.fixed(e.sigmaEastM, 1), NMEAText.fixed(e.sigmaAltitudeM, 1),
            ]),
        ]
    }

    /// In [0, 360) after rounding to 0.01°, so 359.996° prints as 0.00, never as 360.00.
    private static func courseCentidegrees(_ deg: Double) -> Double {
        let c = (deg * 100).rounded().truncatingRemainder(dividingBy: 36_000)
        return (c < 0 ? c + 36_000 : c) / 100
    }
}

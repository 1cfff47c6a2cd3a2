import RoamCore
import RoamGPX

/// One epoch of a replayed ride: the sentences the bench receiver sends for it, and what the
/// barometer reads until the next one.
public struct ReplayEpoch: Sendable, Equatable {
    public var utcMs: Int64
    public var nmea: [UInt8]
    public var pressurePa: Double
    public var temperatureC: Double

    public init(utcMs: Int64, nmea: [UInt8], pressurePa: Double, temperatureC: Double) {
        self.utcMs = utcMs; self.nmea = nmea; self.pressurePa = pressurePa; self.temperatureC = temperatureC
    }
}

/// A recorded track turned into what the bench board's devices say: RMC and GGA at each point's
/// own time (so the pipeline sees the recorder's real rhythm, 1 s or a logger's 1–30 s), and the
/// pressure of the point's elevation in the ICAO standard atmosphere, which the fake BMP280 turns
/// into raw registers through the inverse of the datasheet compensation. The real driver and the
/// real climb code then see the ride's altitude profile as a barometer would have measured it.
public enum TrackReplay {
    /// Without any `<ele>` the barometer reads a constant sea-level pressure: climb 0, said so by the caller.
    public static func epochs(_ track: GPXTrack) -> [ReplayEpoch] {
        var elevation = track.points.first(where: { $0.elevationM != nil })?.elevationM ?? 0
        var measured = track.points.first(where: { $0.temperatureC != nil })?.temperatureC
        return track.points.indices.map { i in
            let point = track.points[i]
            // A point without <ele> keeps the last one: the barometer never jumps to sea level mid-ride.
            if let e = point.elevationM { elevation = e }
            if let t = point.temperatureC { measured = t }
            let nmea = sentences(point, elevationM: point.elevationM, motion: motion(track.points, at: i))
            return ReplayEpoch(utcMs: point.utcMs, nmea: Array(nmea.joined().utf8),
                               pressurePa: BarometerTruth.standardPressurePa(altitudeM: elevation),
                               // The device's own air temperature where the file has it; else the standard
                               // atmosphere's, which the fake sensor needs and the ride does not store
                               // (`PipelineParameters.temperatureMeasured`).
                               temperatureC: measured ?? 15 - 0.0065 * elevation)
        }
    }

    /// The track's first and last time, for the `record` summary.
    public static func span(_ track: GPXTrack) -> (firstUTCms: Int64, lastUTCms: Int64) {
        (track.points.first!.utcMs, track.points.last!.utcMs)
    }

    /// The track's own speed and course at point `i` (`GPXTrack.motion`, shared with the import).
    static func motion(_ points: [GPXTrack.Point], at i: Int) -> (speedMps: Double, courseDeg: Double)? {
        GPXTrack.motion(points, at: i)
    }

    static let knotsPerMps = 3600.0 / 1852.0

    /// RMC with the speed and course `motion` derived (course empty below 0.5 m/s, as receivers
    /// leave it when standing) and GGA (quality 1; HDOP unknown, so 1.0), GP talker, CRLF endings.
    static func sentences(_ p: GPXTrack.Point, elevationM: Double?, motion: (speedMps: Double, courseDeg: Double)?) -> [String] {
        let time = NMEAText.time(utcMs: p.utcMs), date = NMEAText.date(utcMs: p.utcMs)
        let (lat, ns) = NMEAText.angle(p.latDeg, degreeDigits: 2, positive: "N", negative: "S")
        let (lon, ew) = NMEAText.angle(p.lonDeg, degreeDigits: 3, positive: "E", negative: "W")
        let altitude = elevationM.map { NMEAText.fixed($0, 1) } ?? ""
        let speed = motion.map { NMEAText.fixed($0.speedMps * knotsPerMps, 3) } ?? ""
        let course = motion.flatMap { $0.speedMps < 0.5 ? nil : NMEAText.fixed(min($0.courseDeg, 359.99), 2) } ?? ""
        return [
            NMEAText.sentence(["GPRMC", time, "A", lat, ns, lon, ew, speed, course, date, "", "", "A"]),
            NMEAText.sentence(["GPGGA", time, lat, ns, lon, ew, "1", "08", "1.0", altitude, altitude.isEmpty ? "" : "M", "0.0", "M", "", ""]),
        ]
    }
}

import RoamCore
import RoamGPX

/// A track's points as the pipeline's input, built from what the file says and nothing more: the
/// point's time, position and elevation; speed and course from the positions and times (a file has
/// none, as a replay derives them); no satellites, no DOP, no NMEA (an imported ride claims no raw
/// receiver text). The elevation the device recorded (a bike computer's own barometric altitude)
/// becomes the pressure of that altitude in the ICAO standard atmosphere, so climb is counted by the
/// same barometric code as a recorded ride's (P6). A point without an elevation has no sample, and one
/// without a temperature none either: nothing is held from another point (P4). Monotonic time is the
/// time since the first point.
enum TrackEpochs {
    static func epochs(_ track: GPXTrack) -> [SensorEpoch] {
        guard let start = track.points.first?.utcMs else { return [] }
        return track.points.indices.map { i in
            let point = track.points[i]
            var epoch = Epoch()
            let day = floorDiv(point.utcMs, 86_400_000)
            epoch.date = CivilDate.civilFromDays(day)
            epoch.timeOfDayMs = Int(point.utcMs - day * 86_400_000)
            epoch.latDeg = point.latDeg
            epoch.lonDeg = point.lonDeg
            epoch.altMSLm = point.elevationM
            epoch.fixMode = point.elevationM == nil ? .fix2D : .fix3D
            epoch.quality = 1
            if let motion = GPXTrack.motion(track.points, at: i) {
                epoch.speedMps = motion.speedMps
                if motion.speedMps >= 0.5 { epoch.courseDeg = motion.courseDeg }
            }
            let monoNs = UInt64(point.utcMs - start) * 1_000_000
            let barometer = point.elevationM.flatMap { PressureAltitude.pressurePa(altitudeM: $0) }.map {
                BarometerSample(pressurePa: $0, temperatureC: point.temperatureC, monoNs: monoNs)
            }
            return SensorEpoch(epoch: epoch, monoNs: monoNs, barometer: barometer)
        }
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

import RoamCore

/// Hand-made epochs for pipeline tests: a rider going east from a point near Freiburg at a
/// chosen speed, one epoch per second from 2026-06-14 07:30:00 UTC.
enum SyntheticRide {
    static let date = UTCDate(year: 2026, month: 6, day: 14)
    static let startTimeOfDayMs = (7 * 3600 + 30 * 60) * 1000
    static let startLatDeg = 47.964
    static let startLonDeg = 7.952
    static var startUTCms: Int64 { CivilDate.daysFromCivil(year: 2026, month: 6, day: 14) * 86_400_000 + Int64(startTimeOfDayMs) }

    /// Metres east of the start, as a longitude.
    static func lonDeg(eastM: Double) -> Double {
        startLonDeg + eastM / (Haversine.earthRadiusM * cosine(startLatDeg * Double.pi / 180)) * 180 / Double.pi
    }

    /// Metres north of the start, as a latitude.
    static func latDeg(northM: Double) -> Double { startLatDeg + northM / Haversine.earthRadiusM * 180 / Double.pi }

    static func epoch(second: Int, eastM: Double, northM: Double = 0, speedMps: Double? = nil, courseDeg: Double? = 90,
                      hdop: Double = 0.9, dated: Bool = true, hasFix: Bool = true) -> Epoch {
        var e = Epoch()
        e.timeOfDayMs = startTimeOfDayMs + second * 1000
        e.date = dated ? date : nil
        e.hdop = hdop
        e.satellitesUsed = 9
        if hasFix {
            e.fixMode = .fix3D
            e.latDeg = latDeg(northM: northM)
            e.lonDeg = lonDeg(eastM: eastM)
            e.speedMps = speedMps
            e.courseDeg = speedMps == nil ? nil : courseDeg
            e.altMSLm = 400
        } else {
            e.fixMode = .noFix
        }
        return e
    }

    /// One sensor epoch per second; the monotonic clock runs at real time from 100 s.
    static func input(_ e: Epoch, second: Int, pressurePa: Double? = 96_500) -> SensorEpoch {
        let mono = UInt64(100 + second) * 1_000_000_000
        return SensorEpoch(epoch: e, monoNs: mono,
                           barometer: pressurePa.map { BarometerSample(pressurePa: $0, temperatureC: 20, monoNs: mono) })
    }

    /// Rides east at `speedMps` for `seconds`, from second `from` at `startM`; returns the rows.
    static func ride(_ pipeline: inout RidePipeline, from: Int = 0, seconds: Int, speedMps: Double, startM: Double = 0,
                     pressurePa: Double? = 96_500) -> (records: [FixRecord], events: [RideEvent]) {
        var records: [FixRecord] = [], events: [RideEvent] = []
        for k in 0..<seconds {
            let s = from + k
            let e = epoch(second: s, eastM: startM + Double(k) * speedMps, speedMps: speedMps)
            let (r, ev) = pipeline.process(input(e, second: s, pressurePa: pressurePa))
            records.append(r); events += ev
        }
        return (records, events)
    }
}

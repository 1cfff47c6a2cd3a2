import RoamCore
@testable import RoamExport

/// Small hand-made rides for the writer tests: positions, flags and segments chosen per test.
enum ExportTestFixes {
    static let dayStartUTCms = CivilDate.daysFromCivil(year: 2026, month: 6, day: 14) * 86_400_000

    /// `ms`: the fix's time after 10:00:00 UTC (default a fix a second).
    static func fix(seq: Int64, ms: Int? = nil, segment: Int = 0, lat: Double? = 45.1, lon: Double? = 5.7, flags: FixFlags = [],
                    added: Double = 0, alt: Double? = 540.125, speed: Double? = 5.25) -> FixRecord {
        var e = Epoch()
        e.timeOfDayMs = 36_000_000 + (ms ?? Int(seq) * 1000)
        e.date = UTCDate(year: 2026, month: 6, day: 14)
        if let lat, let lon { e.latDeg = lat; e.lonDeg = lon; e.fixMode = .fix3D } else { e.fixMode = .noFix }
        e.speedMps = speed
        e.sentences = ["$GPRMC,a,b*00", "$GPGGA,\"c\",d*00"]
        return FixRecord(rideID: 1, seq: seq, monoNs: UInt64(seq) * 1_000_000_000, epoch: e, pressurePa: 95_000.5,
                         temperatureC: 20.4, utcMs: e.utcMs, timeSource: .gnss, flags: flags, segment: segment,
                         baroAltM: alt, distanceAddedM: added)
    }

    static func ride(distanceM: Double = 0, ascentM: Double? = 12, movingS: Double = 60) -> RideSummary {
        var t = RideTotals()
        t.distanceM = distanceM; t.ascentM = ascentM; t.descentM = ascentM.map { $0 / 2 }; t.movingS = movingS
        t.elapsedS = movingS + 30; t.maxSpeedMps = 8.5
        return RideSummary(id: 7, startedUTCms: dayStartUTCms + 36_000_000, endedUTCms: nil, totals: t,
                           parametersJSON: "{\"gapAfterS\":5}")
    }
}

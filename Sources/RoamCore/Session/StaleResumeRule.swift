/// Whether a ride resumed after a restart really continues, decided by GNSS time at the first
/// fix after the restart (the board's clock decided at start-up and may have been wrong: a Pi
/// without an RTC, with fake-hwclock, wakes up next morning believing it is still yesterday evening).
public struct StaleResumeRule: Sendable, Equatable {
    public enum Decision: Sendable, Equatable {
        case resume
        case close(reason: String)
    }

    /// Default 6 hours: longer than any lunch stop, shorter than a night.
    public var closeAfterS: Double

    public init(closeAfterS: Double = 6 * 3600) { self.closeAfterS = closeAfterS }

    /// `lastUTCms` is the ride's last fix time, `firstUTCms` the first GNSS time after the restart.
    public func decide(lastUTCms: Int64, firstUTCms: Int64) -> Decision {
        let ageS = Double(firstUTCms - lastUTCms) / 1000
        guard ageS > closeAfterS else { return .resume }
        let hours = (ageS / 360).rounded() / 10
        let age = "its last fix was \(hours) h before the first fix after the restart by GNSS time"
        return .close(reason: "closed after restart: \(age) (the limit is \(closeAfterS / 3600) h)")
    }

    /// The first GNSS time these epochs give the ride, found on a copy of its pipeline (the
    /// ride's own state is untouched); nil when none of them has GNSS time yet.
    static func firstUTCms(of items: [RideSessionItem], after pipeline: RidePipeline) -> Int64? {
        var probe = pipeline
        for case .epoch(let e) in items {
            if let utc = probe.process(e).0.utcMs { return utc }
        }
        return nil
    }
}

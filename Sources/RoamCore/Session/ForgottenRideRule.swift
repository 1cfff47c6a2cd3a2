/// A ride auto-paused or without a fix for hours was forgotten (a bike left in the shed, where
/// there is usually no fix): from `warnAfterS` on the LED says so, so a rider who walks past sees
/// it; at `endAfterS` the ride ends itself with a stop event saying why, so it does not record all
/// night. The time is `AutoPause.stillForS`: the epochs' own clock, silences left out.
public struct ForgottenRideRule: Sendable, Equatable {
    public var endAfterS: Double
    public var warnAfterS: Double

    public init(endAfterS: Double = 4 * 3600, warnAfterS: Double = 3600) {
        self.endAfterS = endAfterS; self.warnAfterS = warnAfterS
    }

    public enum Verdict: Sendable, Equatable {
        case end(pausedS: Double)
        case warn(pausedS: Double)
        case movingAgain
        case none
    }

    /// `pausedS` is how long the ride has been auto-paused or without a fix (nil: riding with a
    /// fix); `warned` whether the warning is showing.
    public func verdict(pausedS: Double?, warned: Bool) -> Verdict {
        if let pausedS, pausedS >= endAfterS { return .end(pausedS: pausedS) }
        if !warned, let pausedS, pausedS >= warnAfterS { return .warn(pausedS: pausedS) }
        if warned, pausedS == nil { return .movingAgain }
        return .none
    }
}

import RoamCore

/// A step of the bench's script that did not happen within the rig's patience: the replay stops
/// there, in words, instead of going on as if it had (a press not handled, epochs not taken), which
/// left a short or empty ride and exit 0. `record` exits 75 (EX_TEMPFAIL) with it: run it again.
public struct BenchStepTimedOut: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Step: Sendable, Equatable {
        /// The recorder's first set-up of the simulated receiver.
        case receiverSetup
        /// A scripted press, `start` or `stop`, not yet acted on by the button thread.
        case press(String)
        /// The feed's epochs the recorder took (handed over), of those the script wrote.
        case handOver(taken: Int, written: Int)
    }

    public var step: Step
    public var afterS: Double

    public init(_ step: Step, afterS: Double) { self.step = step; self.afterS = afterS }

    public var description: String {
        let seconds = FixedPoint.format(afterS, digits: afterS < 10 && afterS != afterS.rounded() ? 1 : 0)
        let what: String
        switch step {
        case .receiverSetup:
            what = "the bench receiver's set-up had not ended after \(seconds) s, so the script did not start"
        case .press(let which):
            what = "the bench recorder had not handled the \(which) press after \(seconds) s"
        case .handOver(let taken, let written):
            what = "the bench recorder had taken \(taken) of the \(written) epochs the script wrote, and no more for \(seconds) s"
        }
        return what + "; the machine may be overloaded: run it again"
    }
}

/// How long the bench waits for each step before giving up (`BenchStepTimedOut`). Give-ups, not
/// timings: each is minutes above what a loaded 2-core machine takes, where a starved thread can
/// be seconds late. A test that wants to see one sets them short.
public struct BenchPatience: Sendable, Equatable {
    /// For the receiver's first set-up to end, however it ends (configured, refused, nothing found).
    public var receiverSetupS: Double = 180
    /// For the button thread to act on a scripted press.
    public var pressS: Double = 180
    /// For the recorder to take one more of the feed's epochs while some are still to be taken.
    public var handOverS: Double = 180

    public init(receiverSetupS: Double = 180, pressS: Double = 180, handOverS: Double = 180) {
        self.receiverSetupS = receiverSetupS; self.pressS = pressS; self.handOverS = handOverS
    }
}

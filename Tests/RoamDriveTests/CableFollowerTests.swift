import Testing
import RoamDrive

/// The cable as the keeper reads it: every departure from "configured" is a new plug, also one so
/// short that only the kernel's notification saw it.
@Suite struct CableFollowerTests {
    typealias V = CableFollower.Verdict

    func run(_ steps: [(String?, Bool)]) -> [V] {
        var follower = CableFollower()
        return steps.map { follower.observe(state: $0.0, notified: $0.1) }
    }

    @Test func aPlugIsNewOnceThenHeld() {
        #expect(run([("not attached", false), ("configured", true), ("configured", false), ("configured", false)])
                == [.free, .newPlug, .held, .held])
    }

    @Test func configuredAtStartIsANewPlug() {
        #expect(run([("configured", false), ("configured", false)]) == [.newPlug, .held])
    }

    @Test func anyOtherStateFreesTheDrive() {
        for state in ["not attached", "default", "addressed", "suspended", "powered", "attached"] {
            #expect(run([("configured", false), (state, true), ("configured", true)]) == [.newPlug, .free, .newPlug], "\(state)")
        }
    }

    @Test func aControllerThatWentAwayFreesTheDrive() {
        #expect(run([("configured", false), (nil, false), ("configured", false)]) == [.newPlug, .free, .newPlug])
    }

    /// A reset on replug that was over before the state was read: the kernel's notification is its
    /// only trace, and it still counts (dwc2 may never show "not attached" on a board with its own power).
    @Test func aDepartureSeenOnlyAsANotificationIsANewPlug() {
        #expect(run([("configured", false), ("configured", false), ("configured", true), ("configured", false)])
                == [.newPlug, .held, .newPlug, .held])
    }
}

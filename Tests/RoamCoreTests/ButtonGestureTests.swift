import Testing
@testable import RoamCore

/// The button reducer on explicit timestamps (ms below, ns inside): debouncing from kernel edge
/// times, press versus long press, a button held at start-up, edges the kernel dropped.
@Suite struct ButtonGestureTests {
    static let ms: UInt64 = 1_000_000

    /// Feeds (time ms, pressed) edges, then settles at `settleAtMs` as a caller would at the deadline.
    func run(_ edges: [(UInt64, Bool)], settleAtMs: UInt64? = nil, initiallyPressed: Bool = false) -> [ButtonGesture.Gesture] {
        var g = ButtonGesture(initiallyPressed: initiallyPressed)
        var out: [ButtonGesture.Gesture] = []
        for (t, pressed) in edges { out += g.edge(pressed: pressed, atNs: t * Self.ms) }
        if let settle = settleAtMs { out += g.settle(atNs: settle * Self.ms, observedPressed: nil) }
        return out
    }

    /// Contact bounce: `n` alternating edges over `spanMs`, ending at `pressed`.
    func bounce(at t: UInt64, to pressed: Bool, spanMs: UInt64, edges n: Int = 9) -> [(UInt64, Bool)] {
        (0..<n).map { (k: Int) -> (UInt64, Bool) in (t + UInt64(k) * spanMs / UInt64(n - 1), (k % 2 == 0) == pressed) }
    }

    @Test func aCleanPressIsOnePressDatedAtTheContact() {
        #expect(run([(1000, true), (1150, false)], settleAtMs: 1200) == [.press(atNs: 1000 * Self.ms)])
    }

    @Test func twentyMillisecondsOfBounceOnBothEdgesIsStillOnePress() {
        let edges = bounce(at: 1000, to: true, spanMs: 20) + bounce(at: 1200, to: false, spanMs: 20)
        #expect(edges.count == 18)
        #expect(run(edges, settleAtMs: 1260) == [.press(atNs: 1000 * Self.ms)])
    }

    @Test func thePressIsRecognisedOnlyOnceTheReleaseHasSettled() {
        let edges = bounce(at: 1000, to: true, spanMs: 20) + bounce(at: 1200, to: false, spanMs: 20)
        // The last release edge is at 1220 ms: stable from 1250 ms on, not before.
        #expect(run(edges, settleAtMs: 1249).isEmpty)
        #expect(run(edges, settleAtMs: 1250) == [.press(atNs: 1000 * Self.ms)])
    }

    @Test func aSpikeShorterThanTheDebounceTimeIsNothing() {
        #expect(run([(1000, true), (1010, false)], settleAtMs: 5000).isEmpty)
        // Nor is a burst of bounces (vibration on a rough road) that ends where it started.
        #expect(run([(1000, true), (1003, false), (1007, true), (1012, false)], settleAtMs: 5000).isEmpty)
    }

    @Test func holdingTwoSecondsIsALongPressWhileStillHeldAndTheReleaseAddsNothing() {
        var g = ButtonGesture(initiallyPressed: false)
        #expect(g.edge(pressed: true, atNs: 1000 * Self.ms).isEmpty)
        #expect(g.settle(atNs: 1030 * Self.ms, observedPressed: true).isEmpty)
        #expect(g.isPressed)
        #expect(g.deadlineNs == 3000 * Self.ms)
        #expect(g.settle(atNs: 2999 * Self.ms, observedPressed: nil).isEmpty)
        #expect(g.settle(atNs: 3000 * Self.ms, observedPressed: nil) == [.longPress(atNs: 1000 * Self.ms)])
        #expect(g.deadlineNs == nil)
        #expect(g.edge(pressed: false, atNs: 4500 * Self.ms).isEmpty)
        #expect(g.settle(atNs: 4600 * Self.ms, observedPressed: false).isEmpty)
        #expect(!g.isPressed)
    }

    @Test func aLongPressNoticedOnlyAtTheReleaseEdgeIsStillLong() {
        // Nobody settled at the 2 s mark (a busy thread): the release edge's own time shows it.
        #expect(run([(1000, true), (3500, false)], settleAtMs: 3600) == [.longPress(atNs: 1000 * Self.ms)])
    }

    @Test func justUnderTheLongPressTimeIsAPress() {
        #expect(run([(1000, true), (2999, false)], settleAtMs: 3100) == [.press(atNs: 1000 * Self.ms)])
    }

    @Test func aButtonHeldAtStartUpGivesNothingUntilReleasedThenWorks() {
        let out = run([(500, false), (1000, true), (1100, false)], settleAtMs: 5000, initiallyPressed: true)
        #expect(out == [.press(atNs: 1000 * Self.ms)])
        // Held for ten seconds from start-up: no long press either.
        #expect(run([(10_000, false)], settleAtMs: 10_100, initiallyPressed: true).isEmpty)
    }

    @Test func twoQuickPressesAreTwoPresses() {
        let out = run([(1000, true), (1100, false), (1300, true), (1400, false)], settleAtMs: 1500)
        #expect(out == [.press(atNs: 1000 * Self.ms), .press(atNs: 1300 * Self.ms)])
    }

    @Test func aDroppedEdgeIsRepairedByTheLevelReadAtTheDeadline() {
        // The kernel lost the release edge of a bounce burst: the edges end at "pressed", but the
        // line reads released at the deadline, so the burst restarts from what the line says.
        var g = ButtonGesture(initiallyPressed: false)
        _ = g.edge(pressed: true, atNs: 1000 * Self.ms)
        _ = g.settle(atNs: 1030 * Self.ms, observedPressed: true)
        _ = g.edge(pressed: false, atNs: 1200 * Self.ms)
        _ = g.edge(pressed: true, atNs: 1202 * Self.ms)  // bounce; the final release edge was dropped
        #expect(g.settle(atNs: 1232 * Self.ms, observedPressed: false).isEmpty)
        #expect(g.deadlineNs == 1262 * Self.ms)
        #expect(g.settle(atNs: 1262 * Self.ms, observedPressed: false) == [.press(atNs: 1000 * Self.ms)])
    }

    @Test func aRepeatedEdgeOfTheHeldLevelChangesNothing() {
        #expect(run([(1000, false), (1000, false)], settleAtMs: 2000).isEmpty)
    }

    @Test func deadlinesFollowTheLastEdgeOfABurst() {
        var g = ButtonGesture(initiallyPressed: false)
        #expect(g.deadlineNs == nil)
        _ = g.edge(pressed: true, atNs: 1000 * Self.ms)
        #expect(g.deadlineNs == 1030 * Self.ms)
        _ = g.edge(pressed: false, atNs: 1005 * Self.ms)
        _ = g.edge(pressed: true, atNs: 1012 * Self.ms)
        #expect(g.deadlineNs == 1042 * Self.ms)
    }
}

import RoamPorts
import RoamCore

/// The ride button on a `DigitalInput`: kernel-timestamped edges in, RoamCore's `ButtonGesture`
/// out. The same driver runs on a gpiochip line and, on the bench and in tests, on `FakeButton`.
///
/// `next(maxWaitMs:)` blocks in the kernel (poll) until an edge or the gesture's next deadline,
/// so a button nobody touches costs one wake-up per `maxWaitMs`, and none with no limit (-1).
public final class Button {
    public let input: any DigitalInput
    /// Pressed pulls the line low (a button to ground with a pull-up: the usual wiring).
    public let activeLow: Bool
    private var gesture: ButtonGesture
    private let now: () -> UInt64

    /// Reads the line once so a button held at start-up (or stuck) is not taken for a press.
    /// `now` must be the clock the input's edge timestamps use (CLOCK_MONOTONIC for gpiochips).
    public init(input: any DigitalInput, activeLow: Bool, timing: ButtonGesture.Timing = .init(),
                now: @escaping () -> UInt64) throws(DeviceError) {
        self.input = input; self.activeLow = activeLow; self.now = now
        let level = try input.readLevel()
        gesture = ButtonGesture(initiallyPressed: level != activeLow, timing: timing)
    }

    public var isPressed: Bool { gesture.isPressed }

    /// How long `next(maxWaitMs:)` waits: until a pending debounce or long-press deadline, at most
    /// `maxWaitMs` (-1: no limit). A thread that polls the input itself waits this long.
    public func waitMs(maxWaitMs: Int32) -> Int32 {
        guard let deadline = gesture.deadlineNs else { return maxWaitMs }
        let t = now()
        // Past the deadline, still look (without waiting) for an edge the kernel queued before it.
        // Round up otherwise: waking a little after the deadline settles it; waking before would spin.
        guard deadline > t else { return 0 }
        let untilDeadline = Int32(clamping: (deadline - t + 999_999) / 1_000_000)
        return maxWaitMs < 0 ? untilDeadline : min(maxWaitMs, untilDeadline)
    }

    /// Waits for the next edge, at most `maxWaitMs` (-1: no limit) or until a pending debounce or
    /// long-press deadline, and returns the gestures that completed (often none).
    public func next(maxWaitMs: Int32) throws(DeviceError) -> [ButtonGesture.Gesture] {
        if let edge = try input.waitForEdge(timeoutMs: waitMs(maxWaitMs: maxWaitMs)) {
            return gesture.edge(pressed: edge.isRising != activeLow, atNs: edge.timestampNs)
        }
        let t = now()
        if let deadline = gesture.deadlineNs, deadline <= t { return try settle(at: t) }
        return []
    }

    /// Reads the level to confirm what the edges said: events the kernel dropped (its queue holds
    /// 16) would otherwise leave the gesture believing a level the line no longer has.
    private func settle(at t: UInt64) throws(DeviceError) -> [ButtonGesture.Gesture] {
        let level = try input.readLevel()
        return gesture.settle(atNs: t, observedPressed: level != activeLow)
    }
}

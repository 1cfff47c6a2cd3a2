import RoamCore

/// The ride button on a `DigitalInput`: kernel-timestamped edges in, RoamCore's `ButtonGesture`
/// out. The same driver runs on a gpiochip line and, on the bench and in tests, on `FakeButton`.
///
/// `next(maxWaitMs:)` blocks in the kernel (poll) until an edge or the gesture's next deadline,
/// so a button nobody touches costs one wake-up per `maxWaitMs`, nothing more.
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

    /// Waits for the next edge, at most `maxWaitMs` or until a pending debounce or long-press
    /// deadline, and returns the gestures that completed (often none).
    public func next(maxWaitMs: Int32) throws(DeviceError) -> [ButtonGesture.Gesture] {
        var waitMs = maxWaitMs
        if let deadline = gesture.deadlineNs {
            let t = now()
            // Past the deadline, still look (without waiting) for an edge the kernel queued before it.
            // Round up otherwise: waking a little after the deadline settles it; waking before would spin.
            waitMs = deadline <= t ? 0 : Int32(min(UInt64(maxWaitMs), (deadline - t + 999_999) / 1_000_000))
        }
        if let edge = try input.waitForEdge(timeoutMs: waitMs) {
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

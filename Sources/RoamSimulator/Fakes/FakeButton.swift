import RoamPorts
import RoamSystem
import Synchronization

/// A push button as the driver sees it: scripted edges with explicit kernel-style timestamps,
/// served through `DigitalInput` exactly as a gpiochip line serves them, so the real `Button`
/// driver and `ButtonGesture` run in the tests and on the bench.
///
/// Two clocks:
/// - `.simulated`: time is virtual and moves only when the driver waits (to the next edge, or by
///   the whole timeout), so a test of debouncing and long presses runs instantly and identically.
/// - `.live`: CLOCK_MONOTONIC; an edge is delivered when its time has come, and waits really wait.
///   The bench rig's button thread uses this one.
/// `@unchecked Sendable`: the script and the clock live in `state` (a `Mutex`); `wakeUp` is a
/// `MonotonicCondition`, itself thread-safe; everything else is immutable.
public final class FakeButton: WakeableInput, @unchecked Sendable {
    public enum Clock: Sendable { case simulated(startNs: UInt64), live }

    private struct Scripted { var edge: DigitalEdge; var delivered: Bool }
    private struct State {
        var edges: [Scripted] = []
        var next = 0
        var virtualNs: UInt64
        var failure: Errno?
        var waits = 0
        /// `wakeWaiter` was called: the current or next live wait ends.
        var woken = false
    }

    public let device: String
    /// The level with nothing pressed: high for a button to ground with a pull-up (active low).
    public let idleLevel: Bool
    private let isLive: Bool
    private let state: Mutex<State>
    private let wakeUp = MonotonicCondition()

    public init(device: String = "fake:gpiochip0 line 17", idleLevel: Bool = true, clock: Clock = .live) {
        self.device = device; self.idleLevel = idleLevel
        switch clock {
        case .simulated(let start): isLive = false; state = Mutex(State(virtualNs: start))
        case .live: isLive = true; state = Mutex(State(virtualNs: 0))
        }
    }

    /// The fake's clock: what `Button` must use as `now` (the timestamps' clock).
    public func nowNs() -> UInt64 { isLive ? MonotonicClock.nowNs() : state.withLock { $0.virtualNs } }

    /// Waits the driver has made so far (a test's measure that nothing spins).
    public var waitCount: Int { state.withLock { $0.waits } }

    /// Appends edges (in time order, after those already scripted). A `lost` edge changes the level
    /// but is never delivered, as when the kernel's event queue overflowed.
    public func script(_ edges: [DigitalEdge], lost: Set<Int> = []) {
        state.withLock { s in
            for (i, e) in edges.enumerated() { s.edges.append(Scripted(edge: e, delivered: !lost.contains(i))) }
        }
        wakeUp.lock(); wakeUp.broadcast(); wakeUp.unlock()
    }

    /// A press at `atNs` held for `holdMs`: contact bounce of `bounceMs` on closing and opening
    /// (9 edges 2.5 ms apart for 20 ms, ending at the new level), as cheap tactile switches do.
    public func press(atNs: UInt64, holdMs: UInt64, bounceMs: UInt64 = 0) {
        let pressedLevel = !idleLevel
        let release = atNs + holdMs * 1_000_000
        script(Self.bounce(at: atNs, to: pressedLevel, forMs: bounceMs) + Self.bounce(at: release, to: idleLevel, forMs: bounceMs))
    }

    /// A press starting now on the live clock (the bench's scripted rider).
    public func pressNow(holdMs: UInt64 = 120, bounceMs: UInt64 = 5) {
        press(atNs: nowNs(), holdMs: holdMs, bounceMs: bounceMs)
    }

    /// Edges from the opposite level to `level`, starting at `at`, settling after `forMs`.
    public static func bounce(at: UInt64, to level: Bool, forMs: UInt64) -> [DigitalEdge] {
        guard forMs > 0 else { return [DigitalEdge(timestampNs: at, isRising: level)] }
        let count = 9
        let step = forMs * 1_000_000 / UInt64(count - 1)
        return (0..<count).map { k in DigitalEdge(timestampNs: at + UInt64(k) * step, isRising: (k % 2 == 0) == level) }
    }

    /// Ends the current live wait, or the next one, as a timeout would (the button thread's stop).
    public func wakeWaiter() {
        state.withLock { $0.woken = true }
        wakeUp.withLock { wakeUp.broadcast() }
    }

    /// The next wait fails with `errno` (a chip that went away: ENODEV).
    public func failNextWait(_ errno: Errno) { state.withLock { $0.failure = errno } }

    // MARK: DigitalInput

    public func waitForEdge(timeoutMs: Int32) throws(DeviceError) -> DigitalEdge? {
        let failure: Errno? = state.withLock { s in
            s.waits += 1
            defer { s.failure = nil }
            return s.failure
        }
        if let failure { throw DeviceError(.gpio, .read, device: device, detail: "edge event", errno: failure) }
        return isLive ? waitLive(timeoutMs) : waitSimulated(timeoutMs)
    }

    public func readLevel() throws(DeviceError) -> Bool {
        let now = nowNs()
        return state.withLock { s in s.edges.last { $0.edge.timestampNs <= now }?.edge.isRising ?? idleLevel }
    }

    private func waitSimulated(_ timeoutMs: Int32) -> DigitalEdge? {
        state.withLock { s in
            // No limit (-1) moves virtual time to the next edge only: with none, nothing happens.
            let deadline = timeoutMs < 0 ? UInt64.max : s.virtualNs + UInt64(timeoutMs) * 1_000_000
            while s.next < s.edges.count, !s.edges[s.next].delivered { s.next += 1 }
            guard s.next < s.edges.count, s.edges[s.next].edge.timestampNs <= deadline else {
                if timeoutMs < 0 { return nil }
                s.virtualNs = deadline
                return nil
            }
            let edge = s.edges[s.next].edge
            s.next += 1
            s.virtualNs = max(s.virtualNs, edge.timestampNs)
            return edge
        }
    }

    private func waitLive(_ timeoutMs: Int32) -> DigitalEdge? {
        let deadline = timeoutMs < 0 ? UInt64.max : MonotonicClock.nowNs() + UInt64(timeoutMs) * 1_000_000
        wakeUp.lock(); defer { wakeUp.unlock() }
        while true {
            let now = MonotonicClock.nowNs()
            let (edge, dueNs, woken): (DigitalEdge?, UInt64?, Bool) = state.withLock { s in
                if s.woken { s.woken = false; return (nil, nil, true) }
                while s.next < s.edges.count, !s.edges[s.next].delivered, s.edges[s.next].edge.timestampNs <= now { s.next += 1 }
                guard s.next < s.edges.count else { return (nil, nil, false) }
                let e = s.edges[s.next].edge
                guard e.timestampNs <= now else { return (nil, e.timestampNs, false) }
                s.next += 1
                return (e, nil, false)
            }
            if let edge { return edge }
            if woken { return nil }
            // Past the timeout only once no edge is due: a thread woken late (a loaded machine) takes
            // the edges that came meanwhile first, as a gpiochip's queue hands them over. Giving up
            // first lost a whole press: the level read after it said released, and no gesture came.
            if now >= deadline { return nil }
            // Until the next edge is due or the timeout, whichever is first; a new script wakes us.
            let until = dueNs.map { min(deadline, $0) } ?? deadline
            if until == UInt64.max { wakeUp.wait(); continue }
            _ = wakeUp.wait(untilNs: until)
        }
    }
}

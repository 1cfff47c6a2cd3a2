/// The ride button's gestures, recognised from timestamped edges: a reducer with no clock.
///
/// Debouncing: a new level counts once the line has stayed at it for `debounceNs` after its last
/// edge, and the change is dated at the first edge of the burst (the moment the contact closed).
/// A contact that bounces for 20 ms is one change; a spike shorter than `debounceNs` that returns
/// to the old level is none. Timestamps are the kernel's, so a reader that wakes late changes nothing.
///
/// Gestures (documented for the rider in the README):
/// - **press** — pressed and released within `longPressNs`: starts a ride when idle, stops it when
///   recording. Emitted on release, dated at the press.
/// - **long press** — held for `longPressNs` (2 s): "new ride": ends the current ride, if any, and
///   starts the next at once. Emitted while still held; the release that follows emits nothing.
///
/// A button already held when the recorder starts (or stuck) gives nothing until it is released.
public struct ButtonGesture: Sendable, Equatable {
    public struct Timing: Sendable, Equatable {
        /// Longer than any tactile switch's bounce (a few ms, cheap ones up to about 20 ms), far
        /// shorter than any deliberate press (about 100 ms).
        public var debounceNs: UInt64 = 30_000_000
        public var longPressNs: UInt64 = 2_000_000_000
        public init() {}
        public init(debounceNs: UInt64, longPressNs: UInt64) { self.debounceNs = debounceNs; self.longPressNs = longPressNs }
    }

    public enum Gesture: Sendable, Equatable {
        case press(atNs: UInt64)
        case longPress(atNs: UInt64)
    }

    public let timing: Timing
    /// The debounced state.
    public private(set) var isPressed: Bool
    /// The level the last edge left the line at, and when.
    private var rawPressed: Bool
    private var lastEdgeNs: UInt64 = 0
    /// First edge away from `isPressed` in the current burst.
    private var burstStartNs: UInt64?
    private var pressStartNs: UInt64?
    private var longPressFired = false
    /// False while a press that began before we were watching is still held.
    private var armed: Bool

    public init(initiallyPressed: Bool, timing: Timing = Timing()) {
        self.timing = timing
        isPressed = initiallyPressed
        rawPressed = initiallyPressed
        armed = !initiallyPressed
    }

    /// When something will happen without another edge: a burst settles, or a held press becomes long.
    /// The caller waits for the next edge at most until then, then calls `settle(atNs:observedPressed:)`.
    public var deadlineNs: UInt64? {
        if burstStartNs != nil { return lastEdgeNs + timing.debounceNs }
        if isPressed, armed, !longPressFired, let start = pressStartNs { return start + timing.longPressNs }
        return nil
    }

    /// An edge left the line pressed (`pressed`) or released at `atNs`. Edges must come in time order.
    public mutating func edge(pressed: Bool, atNs: UInt64) -> [Gesture] {
        let out = settle(atNs: atNs, observedPressed: nil)
        if burstStartNs == nil {
            // The same level again (an edge the kernel dropped in between) changes nothing.
            guard pressed != isPressed else { return out }
            burstStartNs = atNs
        }
        rawPressed = pressed
        lastEdgeNs = atNs
        return out
    }

    /// Time has reached `atNs` with no edge since the last one. `observedPressed` is the line's level
    /// read now, when the caller can read it: if it disagrees with the last edge, edges were lost
    /// (the kernel's event queue overflowed) and the observed level starts a new debounce window.
    public mutating func settle(atNs: UInt64, observedPressed: Bool?) -> [Gesture] {
        var out: [Gesture] = []
        if let start = burstStartNs, atNs >= lastEdgeNs + timing.debounceNs {
            if let observed = observedPressed, observed != rawPressed {
                rawPressed = observed
                lastEdgeNs = atNs
                if observed == isPressed { burstStartNs = nil }
                return out
            }
            burstStartNs = nil
            if rawPressed != isPressed { out += commit(pressed: rawPressed, atNs: start) }
        }
        if isPressed, armed, !longPressFired, let start = pressStartNs, atNs >= start + timing.longPressNs {
            longPressFired = true
            out.append(.longPress(atNs: start))
        }
        return out
    }

    private mutating func commit(pressed: Bool, atNs: UInt64) -> [Gesture] {
        isPressed = pressed
        if pressed {
            pressStartNs = atNs
            longPressFired = false
            return []
        }
        defer { pressStartNs = nil; armed = true }
        // `settle` ran at the release's first edge, so a press held past the mark has fired already.
        guard armed, !longPressFired, let start = pressStartNs else { return [] }
        return [.press(atNs: start)]
    }
}

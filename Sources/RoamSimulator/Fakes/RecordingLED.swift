import RoamPorts
import RoamSystem
import Synchronization

/// An LED that remembers what it was told: every level change with the time it happened, so a
/// test asserts a blink pattern as data. Repeated writes of the same level are kept too (the
/// driver should not make them; a test can check that). On the bench, which may run for days,
/// `capacity` keeps only the latest changes so memory stays flat.
public final class RecordingLED: DigitalOutput, Sendable {
    public struct Change: Sendable, Equatable, CustomStringConvertible {
        public var atNs: UInt64
        public var isOn: Bool
        public init(atNs: UInt64, isOn: Bool) { self.atNs = atNs; self.isOn = isOn }
        public var description: String { "\(isOn ? "on" : "off")@\(atNs / 1_000_000)ms" }
    }

    private struct State { var changes: [Change] = []; var total = 0; var failure: Errno? }
    public let device: String
    private let now: @Sendable () -> UInt64
    private let capacity: Int?
    private let state = Mutex(State())

    /// `now` stamps each write: the monotonic clock on the bench, a test's virtual clock in tests.
    /// `capacity`: how many of the latest changes to keep (nil: all).
    public init(device: String = "fake:gpiochip0 line 27", capacity: Int? = nil,
                now: @escaping @Sendable () -> UInt64 = MonotonicClock.nowNs) {
        self.device = device; self.capacity = capacity; self.now = now
    }

    /// The changes kept, oldest first.
    public var changes: [Change] { state.withLock { $0.changes } }
    /// Every write so far, including those no longer kept.
    public var writeCount: Int { state.withLock { $0.total } }
    public var isOn: Bool { state.withLock { $0.changes.last?.isOn ?? false } }

    /// The next write fails with `errno`.
    public func failNextWrite(_ errno: Errno) { state.withLock { $0.failure = errno } }

    public func setLevel(_ high: Bool) throws(DeviceError) {
        let t = now()
        let failure: Errno? = state.withLock { s in
            if let f = s.failure { s.failure = nil; return f }
            s.changes.append(Change(atNs: t, isOn: high))
            s.total += 1
            if let capacity, s.changes.count > 2 * capacity { s.changes.removeFirst(s.changes.count - capacity) }
            return nil
        }
        if let failure { throw DeviceError(.gpio, .write, device: device, errno: failure) }
    }
}

import RoamPorts
import RoamSystem
import RoamCore
import RoamHardware
import Synchronization

/// The button thread: the `Button` driver's gestures, each queued into the recorder as it is, in
/// order with the epochs (`Recorder.press`, `Recorder.longPress`), dated by the kernel's edge timestamp.
///
/// - press: toggles the ride (start when idle, stop when recording);
/// - long press: "new ride": stop the current ride, if any, and start the next.
///
/// What a gesture does is decided by the ride session (`RideSession`), which knows whether a ride
/// is recording, including the rides it ended itself (forgotten, closed at restart): this thread
/// keeps no ride state. A press made while storage is failing (the alarm) is queued all the same
/// and lands in order when it recovers (P3).
///
/// `@unchecked Sendable`: the button belongs to the button thread once it runs; `start` and `stop`
/// run on one other thread; other threads see only the atomics.
public final class ButtonThread: @unchecked Sendable {
    /// nil until `open` finds the line (a gpiochip that appears after the recorder started).
    private var button: Button?
    private let open: (() throws -> Button)?
    private let queueGesture: @Sendable (ButtonGesture.Gesture) -> Void
    private let report: @Sendable (String) -> Void
    private let stopRequested = Atomic<Bool>(false)
    private let stopSignal = MonotonicCondition()
    /// Ends the wait in poll() on a gpiochip line when a stop is requested.
    private let wake: WakePipe
    /// The input to wake at stop when it has no descriptor (a fake); guarded by `stopSignal`.
    private var inputToWake: (any WakeableInput)?
    private var thread: SystemThread?
    private var started = false
    private var stopped = false
    /// Gestures acted on so far (the bench waits on this to keep its presses in order with its NMEA).
    public let gesturesHandled = Atomic<Int>(0)

    /// The longest wait of an input that can neither be polled nor woken (none of the board's).
    static let maxWaitMs: Int32 = 1000
    /// Between retries of a failing or missing line.
    let errorBackoffS: Double

    /// `queueGesture` queues one press or long press into the recorder.
    public init(button: Button, queueGesture: @escaping @Sendable (ButtonGesture.Gesture) -> Void,
                report: @escaping @Sendable (String) -> Void) throws(SystemError) {
        wake = try WakePipe(for: "the button thread")
        self.button = button; self.open = nil; self.errorBackoffS = 2
        self.queueGesture = queueGesture; self.report = report
    }

    /// A button whose line could not be had at start: the thread opens it, retrying every
    /// `retryS`, and says once when it works. Presses made before then are not seen (no line, no edges).
    public init(opening open: @escaping () throws -> Button, retryS: Double = 2,
                queueGesture: @escaping @Sendable (ButtonGesture.Gesture) -> Void, report: @escaping @Sendable (String) -> Void) throws(SystemError) {
        wake = try WakePipe(for: "the button thread")
        self.button = nil; self.open = open; self.errorBackoffS = retryS
        self.queueGesture = queueGesture; self.report = report
    }

    public func start() throws(SystemError) {
        thread = try SystemThread(name: "roam-button") { [self] in run() }
        started = true
    }

    /// Ends the thread at once (its wait is woken) and waits for it.
    public func stop() {
        guard started, !stopped else { return }
        stopped = true
        stopRequested.store(true, ordering: .releasing)
        stopSignal.withLock { stopSignal.broadcast(); inputToWake?.wakeWaiter() }
        wake.wake()
        thread?.join()
    }

    /// Queues gestures in order. Public so tests can drive a `Button` on a simulated clock directly.
    public func handle(_ gestures: [ButtonGesture.Gesture]) {
        for gesture in gestures {
            queueGesture(gesture)
            gesturesHandled.add(1, ordering: .releasing)
        }
    }

    private func run() {
        // A line missing at start was reported by the rig: not said again, only when it is found.
        var failing = button == nil
        while !stopRequested.load(ordering: .acquiring) {
            do {
                let foundLate = self.button == nil
                let button = try self.button ?? openLine()
                if foundLate { failing = false; report("button \(button.input.device): found; rides can be started and stopped now") }
                handle(try waitForGestures(button))
                if failing { failing = false; report("button \(button.input.device): working again") }
            } catch {
                // A line that fails once fails again at once: report it once, then retry slowly.
                if !failing { failing = true; report("button: \(error)") }
                // On the monotonic clock: a wall clock set back must not stretch the backoff.
                let deadline = MonotonicClock.nowNs() + UInt64(errorBackoffS * 1e9)
                stopSignal.withLock {
                    while !stopRequested.load(ordering: .acquiring) { if !stopSignal.wait(untilNs: deadline) { break } }
                }
            }
        }
    }

    /// The next gestures, waiting with no timer: on a gpiochip line in poll() beside the wake pipe,
    /// until an edge, the gesture's deadline or a stop; on a wakeable fake inside its wait.
    private func waitForGestures(_ button: Button) throws(DeviceError) -> [ButtonGesture.Gesture] {
        if case .descriptor(let fd) = (button.input as? PollableSource)?.readiness {
            switch wake.wait(for: fd, timeoutMs: button.waitMs(maxWaitMs: -1)) {
            case .woken: return []
            case .ready, .timedOut: return try button.next(maxWaitMs: 0)
            case .failed(let e):
                throw DeviceError(.gpio, .read, device: button.input.device, detail: "waiting for an edge with poll()", errno: e,
                                  hint: "The kernel is short of memory: check the board's free memory (free -m).")
            }
        }
        if let wakeable = button.input as? any WakeableInput {
            let stopping = stopSignal.withLock { () -> Bool in
                inputToWake = wakeable
                return stopRequested.load(ordering: .acquiring)
            }
            return stopping ? [] : try button.next(maxWaitMs: -1)
        }
        return try button.next(maxWaitMs: Self.maxWaitMs)
    }

    private func openLine() throws -> Button {
        guard let open else { throw ButtonLineMissing() }
        let opened = try open()
        button = opened
        return opened
    }
}

/// A thread made without a button or an opener (not reachable through the initialisers).
struct ButtonLineMissing: Error, CustomStringConvertible {
    var description: String { "no button line" }
}

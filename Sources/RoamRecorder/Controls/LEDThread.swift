import RoamSystem
import RoamCore
import RoamHardware
import Synchronization

/// The LED thread: recorder events in (from any thread), `LEDPatternPlayer` driven at the pattern's
/// instants. It sleeps until the next level change or the next event, so a dark LED costs nothing.
/// The sleep runs on the monotonic clock (`MonotonicCondition`): a wall clock set back mid-wait
/// would otherwise hold the LED at its level (a blink left on, a pattern frozen) until some event.
///
/// `@unchecked Sendable`: the tracker, the history, the player and the flags are used only with
/// `condition` held; `running` only by the one thread that starts and stops it.
public final class LEDThread: @unchecked Sendable {
    private let led: LEDPatternPlayer
    private let clock: @Sendable () -> UInt64
    private let report: @Sendable (String) -> Void
    private let condition = MonotonicCondition()
    // Guarded by `condition`.
    private var tracker: LEDStatusTracker
    private var history: [LEDStatus]
    private var stopRequested = false
    private var running = false
    private var thread: SystemThread?
    /// How the thread is started: `SystemThread`, or for the tests a start that fails as the system's would.
    typealias ThreadStart = (String, @escaping @Sendable () -> Void) throws(SystemError) -> SystemThread
    private let startThread: ThreadStart
    static let historyLimit = 64

    public convenience init(led: LEDPatternPlayer, isRecording: Bool, clock: @escaping @Sendable () -> UInt64,
                            report: @escaping @Sendable (String) -> Void) {
        self.init(led: led, isRecording: isRecording, clock: clock, report: report) { name, body throws(SystemError) in
            try SystemThread(name: name, body)
        }
    }

    init(led: LEDPatternPlayer, isRecording: Bool, clock: @escaping @Sendable () -> UInt64,
         report: @escaping @Sendable (String) -> Void, startThread: @escaping ThreadStart) {
        self.led = led; self.clock = clock; self.report = report; self.startThread = startThread
        tracker = LEDStatusTracker(isRecording: isRecording)
        history = [tracker.status]
        led.show(tracker.pattern, atNs: clock())
    }

    /// The statuses shown so far (the latest 64 at least), without repeats, for tests.
    public var statusHistory: [LEDStatus] { condition.lock(); defer { condition.unlock() }; return history }
    public var status: LEDStatus { condition.lock(); defer { condition.unlock() }; return tracker.status }
    public var pattern: LEDPattern { condition.lock(); defer { condition.unlock() }; return tracker.pattern }

    /// Feeds one recorder event (called on the recorder's threads; never blocks on the LED).
    public func handle(_ event: RecorderEvent) {
        condition.lock(); defer { condition.unlock() }
        let now = clock()
        let blink = tracker.apply(event)
        let status = tracker.status
        if history.last != status {
            history.append(status)
            // Bounded: a receiver that comes and goes all day must not grow memory (docs/DESIGN.md §9).
            if history.count > 2 * Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        }
        led.show(tracker.pattern, atNs: now)
        if blink { led.flash(.commitBlink, atNs: now) }
        condition.signal()
    }

    /// Starts the LED thread. When it cannot start, `stop` has no thread to end: the LED is darkened
    /// here, whatever it showed before, and the log says why.
    public func start() throws(SystemError) {
        do throws(SystemError) { thread = try startThread("roam-led") { [self] in run() } } catch {
            report("led: \(error); the LED stays dark")
            darken()
            throw error
        }
        running = true
    }

    /// Stops the thread and turns the LED off: a dark LED means no recorder is running.
    public func stop() {
        guard running else { return }
        running = false
        condition.lock(); stopRequested = true; condition.signal(); condition.unlock()
        thread?.join()
        thread = nil
        darken()
    }

    private func darken() {
        // A line that never opened was never lit, and the rig said it is missing: not said again at exit.
        guard led.output.isOpen else { return }
        condition.lock(); defer { condition.unlock() }
        do { try led.off() } catch { report("led: \(error)") }
    }

    private func run() {
        // A line absent at start was reported by the rig; its first failures here are not news.
        var failing = !led.output.isOpen
        condition.lock(); defer { condition.unlock() }
        while !stopRequested {
            var nextNs: UInt64?
            do {
                nextNs = try led.refresh(atNs: clock())
                // A line still unopened refreshes without touching it (a dark pattern): not "working" yet.
                if failing, led.output.isOpen {
                    failing = false
                    report("led \(led.output.device): working")
                }
            } catch {
                if !failing { failing = true; report("led: \(error)") }
                nextNs = clock() + 2_000_000_000
            }
            let now = clock()
            let waitNs = nextNs.map { $0 > now ? $0 - now : 0 } ?? 3_600_000_000_000
            condition.wait(timeoutNs: waitNs)
        }
    }
}

/// Whether a receiver set up for a rate above 1 Hz still sends at it. A module that lost power and
/// kept its baud (its factory baud is the board's) comes back at 1 Hz with its stock sentences: they
/// frame fine, so neither the junk nor the silence watch notices, and the ride would go on at 1 Hz.
///
/// Judged on each epoch as it is handed over, never on a timer. An epoch is slow when its UTC time is
/// at least two set-up periods after the last one's *and* it arrived at least half that interval
/// after it: the epoch times say what the module sends, the arrival keeps out epochs read in a burst
/// (a capture replayed faster than real time, bytes a set-up handed back, a sensor thread that was
/// starved). Only an unbroken run of slow epochs over `windowMs` of UTC is a lower rate: one epoch
/// lost or late breaks no run, epochs without a time (a module before its first fix) are not
/// judged, and a jump in time (a silence, the clock set at start-up) starts a new run.
/// A lower rate is said once; while epochs stay slow it is said again only after `retryMs`, doubling
/// up to `retryMaxMs`, so a module that takes the rate and still sends slower is not set up in a
/// loop. Epochs at the rate forget the wait.
public struct ReceiverRateWatch: Sendable {
    /// What the watch saw: epochs at `observedHz` (rounded, at least 1) from a module set up for `setUpForHz`.
    public struct LowerRate: Sendable, Equatable {
        public var observedHz: Int
        public var setUpForHz: Int
        public var description: String { "epochs at \(observedHz) Hz, set up for \(setUpForHz) Hz" }
    }

    public var windowMs: Int64
    public var retryMs: UInt64
    public var retryMaxMs: UInt64
    /// The rate the last set-up configured (nil: none known, or 1 Hz: nothing to judge).
    public private(set) var setUpForHz: Int?
    private var lastTimeOfDayMs: Int64?
    private var lastArrivalNs: UInt64 = 0
    private var runStartMs: Int64?
    private var runEpochs = 0
    private var waitMs: UInt64 = 0
    private var notBeforeNs: UInt64 = 0

    /// A time jump larger than this is not a rate (a silence, a clock set): a new run starts.
    static let largestIntervalMs: Int64 = 10_000

    public init(windowMs: Int64 = 5000, retryMs: UInt64 = 120_000, retryMaxMs: UInt64 = 600_000) {
        self.windowMs = windowMs; self.retryMs = retryMs; self.retryMaxMs = retryMaxMs
    }

    /// A set-up ended having configured `rateHz` (nil: it configured no rate). Epochs from before it
    /// are not compared with those after; the wait after a lower rate is kept.
    public mutating func setUp(forHz rateHz: Int?) {
        setUpForHz = rateHz.flatMap { $0 > 1 ? $0 : nil }
        lastTimeOfDayMs = nil
        runStartMs = nil
        runEpochs = 0
    }

    /// One epoch handed over at `arrivalNs` (monotonic) with its UTC time of day. Returns the lower
    /// rate when it is to be acted on now (once per run, then after the wait).
    public mutating func epoch(timeOfDayMs: Int?, arrivalNs: UInt64) -> LowerRate? {
        guard let rate = setUpForHz, let time = timeOfDayMs.map(Int64.init) else { return nil }
        let previous = lastTimeOfDayMs, previousArrivalNs = lastArrivalNs
        (lastTimeOfDayMs, lastArrivalNs) = (time, arrivalNs)
        guard let previous else { return nil }
        let periodMs = Int64(1000 / rate)
        let intervalMs = (time - previous + 86_400_000) % 86_400_000
        guard intervalMs > 0 else { return nil }  // a second epoch of the same time: nothing to judge
        let arrivedMs = Int64((arrivalNs &- previousArrivalNs) / 1_000_000)
        let slow = intervalMs >= 2 * periodMs && intervalMs <= Self.largestIntervalMs && arrivedMs * 2 >= intervalMs
        guard slow else {
            runStartMs = nil; runEpochs = 0
            // At the rate: a later lower rate is a new loss, acted on at once.
            if intervalMs < 2 * periodMs { waitMs = 0; notBeforeNs = 0 }
            return nil
        }
        let start = runStartMs ?? previous
        runStartMs = start
        runEpochs += 1
        let spanMs = (time - start + 86_400_000) % 86_400_000
        guard spanMs >= windowMs, arrivalNs >= notBeforeNs else { return nil }
        waitMs = waitMs == 0 ? retryMs : min(waitMs * 2, retryMaxMs)
        notBeforeNs = arrivalNs + waitMs * 1_000_000
        let observed = max(1, Int((Int64(runEpochs) * 1000 + spanMs / 2) / spanMs))
        runStartMs = nil; runEpochs = 0
        return LowerRate(observedHz: observed, setUpForHz: rate)
    }
}

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
/// up to `retryMaxMs`. Epochs at the rate forget the wait.
/// A module that acknowledges a rate it cannot send (its sentences need more than the baud carries,
/// or its firmware caps the rate) is slow just the same right after the set-up that lower rate asked
/// for: the rate it delivers is concluded once (`ReceiverDeliveredRate`), never set up again for,
/// and later epochs are judged against it, so a real loss below it (a power cut: 1 Hz) is still a
/// lower rate. A set-up for another rate forgets it.
public struct ReceiverRateWatch: Sendable {
    /// What the watch saw: epochs at `observedMilliHz` from a module set up for `setUpForHz`, which
    /// delivered `deliveredMilliHz` before (nil: the rate it was set up for).
    public struct LowerRate: Sendable, Equatable {
        public var observedMilliHz: Int
        public var setUpForHz: Int
        public var deliveredMilliHz: Int?
        public init(observedMilliHz: Int, setUpForHz: Int, deliveredMilliHz: Int? = nil) {
            self.observedMilliHz = observedMilliHz; self.setUpForHz = setUpForHz; self.deliveredMilliHz = deliveredMilliHz
        }
        /// Rounded, at least 1.
        public var observedHz: Int { max(1, (observedMilliHz + 500) / 1000) }
        public var description: String {
            "epochs at \(ReceiverDeliveredRate.text(milliHz: observedMilliHz)), set up for \(setUpForHz) Hz"
                + (deliveredMilliHz.map { " (delivering \(ReceiverDeliveredRate.text(milliHz: $0)))" } ?? "")
        }
    }

    /// What an epoch made the watch conclude.
    public enum Finding: Sendable, Equatable {
        /// Set the module up again.
        case lowerRate(LowerRate)
        /// The set-up asked for changed nothing: the module delivers this; say so once.
        case delivers(ReceiverDeliveredRate)
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
    /// Concluded: what the module delivers, one epoch per `deliveredIntervalMs` (nil: the rate set up).
    public private(set) var delivered: ReceiverDeliveredRate?
    private var deliveredIntervalMs: Int64?
    /// The lower rate said last, and, after the set-up it asked for, the one the next run is compared with.
    private var askedForSetUp: LowerRate?
    private var beforeSetUp: LowerRate?
    private var baud: Int?
    /// The run's first slow epoch: its rate is measured from there, the interval into it being a
    /// change of rate (a power cut between two epochs) as often as a period of the new one.
    private var runFirstMs: Int64 = 0
    /// Bytes read so far, by the last epoch, and by the run's first slow epoch.
    private var bytesRead = 0
    private var lastEpochBytes = 0
    private var runFirstBytes = 0

    /// A time jump larger than this is not a rate (a silence, a clock set): a new run starts.
    static let largestIntervalMs: Int64 = 10_000

    public init(windowMs: Int64 = 5000, retryMs: UInt64 = 120_000, retryMaxMs: UInt64 = 600_000) {
        self.windowMs = windowMs; self.retryMs = retryMs; self.retryMaxMs = retryMaxMs
    }

    /// A set-up ended having configured `rateHz` (nil: it configured no rate) at `baud`. Epochs from
    /// before it are not compared with those after; the wait after a lower rate is kept, and so is
    /// what the module delivers while the rate set up stays the same.
    public mutating func setUp(forHz rateHz: Int?, baud: Int? = nil) {
        let rate = rateHz.flatMap { $0 > 1 ? $0 : nil }
        if rate != setUpForHz { delivered = nil; deliveredIntervalMs = nil }
        setUpForHz = rate
        self.baud = baud
        // Only a set-up that took a rate can be judged by what came after it.
        beforeSetUp = rate == nil ? nil : askedForSetUp
        askedForSetUp = nil
        lastTimeOfDayMs = nil
        runStartMs = nil
        runEpochs = 0
    }

    /// `count` bytes read from the line: what a delivered epoch costs is measured from them.
    public mutating func read(bytes count: Int) { bytesRead &+= count }

    /// One epoch handed over at `arrivalNs` (monotonic) with its UTC time of day. Returns the lower
    /// rate when it is to be acted on now (once per run, then after the wait), or the rate the
    /// module delivers when the set-up a lower rate asked for changed nothing.
    public mutating func epoch(timeOfDayMs: Int?, arrivalNs: UInt64) -> Finding? {
        guard let rate = setUpForHz, let time = timeOfDayMs.map(Int64.init) else { return nil }
        let previous = lastTimeOfDayMs, previousArrivalNs = lastArrivalNs
        (lastTimeOfDayMs, lastArrivalNs) = (time, arrivalNs)
        lastEpochBytes = bytesRead
        guard let previous else { return nil }
        let periodMs = deliveredIntervalMs ?? Int64(1000 / rate)
        let intervalMs = (time - previous + 86_400_000) % 86_400_000
        guard intervalMs > 0 else { return nil }  // a second epoch of the same time: nothing to judge
        let arrivedMs = Int64((arrivalNs &- previousArrivalNs) / 1_000_000)
        let slow = intervalMs >= 2 * periodMs && intervalMs <= Self.largestIntervalMs && arrivedMs * 2 >= intervalMs
        guard slow else {
            runStartMs = nil; runEpochs = 0
            // At the rate: a later lower rate is a new loss, acted on at once; the set-up mended it.
            if intervalMs < 2 * periodMs { waitMs = 0; notBeforeNs = 0; beforeSetUp = nil }
            return nil
        }
        let start = runStartMs ?? previous
        if runStartMs == nil { (runFirstMs, runFirstBytes) = (time, lastEpochBytes) }
        runStartMs = start
        runEpochs += 1
        let spanMs = (time - start + 86_400_000) % 86_400_000
        guard spanMs >= windowMs else { return nil }
        let innerMs = (time - runFirstMs + 86_400_000) % 86_400_000
        let (epochs, measuredMs) = runEpochs > 1 ? (runEpochs - 1, innerMs) : (runEpochs, spanMs)
        let observed = LowerRate(observedMilliHz: Int(Int64(epochs) * 1_000_000 / measuredMs), setUpForHz: rate,
                                 deliveredMilliHz: delivered?.milliHz)
        if let before = beforeSetUp, Self.sameRate(before.observedMilliHz, observed.observedMilliHz) {
            // Right after the set-up, as slow as before it: what the module delivers, not a loss.
            beforeSetUp = nil
            deliveredIntervalMs = measuredMs / Int64(epochs)
            let bytesPerEpoch = runEpochs > 1 ? (lastEpochBytes &- runFirstBytes) / epochs : 0
            runStartMs = nil; runEpochs = 0
            waitMs = 0; notBeforeNs = 0
            let found = ReceiverDeliveredRate(milliHz: observed.observedMilliHz, setUpForHz: rate, bytesPerEpoch: bytesPerEpoch, baud: baud)
            delivered = found
            return .delivers(found)
        }
        guard arrivalNs >= notBeforeNs else { return nil }
        waitMs = waitMs == 0 ? retryMs : min(waitMs * 2, retryMaxMs)
        notBeforeNs = arrivalNs + waitMs * 1_000_000
        runStartMs = nil; runEpochs = 0
        beforeSetUp = nil
        askedForSetUp = observed
        return .lowerRate(observed)
    }

    /// Two measured rates within a quarter of each other: an epoch more or less in a window of jitter.
    static func sameRate(_ a: Int, _ b: Int) -> Bool { abs(a - b) * 4 <= max(a, b) }
}

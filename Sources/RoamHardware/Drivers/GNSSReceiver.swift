import RoamPorts
import RoamSystem
import RoamCore
import Synchronization

/// The GNSS receiver's serial line, reopened after it vanishes, and configured (`ReceiverSetup`:
/// baud found, rate and sentence set sent in the module's own protocol) at every open, after a
/// silence, when only junk arrives (the module lost its settings or changed baud by itself), and,
/// with backoff, after a set-up that left it unconfigured.
/// A USB receiver that is unplugged fails its reads with EIO (or ENODEV) and its descriptor is
/// dead for good; plugged back in, it reappears under the same path and must be opened again.
/// The backoff, the gap and the "receiver silent" event are the sensor thread's.
///
/// Configuration runs inside `read` on the sensor thread; the data sentences it reads meanwhile are
/// served by the next reads, so the recorder loses no sentence to it. Between configurations the
/// junk and silence watch frames nothing itself: the reader's stream says how each read framed
/// (`FramingFeedback`), so each UART byte is framed once.
/// `@unchecked Sendable`: everything mutable belongs to the sensor thread (or to the one thread
/// that opens and configures it before that thread starts), except `setupRuns`, `setupDataSentencesRead`
/// and the interrupt flag, which are atomics other threads read and set.
public final class GNSSReceiver: ReopenableByteSource, PollableSource, FramingFeedback, @unchecked Sendable {
    public let device: String
    private let open: () throws(DeviceError) -> any ByteSource
    private var port: (any ByteSource)? { didSet { pollablePort = port as? PollableSource } }
    /// `port` as a `PollableSource`, cast once per open: `readiness` is asked before every read.
    private var pollablePort: (any PollableSource)?
    public var setup: ReceiverSetup?
    public var watch = Watch()
    /// Each configuration's report, on the sensor thread (the recorder says it once, in words).
    public var onReport: (@Sendable (ReceiverSetupReport) -> Void)?
    public private(set) var lastReport: ReceiverSetupReport?
    /// What the receiver concluded from its epochs between set-ups, in words, once (a module that
    /// delivers fewer epochs than it acknowledged: `ReceiverDeliveredRate`), on the sensor thread.
    public var onNote: (@Sendable (String) -> Void)?
    /// Told the time of each epoch handed over, on the sensor thread (the bench paces its feed on its own epochs).
    public var onEpochHandedOver: (@Sendable (Int?) -> Void)?
    public var realtimeMs: @Sendable () -> Int64 = WallClock.nowUTCms  // the board's clock, UTC (a test moves it)
    /// The latest set-up run again mid-run, why and how many so far, and what they could not change
    /// (on the sensor thread, which hands it to the status file).
    public private(set) var setupAgain: ReceiverSetupAgain?
    public let setupRuns = Atomic<Int>(0)
    /// Data sentences the set-ups have read to hand back (the module's banners and answers left out),
    /// counted as each read frames them (any thread may read it): a set-up under way has read the data
    /// sent once this reaches its count. A pty's FIONREAD cannot say it: it reads 0 while bytes still
    /// wait in the tty's flip buffer.
    public let setupDataSentencesRead = Atomic<Int>(0)
    /// Set-ups mid-run that held the line at other bauds, and when the latest began (monotonic): the
    /// module's epochs meanwhile were not read, a gap the sensor thread records (P5).
    public private(set) var setupsAwayFromBaud = 0
    public private(set) var lastSetupAwayBeganNs: UInt64 = 0
    private let interrupted = Atomic<Bool>(false)
    private var needsSetup = true
    private var pending: [UInt8] = []
    private var pendingEndsWhole = false
    /// The last read served the last of what a set-up handed back, and that ended on a whole epoch
    /// (`ReceiverSetupReport.handBackEndsWhole`): the reader may settle it at once (on the sensor thread).
    public private(set) var lastReadEndedWholeHandBack = false
    /// The last read ran a set-up or served what one heard: the epochs its bytes complete were heard
    /// before the set-up ended, seconds before this read (the reader gives them no barometer sample of now).
    public private(set) var lastReadHeardDuringSetUp = false
    private var unwatchedReadNs: UInt64?  // when the last read returned bytes, until told how they framed
    private var lastByteNs: UInt64?
    /// When the line was last seen with no byte ready (a read or wait that found nothing), at the earliest:
    /// a silence is only what was seen, never bytes that waited in the tty for a late (starved) thread.
    private var seenEmptyNs: UInt64?
    private var lastValidNs: UInt64 = 0
    /// When a checksummed sentence last came in this run, a set-up's own included (monotonic), and that time
    /// on the board's clock (UTC) worked out once, at the first set-up after it: a set-up that then finds nothing
    /// says the wiring was right until then (`ReceiverSetup.lastHeardUTCms`), the same at every retry (an NTP step).
    private var lastSentenceNs: UInt64?
    private var lastHeardUTC: (ns: UInt64, ms: Int64)?
    public private(set) var ownReadHeardNs: UInt64?  // when a configuration that heard bytes ended (`FramingFeedback`)
    private var nextSetupNotBeforeNs: UInt64 = 0
    private var retryMs: UInt64 = 0
    /// When the last configuration ended, whether the one due was asked for by junk alone, whether
    /// junk came since the last, and whether the wait is for junk only (a silence does not wait).
    private var lastSetupEndNs: UInt64?
    private var setupForJunk = false
    private var junkSinceSetup = false
    private var waitIsForJunkOnly = false
    private var lastSummary: String?
    /// Why the set-up due runs again, in words (nil: the set-up of an open).
    private var setupCause: String?
    private var setupForSilence = false
    private var silenceRetryMs: UInt64 = 0
    private var nextSilenceSetupNs: UInt64 = 0
    private var rateWatch = ReceiverRateWatch()
    /// After a set-up that left the module unconfigured: when the next may run.
    private var unconfiguredRetry = ReceiverUnconfiguredRetry()

    /// Opens nothing: `reopen()` does (the sensor thread, with backoff); `open` makes a fresh port each time.
    public init(device: String, setup: ReceiverSetup? = nil, open: @escaping () throws(DeviceError) -> any ByteSource) {
        self.device = device; self.setup = setup; self.open = open
    }

    /// A UART at `baud`, through the real termios path, configured as `setup` says.
    public static func serial(path: String, baud: Int, setup: ReceiverSetup? = nil) -> GNSSReceiver {
        GNSSReceiver(device: path, setup: setup) { () throws(DeviceError) -> any ByteSource in try SerialPort(path: path, baud: baud) }
    }

    public var isOpen: Bool { port != nil }
    /// Makes a configuration in progress give up at its next read (a stop).
    public func interrupt() { interrupted.store(true, ordering: .releasing) }

    public func configureNow() {  // when due (the bytes it reads stay for the next reads)
        if needsSetup, let line = port as? SerialLine { configure(line) }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
        guard let port else {
            throw DeviceError(.uart, .read, device: device,
                              finding: DeviceFinding(.notOpen, "the receiver is not open (its last open failed or it went away)"),
                              hint: "It is opened again with backoff; the open's own error says what to check.")
        }
        let setUp = needsSetup && setup != nil && port is SerialLine
        if needsSetup, let line = port as? SerialLine { configure(line) }
        unwatchedReadNs = nil
        (lastReadEndedWholeHandBack, lastReadHeardDuringSetUp) = (false, setUp)
        if !pending.isEmpty { return servePending(buffer) }
        let n: Int
        let readBeganNs = MonotonicClock.nowNs()
        do {
            n = try port.read(into: buffer, timeoutMs: timeoutMs)
        } catch {
            // The descriptor of a vanished device never recovers: drop it (closing it) and report.
            self.port = nil
            throw error
        }
        if n > 0 && setup != nil { unwatchedReadNs = MonotonicClock.nowNs() }
        if n == 0 { lineSeenEmpty(waitBeganNs: readBeganNs, timeoutMs: timeoutMs) }
        rateWatch.read(bytes: n)
        return n
    }

    /// `.now` while a configuration is due or bytes it read wait to be served; else the port's own.
    public var readiness: PortReadiness {
        guard let port, pending.isEmpty, !(needsSetup && setup != nil && port is SerialLine) else { return .now }
        return pollablePort?.readiness ?? .timedReadsOnly
    }

    public func reopen() throws(DeviceError) {
        port = nil
        pending = []
        unwatchedReadNs = nil
        port = try open()
        needsSetup = true
        setupCause = nil
        setupForSilence = false
        setupForJunk = false
        waitIsForJunkOnly = false
        nextSetupNotBeforeNs = 0
    }

    /// Told by a reader that polls the line itself that a wait begun at `waitBeganNs` (monotonic) ran out
    /// after `timeoutMs` with no byte ready: only the wait's length counts, not a late thread's clock.
    public func lineSeenEmpty(waitBeganNs: UInt64, timeoutMs: Int32) {
        let seen = min(MonotonicClock.nowNs(), waitBeganNs + UInt64(max(0, timeoutMs)) * 1_000_000)
        seenEmptyNs = max(seenEmptyNs ?? 0, seen)
    }

    /// Told by the sensor thread that no byte came for `silentForMs`: the set-up runs again at the
    /// next read if its backoff allows. Returns when to call again (nil: now, or never: no set-up).
    public func silenceDeadlinePassed(silentForMs: UInt64) -> UInt64? {
        guard setup != nil, port is SerialLine, !needsSetup else { return nil }
        let now = MonotonicClock.nowNs()
        let due = max(nextSilenceSetupNs, nextSetupNotBeforeNs)
        guard now >= due else { return due }
        needsSetup = true
        setupForJunk = false
        setupForSilence = true
        setupCause = "silent for \(silentForMs / 1000) s: a module that lost power is back at its factory settings, "
            + "or sends nothing until asked"
        return nil
    }

    /// Told by the sensor thread of each epoch it hands over, with its UTC time: epochs slower than
    /// the rate set up (a module reset to its factory rate, its baud unchanged) set it up again at the
    /// next read, once, then only after the wait (`ReceiverRateWatch`); as slow right after that
    /// set-up, the rate the module delivers is said once and kept in `setupAgain`.
    public func epochHandedOver(timeOfDayMs: Int?) {
        onEpochHandedOver?(timeOfDayMs)
        guard !needsSetup, let finding = rateWatch.epoch(timeOfDayMs: timeOfDayMs, arrivalNs: MonotonicClock.nowNs()) else { return }
        switch finding {
        case .delivers(let delivered):
            setupAgain?.delivers = delivered.summary
            onNote?(delivered.description)
        case .lowerRate(let lower):
            needsSetup = true
            setupForJunk = false
            setupCause = lower.description + (lower.observedHz == 1 ? ": a module that lost power is back at its factory rate"
                : ": the module may have lost its rate, or cannot send it")
        }
    }

    private func configure(_ line: SerialLine) {
        needsSetup = false
        guard let setup, !interrupted.load(ordering: .acquiring) else { return }
        var run = setup
        run.shouldStop = { [unowned self] in self.interrupted.load(ordering: .acquiring) }
        run.onDataSentences = { [unowned self] n in self.setupDataSentencesRead.add(n, ordering: .releasing) }
        let beganNs = MonotonicClock.nowNs()
        if let ns = lastSentenceNs, lastHeardUTC?.ns != ns { lastHeardUTC = (ns, realtimeMs() - Int64((beganNs - min(beganNs, ns)) / 1_000_000)) }
        run.lastHeardUTCms = lastHeardUTC?.ms
        var report = run.run(line) { pending += $0 }
        pendingEndsWhole = report.handBackEndsWhole
        setupRuns.add(1, ordering: .releasing)
        let now = MonotonicClock.nowNs()
        lastValidNs = now
        let heard = report.baud != nil || report.sawOnlyJunk
        // A set-up that heard nothing is part of the silence before it, not its end.
        if heard || lastByteNs == nil { lastByteNs = now }
        if heard { ownReadHeardNs = now }
        if report.baud != nil { lastSentenceNs = now }
        let mendedNothing = setupForJunk && report.baud != nil && !report.mended
        lastSetupEndNs = now
        junkSinceSetup = false
        if report.baud == nil || mendedNothing {
            retryMs = retryMs == 0 ? watch.retryMs : min(retryMs * 2, watch.retryMaxMs)
            nextSetupNotBeforeNs = now + retryMs * 1_000_000
            waitIsForJunkOnly = report.baud != nil
        } else {
            retryMs = 0
            nextSetupNotBeforeNs = 0
            waitIsForJunkOnly = false
        }
        // Found but not configured by its family's commands: tried again (`lastReadFramed`), with backoff.
        let unconfigured = report.baud != nil && !report.configured && report.family != .none && report.family != .auto
            && !interrupted.load(ordering: .acquiring)
        if let givenUp = unconfiguredRetry.setUpEnded(report, unconfigured: unconfigured, at: now, watch: watch) {
            report.summary += (report.summary.hasSuffix(".") ? " " : ". ") + givenUp
        }
        if setupForSilence {
            // While the line stays silent, the next try waits longer each time.
            silenceRetryMs = silenceRetryMs == 0 ? watch.silenceRetryMs : min(silenceRetryMs * 2, watch.silenceRetryMaxMs)
            nextSilenceSetupNs = now + silenceRetryMs * 1_000_000
        }
        // A set-up run again says why, and says it when it mended what the module lost; otherwise the
        // same outcome again (a reconfiguration that changed nothing) is not repeated.
        if let cause = setupCause {
            if report.listenedAtOtherBauds { (setupsAwayFromBaud, lastSetupAwayBeganNs) = (setupsAwayFromBaud + 1, beganNs) }
            report.summary = "receiver set up again (\(cause)): " + report.summary.dropFirst("receiver: ".count)
            setupAgain = ReceiverSetupAgain(cause: cause, count: (setupAgain?.count ?? 0) + 1, monoNs: now, utcMs: realtimeMs(),
                                            delivers: setupAgain?.delivers)
        }
        lastReport = report
        rateWatch.windowMs = watch.lowerRateWindowMs
        (rateWatch.retryMs, rateWatch.retryMaxMs) = (watch.silenceRetryMs, watch.silenceRetryMaxMs)
        // Only a rate the module acknowledged (a NEO-6's clamped 5 Hz, say) is held against it.
        rateWatch.setUp(forHz: report.configured ? report.rateHz : nil, baud: report.baud)
        // A set-up for another rate judges what the module delivers anew.
        if rateWatch.delivered == nil { setupAgain?.delivers = nil }
        let mendedLoss = setupCause != nil && report.mended
        setupCause = nil
        setupForSilence = false
        if report.summary != lastSummary || mendedLoss { lastSummary = report.summary; onReport?(report) }
    }

    /// The data sentences a configuration handed back and no read has served yet, taken whole: a
    /// recorder stopping during a configuration still records what the module sent meanwhile.
    public func takeHandedBack() -> [UInt8] {
        defer { pending = [] }
        return pending
    }

    private func servePending(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = min(buffer.count, pending.count)
        buffer.copyBytes(from: pending[0..<n])
        pending.removeFirst(n)
        (lastReadEndedWholeHandBack, lastReadHeardDuringSetUp) = (pending.isEmpty && pendingEndsWhole, true)
        rateWatch.read(bytes: n)
        return n
    }

    /// Told by the reader that framed the last read (the sensor thread's stream): notices junk (no
    /// checksummed sentence for `junkMs`) and bytes resuming after a silence, without a framer here.
    public func lastReadFramed(sentences: Int) {
        guard let now = unwatchedReadNs else { return }
        unwatchedReadNs = nil
        if sentences > 0 { (lastValidNs, lastSentenceNs) = (now, now); silenceRetryMs = 0; nextSilenceSetupNs = 0 }
        // A silence seen since the last bytes, not the time between two reads (a starved thread reads late).
        let afterSilence = lastByteNs.flatMap { last in seenEmptyNs.map { $0 > last && $0 - last >= watch.silenceMs * 1_000_000 } } ?? false
        let junk = now - lastValidNs >= watch.junkMs * 1_000_000
        lastByteNs = now
        if junk { junkSinceSetup = true }
        if waitIsForJunkOnly, !junkSinceSetup, let end = lastSetupEndNs, now - end >= watch.helpedAfterMs * 1_000_000 {
            retryMs = 0; nextSetupNotBeforeNs = 0; waitIsForJunkOnly = false
        }
        // Bytes after a silence (a module power-cycled) are set up at once, unless nothing was found last time.
        let allowed = now >= nextSetupNotBeforeNs || (afterSilence && waitIsForJunkOnly)
        if (afterSilence || junk) && allowed {
            needsSetup = true; setupForJunk = !afterSilence
            setupCause = afterSilence ? "bytes again after \(watch.silenceMs / 1000) s of silence: the module may have been power-cycled"
                : "no checksummed sentence for \(watch.junkMs / 1000) s: the module may have lost its baud"
        }
        if !needsSetup, unconfiguredRetry.isDue(at: now) {
            needsSetup = true; setupForJunk = false
            setupCause = "the set-up before left it unconfigured: a command unanswered or refused, or a baud switch missed"
        }
    }
}

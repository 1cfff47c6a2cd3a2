/// The pipeline's time step (docs/DESIGN.md §5): stamps each epoch with GNSS UTC (rollover-corrected)
/// once the receiver has had a fix, never with the board's clock; flags a time that repeats or
/// goes backwards; tracks the run of undated epochs and hands out its back-fill when the first
/// date arrives; and measures the elapsed time between epochs that are in order.
public struct EpochClock: Sendable, Equatable, Codable {
    /// The last in-order epoch that had a GNSS time (UTC or time of day).
    public internal(set) var lastTimed: TimeStamp?
    /// The last in-order epoch of any kind, for receivers that send no time at all.
    public internal(set) var last: TimeStamp?
    /// First seq of the current run of undated epochs, nil when the last epoch had a date.
    public internal(set) var undatedFromSeq: Int64?
    /// Epochs in a row that went back in time but forward among themselves: the receiver may
    /// have settled on a new timeline (two captures spliced, a corrected clock).
    var backwardsRun = 0
    var backwardsLast: TimeStamp?
    /// The receiver has had a position fix since the logger started, and has not fallen silent,
    /// leapt ahead or back without a fix, or played a simulator since: its time is trusted through a
    /// loss of fix (a tunnel) and dead reckoning.
    /// Before a fix, a receiver without an RTC backup reports its own free-running guess (MTK chips
    /// count from 1980-01-05 or from where they last stopped), and so does one that browned out.
    public internal(set) var trustsReceiverTime = false

    /// The longest forward step onto an epoch without a fix that is taken as the receiver still
    /// keeping time: its own rhythm is at most a logger's 30 s, a reset's guess is hours off.
    /// A longer step withdraws trust; the next fix still measures the whole interval.
    static let longestNoFixStepS = 60.0
    /// A step back this short (a leap second read as the next day's 00:00:00, a repeated cycle) is
    /// flagged but never starts a new timeline: the receiver's time is past it within a second.
    /// A longer one onto an epoch without a fix withdraws trust, as a leap ahead does (a receiver
    /// that reset in a tunnel, counting on from its backup's last time): only fixes confirm a new
    /// timeline.
    static let longestShortStepBackS = 1.0

    public init() {}

    /// What the clock says about one epoch.
    public struct Reading: Sendable, Equatable {
        public var time: TimeStamp
        public var source: TimeSource
        /// Any of `.repeatedTime`, `.timeBackwards`, `.beforeValidDate`.
        public var flags: FixFlags
        /// Forward time since the previous in-order epoch (0 for the first, a repeat or a step back).
        public var elapsedS: Double
        /// Set on the first dated epoch after a run of undated ones.
        public var backfill: Backfill?
        /// The receiver's time stayed on an earlier timeline for `confirm` epochs: it is accepted
        /// from here on, and the track must break (time cannot be compared across the step).
        public var rebased: Bool
    }

    public mutating func read(_ epoch: Epoch, monoNs: UInt64, seq: Int64, floorUTCms: Int64,
                              confirmBackwards: Int) -> Reading {
        let trustedBefore = trustsReceiverTime
        let received = Self.receiverTime(epoch, monoNs: monoNs, floorUTCms: floorUTCms)
        if epoch.unmeasuredSolution == .simulator || received == nil {
            // A simulator plays whatever time its scenario holds, and a date no receiver could truly
            // have (a placeholder: 1980-01-06, 2000-01-01, 2080-01-06) is no clock either, fix or not.
            // Dead reckoning and manual positions keep the receiver's real clock, and its trust.
            withdrawTrust()
        } else if epoch.hasPosition {
            trustsReceiverTime = true
        } else if trustsReceiverTime, let received, let lastTimed, let step = received.time.interval(since: lastTimed), step.isGNSS,
                  step.seconds > Self.longestNoFixStepS || -step.seconds > Self.longestShortStepBackS {
            withdrawTrust()  // a receiver that reset, counting on from its own guess
        }
        let trusted = trustsReceiverTime ? received : nil
        let time = trusted?.time ?? TimeStamp(utcMs: nil, timeOfDayMs: nil, monoNs: monoNs)
        let source = trusted?.source ?? .monotonicOnly
        var reading = Reading(time: time, source: source, flags: [], elapsedS: 0, backfill: nil, rebased: false)

        if let utc = time.utcMs {
            if let from = undatedFromSeq {
                // The times of day of a run the receiver's clock was not trusted for are its guesses:
                // date that run on the board's clock instead.
                let anchor = trustedBefore ? time : TimeStamp(utcMs: utc, timeOfDayMs: nil, monoNs: monoNs)
                reading.backfill = Backfill(fromSeq: from, anchorSeq: seq, anchor: anchor, anchorUTCms: utc)
                undatedFromSeq = nil
            }
        } else {
            reading.flags.insert(.beforeValidDate)
            if undatedFromSeq == nil { undatedFromSeq = seq }
        }

        let hasGNSSTime = time.utcMs != nil || time.timeOfDayMs != nil
        // An epoch without GNSS time adds nothing once GNSS time is known: the next timed epoch
        // measures the whole interval, so counting it here too would count it twice.
        let reference = hasGNSSTime ? (lastTimed ?? last) : (lastTimed == nil ? last : nil)
        guard let reference else {
            if lastTimed == nil || hasGNSSTime { accept(time, hasGNSSTime) }
            return reading
        }
        guard let interval = time.interval(since: reference) else {
            accept(time, hasGNSSTime)  // the monotonic clock restarted: nothing to compare with
            return reading
        }
        if interval.seconds > 0 || !interval.isGNSS {
            reading.elapsedS = max(0, interval.seconds)
            accept(time, hasGNSSTime)
        } else if interval.seconds == 0 {
            reading.flags.insert(.repeatedTime)
        } else if -interval.seconds <= Self.longestShortStepBackS {
            reading.flags.insert(.timeBackwards)
        } else {
            reading.flags.insert(.timeBackwards)
            let onwards = backwardsLast.flatMap { time.interval(since: $0) }.map { $0.seconds > 0 } ?? false
            backwardsRun = onwards ? backwardsRun + 1 : 1
            backwardsLast = time
            if backwardsRun >= confirmBackwards {
                reading.flags.remove(.timeBackwards)
                reading.rebased = true
                accept(time, hasGNSSTime)
            }
        }
        return reading
    }

    /// A logger restart: the monotonic clock may have restarted with the board, so undated epochs
    /// before it can no longer be dated from after it (their run ends without a back-fill); and the
    /// receiver may have lost power too, so its time is trusted again only after its next fix.
    public mutating func restart() {
        last = nil
        trustsReceiverTime = false
        undatedFromSeq = nil
        backwardsRun = 0
        backwardsLast = nil
    }

    /// The receiver fell silent: it may have browned out and come back counting from its own guess,
    /// so its time is trusted again only after its next fix. Unlike a restart the board's clock ran
    /// on, so the interval from the last trusted time to that fix is still measured.
    public mutating func receiverWentSilent() { withdrawTrust() }

    /// Until the next fix, epochs carry only monotonic time, and no step back counts towards a new timeline.
    private mutating func withdrawTrust() {
        trustsReceiverTime = false
        backwardsRun = 0
        backwardsLast = nil
    }

    /// The receiver's own time for an epoch, GPS week rollover corrected, trusted or not; nil when
    /// its date cannot be true (`WeekRollover`).
    private static func receiverTime(_ epoch: Epoch, monoNs: UInt64, floorUTCms: Int64) -> (time: TimeStamp, source: TimeSource)? {
        guard let sent = epoch.utcMs else {
            return (TimeStamp(utcMs: nil, timeOfDayMs: epoch.timeOfDayMs, monoNs: monoNs), .monotonicOnly)
        }
        let (utc, source): (Int64, TimeSource)
        switch WeekRollover.resolve(utcMs: sent, floorUTCms: floorUTCms) {
        case .asSent(let u): (utc, source) = (u, .gnss)
        case .corrected(let u): (utc, source) = (u, .rolloverCorrected)
        case .implausible: return nil
        }
        return (TimeStamp(utcMs: utc, timeOfDayMs: epoch.timeOfDayMs, monoNs: monoNs), source)
    }

    private mutating func accept(_ time: TimeStamp, _ hasGNSSTime: Bool) {
        last = time
        if hasGNSSTime { lastTimed = time }
        backwardsRun = 0
        backwardsLast = nil
    }
}

/// What the ride session asks its executor (the commit thread) to do, in order. Store actions
/// (`startRide`, `stopRide`, `commit`) are transactions: when one fails, the actions after it
/// are not carried out and the session must keep the state it had before the event, so the
/// event can be handed over again (P3).
public enum RideSessionAction: Sendable, Equatable {
    /// Open a ride; the executor answers with `RideSessionEvent.rideOpened`.
    case startRide(startedMonoNs: UInt64, parameters: PipelineParameters, events: [RideEvent])
    case stopRide(rideID: Int64, endedUTCms: Int64?, monoNs: UInt64, reason: RideStopReason)
    case commit(RideSessionCommit)
    /// Tell the outside world (LED, status, log), once the store actions before it succeeded.
    case announce(RideSessionNotice)
    /// Hand the same event over again once the actions before it succeeded: the batch (or the
    /// long press) needs a ride closed or opened first, each its own transaction.
    case again
}

/// One transaction's worth of a ride. Its gaps that do not come from the fixes carry where they
/// sit (`RideEvent.beforeSeq`), which the store records so a replay can mark them there (P2).
public struct RideSessionCommit: Sendable, Equatable {
    public var batch: Batch
    /// Whether the batch's latest epoch was a position the receiver measured: what the LED shows as
    /// recording with a fix. Not one it dead-reckoned, was given or simulated (`unmeasured-position`):
    /// the rider has no fix then, whatever the receiver calls it. Nil when the batch holds no epoch.
    public var hasMeasuredFix: Bool?
    public init(batch: Batch) {
        self.batch = batch
        hasMeasuredFix = batch.fixes.last.map { $0.flags.isDisjoint(with: [.noFix, .unmeasuredPosition]) }
    }
}

/// Why a ride ends; the executor renders the stop event's text (`button` is stored as is).
public enum RideStopReason: Sendable, Equatable {
    case button
    /// Auto-paused or without a fix for `pausedS` (`AutoPause.stillForS`), at or beyond the forgotten-ride limit `limitS`.
    case forgotten(pausedS: Double, limitS: Double)
    /// A resumed ride found older than the limit by GNSS time (`StaleResumeRule`).
    case staleAfterRestart(reason: String)
}

/// What the session tells the outside world; the recorder passes it on as it is (`RecorderEvent.session`).
public enum RideSessionNotice: Sendable, Equatable {
    /// `resumedWith`: nil for a new ride; for a ride re-armed after a restart, the totals its stored
    /// row held, what the ride kept from before (the restart's gap, committed next, not among them).
    case rideStarted(rideID: Int64, resumedWith: RideTotals?)
    case rideStopped(rideID: Int64, totals: RideTotals)
    /// Re-arm found a ride whose last commit is older than the policy allows and closed it.
    case rideClosedAtRestart(rideID: Int64, reason: String)
    /// The recording ride has been auto-paused or without a fix for `pausedS`: probably forgotten
    /// (the LED shows it until the rider moves again or the ride ends itself at the limit).
    case rideLooksForgotten(rideID: Int64, pausedS: Double)
    case rideMovingAgain(rideID: Int64)
    /// The receiver's fixes carry a date 1024 weeks behind (a GPS week rollover): moved on to
    /// `correctedUTCms`. Said once per run; each fix's time source says it too.
    case receiverDateCorrected(rideID: Int64, sentUTCms: Int64, correctedUTCms: Int64)
    /// The receiver's fixes carry a date that cannot be true (a placeholder): its time is not
    /// believed, and the fixes are dated from the board's clock. Said once per run.
    case receiverDateNotBelieved(rideID: Int64, sentUTCms: Int64)
}

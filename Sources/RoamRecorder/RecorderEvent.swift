import RoamCore

/// Everything the recorder tells the outside world (LED, progress line, acknowledgements, logs).
public enum RecorderEvent: Sendable {
    case rideStarted(rideID: Int64, resumed: Bool)
    case committed(CommitReport)
    /// A commit failed: the items stay parked (in order) and will be retried (P3).
    case commitFailed(error: String, parkedEpochs: Int, retryInS: Double)
    case rideStopped(rideID: Int64, totals: RideTotals)
    case receiverSilent(reason: String)
    case receiverBack
    case barometerMissing(reason: String)
    case barometerBack
    /// The alarm went up (P3): the LED shows it, `status` shows it.
    case alarmRaised(Alarm)
    /// Everything parked has landed (and any loss is recorded); the alarm is down.
    case alarmCleared(Alarm, landedEpochs: Int)
    /// The status file could not be written (announced once per streak; recording goes on).
    case statusFileFailed(error: String)
    /// Re-arm found a ride whose last commit is older than the policy allows and closed it.
    case rideClosedAtRestart(rideID: Int64, reason: String)
}

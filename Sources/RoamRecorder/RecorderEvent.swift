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
}

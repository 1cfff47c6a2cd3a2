import RoamCore

/// Everything the recorder tells the outside world (LED, progress line, acknowledgements, logs).
public enum RecorderEvent: Sendable {
    /// What the ride session announced (a ride started, stopped, closed at restart, looks forgotten,
    /// moves again), under the session's own names: a new notice is added there alone.
    case session(RideSessionNotice)
    case committed(CommitReport)
    /// A commit failed: the items stay parked (in order) and will be retried (P3). Not every failed
    /// retry of an outage is told (`RefusedRetryLines`): `unsaidTries` failed since the last one told.
    case commitFailed(error: String, parkedEpochs: Int, retryInS: Double, unsaidTries: Int)
    case receiverSilent(reason: String)
    /// Bytes again, `silentForNs` after the last the receiver was heard to send.
    case receiverBack(silentForNs: UInt64)
    case barometerMissing(reason: String)
    case barometerBack
    /// The alarm went up (P3): the LED shows it, `status` shows it.
    case alarmRaised(Alarm)
    /// Everything parked has landed (and any loss is recorded); the alarm is down.
    case alarmCleared(Alarm, landedEpochs: Int)
    /// The recorder exits still holding items it could not commit (storage failing until the end):
    /// they are named here and kept in the status file, and the next recorder records them (P2).
    case parkedLostAtExit(epochs: Int, presses: Int, error: String)
    /// The last recorder exited with items it could not commit (read from the status file): they go
    /// into the resumed ride's next commit as a `lost` event and its lost count (`recordedInRide`),
    /// or, with no ride to resume, are only said.
    case lossFromLastExit(epochs: Int, presses: Int, recordedInRide: Bool)
    /// The last recorder's status file could not be read: what it could not commit before it exited,
    /// if anything, is not recorded in this ride (recording goes on; the file is not written over).
    case lastStatusUnread(error: String)
    /// The status file could not be written (announced once per streak; recording goes on).
    case statusFileFailed(error: String)
    /// Free space fell below the low-storage rule (the LED shows it; recording goes on and never
    /// deletes anything to make room), or rose back above it with margin.
    case storageLow(LowStorage)
    case storageRecovered(freeBytes: UInt64)
    /// Free space could not be measured (announced once per streak; recording goes on).
    case storageUnmeasured(error: String)
}

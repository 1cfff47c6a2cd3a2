/// What the ride session is told, in order. Time comes in the events (`nowNs`: the commit
/// thread's monotonic clock when it handed the event over); the session reads no clock itself.
public enum RideSessionEvent: Sendable {
    /// What arrived between two presses, as one batch: it becomes one commit (P1).
    case batch(RideSessionBatch)
    /// A debounced button press: starts a ride when idle, stops the one recording.
    case press(monoNs: UInt64)
    /// A long press, "new ride": stops the ride recording, if any, then starts the next. Decided
    /// here, where the recording ride is known, so a ride the session ended itself (forgotten,
    /// closed at restart) cannot turn it into a start followed by a stop.
    case longPress(monoNs: UInt64)
    /// The store opened the ride that a `startRide` action asked for.
    case rideOpened(rideID: Int64, state: PipelineState, parameters: PipelineParameters)
    /// Re-arm after a restart: the ride that was recording, from its stored row (P7).
    case rearmed(rideID: Int64, state: PipelineState, parameters: PipelineParameters)
    /// A batch was taken (committed or not needed): the ride guards' turn (forgotten ride).
    case batchSettled(nowNs: UInt64)
    /// Free space fell below the low-storage rule (`detail` says what was measured and the limit).
    case storageLow(detail: String, nowNs: UInt64)
    case storageRecovered
}

/// One batch for the session: the sensor items in arrival order, plus the events the commit
/// thread itself adds to the next commit (a storage outage that ended, fixes it lost), which
/// the session places after its own pending events and before those of the items.
public struct RideSessionBatch: Sendable {
    public var items: [RideSessionItem]
    public var nowNs: UInt64
    public var outageEvents: [RideEvent]

    public init(items: [RideSessionItem], nowNs: UInt64, outageEvents: [RideEvent] = []) {
        self.items = items; self.nowNs = nowNs; self.outageEvents = outageEvents
    }
}

/// A sensor item as the session sees it (presses come as their own event).
public enum RideSessionItem: Sendable, Equatable {
    case epoch(SensorEpoch)
    /// No bytes from the receiver for the silence threshold: a gap, unless one is open already.
    case receiverSilent(monoNs: UInt64)
    case receiverBack(monoNs: UInt64)
    /// The receiver's set-up held the line at other bauds from `monoNs` (the module's epochs of that
    /// time lost): a "receiver set up again" gap, unless one is open already.
    case receiverSetUpAgain(monoNs: UInt64)
    /// The recorder re-armed the ride after a restart: a "logger restarted" gap (P5, P7).
    case restarted(monoNs: UInt64)
    /// The barometer gave no sample for the epoch after this item, and why in words.
    case barometerMissing(monoNs: UInt64, cause: String)
    /// The barometer gives samples again from the epoch after this item.
    case barometerBack(monoNs: UInt64)
}

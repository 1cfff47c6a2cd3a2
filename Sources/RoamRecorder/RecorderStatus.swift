import RoamHardware

/// What `roam-board status` shows about a running recorder: a value the commit thread keeps
/// current, readable from any thread (`Recorder.status`, for the LED) and mirrored into the
/// status file (`RecorderStatusFile`) because the database cannot be written while storage fails.
public struct RecorderStatus: Sendable, Equatable {
    public var pid: Int32
    /// The kernel's boot id: monotonic times below compare only within one boot.
    public var bootID: String
    public var updatedMonoNs: UInt64 = 0
    public var updatedUTCms: Int64 = 0
    /// The recording ride, nil when idle.
    public var rideID: Int64?
    public var alarm: Alarm?
    /// Epochs read but not committed yet because commits fail (P3), and the batches they came in.
    public var parkedEpochs = 0
    public var parkedBatches = 0
    /// Epochs dropped since the last commit (queue or parking space full), not yet recorded as an event.
    public var lostEpochsPending = 0
    /// Epochs dropped since this recorder started, recorded or not.
    public var lostEpochsTotal = 0
    /// Epochs and button presses a recorder still held parked when it exited (storage failing until
    /// then), not yet recorded in a ride: the next recorder reads them here and records them (P2).
    public var lostAtExitEpochs = 0
    public var lostAtExitPresses = 0
    public var committedBatches = 0
    public var lastCommitMonoNs: UInt64?
    public var lastCommitUTCms: Int64?
    /// The newest fix acknowledged (committed), e.g. for a progress display.
    public var lastAckedSeq: Int64?
    public var lastError: String?
    /// Set while free space is below the low-storage rule: what was measured and the limit.
    public var storageLow: String?
    /// The receiver's latest set-up mid-run, why and how many so far (nil: none in this run).
    public var receiverSetupAgain: ReceiverSetupAgain?

    public init(pid: Int32, bootID: String) { self.pid = pid; self.bootID = bootID }
}

/// Kinds of rows in `events`. Raw values are stored; never rename one.
public enum RideEventKind: String, Sendable, Codable, CaseIterable {
    case start, stop, gap, rearm, alarm, parked, recovered, lost, button, storageLow = "storage-low"
    /// The barometer stopped giving samples (detail: why, in words) and came back: the stretch of
    /// fixes flagged barometer-missing between them, with its cause (P5, P6). Not a gap of the
    /// track: the fixes go on, only climb is not counted across it.
    case barometerMissing = "barometer-missing", barometerBack = "barometer-back"
}

/// Why a segment ended (P5). Stored as the `detail` of a gap event (text: a new cause needs no
/// migration), and shown as it reads on the ride page and by `show`.
public enum GapCause: String, Sendable, Codable, CaseIterable {
    case lostFix = "no fix"
    case receiverSilent = "receiver silent"
    case spatialJump = "spatial jump"
    case loggerRestarted = "logger restarted"
    /// The recorder set the receiver up again mid-ride (a module power-cycled, its baud or rate lost)
    /// and held the line at other bauds meanwhile: the module's epochs of that time were not read.
    case receiverSetUpAgain = "receiver set up again"
    /// The receiver went on with positions it did not measure (`UnmeasuredSolution`).
    case receiverEstimating = "receiver estimating"
    case manualPosition = "manual position"
    case simulatedPosition = "simulated position"
    /// An imported file starts a new track segment here (`<trkseg>`): its writer lost the receiver
    /// or stopped logging. What happened across it is not in the file, so it is no moving time.
    case fileSegmentBreak = "segment break in the file"
    /// A silence in an imported file that says nothing of why (`PipelineParameters.silenceGapCause`):
    /// no receiver was seen, only that the file has no points there. The rider may have ridden on.
    case noPointsInFile = "no points in the file"
    /// A silence in roam-board's own export of the kept fixes only (`ExportedFixes.kept`): the fixes
    /// there were set aside (under the distance gate at a stop, without a position, flagged), and the
    /// export left them out; what the receiver did is not in the file.
    case leftOutOfExport = "points left out of the export"

    init(_ solution: UnmeasuredSolution) {
        switch solution {
        case .deadReckoning: self = .receiverEstimating
        case .manualInput: self = .manualPosition
        case .simulator: self = .simulatedPosition
        }
    }

    /// The rider may have ridden on across a gap of this cause (P4), so its time counts as moving
    /// when its straight line is at riding speed (`RidePipeline.follow`): the receiver stopped
    /// measuring (a tunnel), fell silent or was set up again, the logger restarted, or a file has no
    /// points there. Not a jump (the track is elsewhere) nor a file's segment break (its writer
    /// stopped logging, perhaps at the rider's stop): their time is never moving. `loggersOwn`: whether
    /// the logger's own gaps count (`PipelineParameters.loggerGapsRiddenThrough`).
    func mayBeRiddenThrough(loggersOwn: Bool) -> Bool {
        switch self {
        case .lostFix, .receiverEstimating, .manualPosition, .simulatedPosition, .noPointsInFile, .leftOutOfExport: true
        case .receiverSilent, .receiverSetUpAgain, .loggerRestarted: loggersOwn
        case .spatialJump, .fileSegmentBreak: false
        }
    }
}

/// One row of `events`.
public struct RideEvent: Sendable, Equatable {
    public var kind: RideEventKind
    public var monoNs: UInt64?
    public var utcMs: Int64?
    public var detail: String
    /// For a gap that the fixes do not show (a logger restart, a silent receiver): the fix it came
    /// before, so replaying the stored fixes can mark it at the same place. nil for other events.
    public var beforeSeq: Int64?
    public init(kind: RideEventKind, monoNs: UInt64? = nil, utcMs: Int64? = nil, detail: String = "",
                beforeSeq: Int64? = nil) {
        self.kind = kind; self.monoNs = monoNs; self.utcMs = utcMs; self.detail = detail; self.beforeSeq = beforeSeq
    }
}

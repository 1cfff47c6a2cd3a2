import RoamCore

/// The ride-level values an exporter needs besides its fixes.
public struct RideSummary: Sendable, Equatable {
    public var id: Int64
    public var startedUTCms: Int64?
    public var endedUTCms: Int64?
    public var totals: RideTotals
    /// The parameters that produced the flags and totals, as stored with the ride (JSON text).
    public var parametersJSON: String
    /// The same parameters as values: where they say speed is derived, exports write each fix's speed
    /// as the page shows it (`ExportSpeed`). The default measures speed: each fix's receiver speed.
    public var parameters = PipelineParameters()
    /// The figures that are no device's measurement (a bench replay's), said where they are shown.
    public var unmeasured: UnmeasuredFigures
    /// For a ride imported from another device's file: "imported from FILE (DEVICE)". Exports say it,
    /// and never the board's barometer or recording for such a ride. nil for a ride this board recorded.
    public var importedFrom: String? = nil
    /// The stretches without barometer samples and why (`BarometerStretches`): listed with the gaps.
    public var barometerStretches: [BarometerStretches.Stretch] = []
    /// How the ride ended, in words (`RideEnding`): a ride closed at a start says why. nil while it
    /// records, and for an imported ride (its note says where it came from).
    public var ending: String? = nil
    /// What a newer roam-board wrote into the ride that this one leaves out, in words; nil when nothing.
    public var newerNote: String? = nil

    /// What an imported ride's GPX and page say it is, and whose its points, times and elevation
    /// are: a file without elevation gave none, and nothing claims one. nil for a ride this board recorded.
    public var importedNote: String? {
        importedFrom.map { "Not recorded by this board: \($0). " + (hasElevation
            ? "Points, times and elevation are the file's own"
            : "Points and times are the file's own; the file has no elevation, so the ride has no elevation and no climb") }
    }

    /// What the pipeline computed for an imported ride, beside `importedNote`.
    var importedComputed: String { hasElevation ? "distance, time and climb" : "distance and time" }

    private var hasElevation: Bool { unmeasured.altitude != .none }

    public init(id: Int64, startedUTCms: Int64?, endedUTCms: Int64?, totals: RideTotals, parametersJSON: String,
                unmeasured: UnmeasuredFigures = UnmeasuredFigures(PipelineParameters())) {
        self.id = id; self.startedUTCms = startedUTCms; self.endedUTCms = endedUTCms
        self.totals = totals; self.parametersJSON = parametersJSON; self.unmeasured = unmeasured
    }
}

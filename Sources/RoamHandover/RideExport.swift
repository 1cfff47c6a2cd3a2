import RoamCore
import RoamExport
import RoamStore

/// The hand-over use case: a stored ride to the bytes of one of its formats, streamed from a
/// read-only connection through an exporter into any sink. `dump`, `view`'s summary, the drive's
/// ride files and the dump benchmark all write through here, so a ride's GPX is the same bytes
/// whichever way it leaves the board.
public enum RideExport {
    /// `provenance`: where an imported ride came from (`RideReader.provenance`), which its files say.
    public static func summary(_ ride: RideRow, span: RideSpan, provenance: ImportProvenance? = nil) throws -> RideSummary {
        // Sorted keys, compact: the text JSONEncoder wrote with `.sortedKeys`.
        let parameters = try JSONTextEncoder().encode(ride.parameters)
        var summary = RideSummary(id: ride.id, startedUTCms: span.startUTCms, endedUTCms: span.endUTCms,
                                  totals: ride.totals, parametersJSON: parameters, unmeasured: UnmeasuredFigures(ride.parameters))
        summary.parameters = ride.parameters
        summary.importedFrom = provenance?.sentence
        return summary
    }

    /// Any format into a sink that can patch its header (a file, a spool). Returns the sink, the
    /// fixes read, and those a FIT file holds no record of because their time went back
    /// (`FITWriter.timeBackCount`, said with `FITTimeBack.words`; 0 for the other formats).
    public static func export<S: PatchableSink>(_ format: ExportFormat, _ ride: RideSummary, raw: Bool, reader: RideReader,
                                         into sink: S) throws -> (sink: S, fixes: Int, timeBack: Int) {
        guard format == .fit else {
            let (sink, n) = try exportText(format, ride, raw: raw, reader: reader, into: sink)
            return (sink, n, 0)
        }
        var writer = FITWriter(sink: sink, includeFlagged: raw, gapSpans: try reader.gapSpans(ride: ride.id))
        // Every usable fix, those set aside too: paused ones stop the timer and the fixes under the
        // distance gate start it again, as they make moving time (`FITWriter.write`).
        // The fixes exported, not the rows read: those under the gate only drive the timer.
        _ = try stream(&writer, ride, reader: reader, raw: raw, withNMEA: false, keepingFlags: [.paused, .underDistanceGate])
        return (writer.sink, writer.exportedFixCount, writer.timeBackCount)
    }

    /// The text formats, which never look back at what they wrote.
    public static func exportText<S: ByteSink>(_ format: ExportFormat, _ ride: RideSummary, raw: Bool, reader: RideReader,
                                        into sink: S) throws -> (S, Int) {
        switch format {
        case .gpx:
            var w = GPXWriter(sink: sink, includeFlagged: raw)
            let n = try stream(&w, ride, reader: reader, raw: raw, withNMEA: false)
            return (w.sink, n)
        case .geojson:
            var w = GeoJSONWriter(sink: sink, includeFlagged: raw)
            let n = try stream(&w, ride, reader: reader, raw: raw, withNMEA: false)
            return (w.sink, n)
        case .csv:
            var w = CSVWriter(sink: sink, includeFlagged: raw)
            let n = try stream(&w, ride, reader: reader, raw: raw, withNMEA: true)
            return (w.sink, n)
        case .fit:
            preconditionFailure("FIT patches its header: use export(_:_:raw:reader:into:) with a PatchableSink")
        }
    }

    /// One read snapshot per ride, one fix in memory at a time. Without `raw`, SQLite skips the
    /// flagged rows before they are decoded; only CSV reads the NMEA text. Returns the rows read.
    public static func stream<E: RideExporter>(_ writer: inout E, _ ride: RideSummary, reader: RideReader, raw: Bool,
                                        withNMEA: Bool, keepingFlags: FixFlags = []) throws -> Int {
        var n = 0
        try writer.begin(ride)
        try reader.forEachExportedFix(ride: ride.id, excludingFlags: raw ? [] : .rejecting, keepingFlags: keepingFlags,
                                      withNMEA: withNMEA) { fix in
            try writer.write(fix)
            n += 1
        }
        try writer.end()
        return n
    }
}

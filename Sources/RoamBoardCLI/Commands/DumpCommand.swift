import Foundation
import RoamCore
import RoamExport
import RoamStore

/// `roam-board dump`: streams a ride from a read-only connection (a WAL reader that never blocks the
/// recorder) through an exporter into a file written atomically, or to stdout.
enum DumpCommand {
    static func run(_ p: ParsedArguments) throws {
        let reader = try RideReader(path: try BoardLoader.databasePath(p))
        let id = Int64(try p.integer("--ride")!)
        guard let ride = try reader.ride(id: id) else {
            throw CLIError(description: "no ride \(id) in \(reader.path) (see 'roam-board rides')")
        }
        let parameters = String(decoding: try JSONEncoder().encode(ride.parameters), as: UTF8.self)
        let summary = RideSummary(id: ride.id, startedUTCms: ride.startedUTCms, endedUTCms: ride.endedUTCms,
                                  totals: ride.totals, parametersJSON: parameters)
        if let out = p.value("--out") {
            var sink = try AtomicFileSink(path: out, overwrite: p.has("--force"))
            do {
                sink = try export(summary, reader: reader, raw: p.has("--raw"), into: sink)
                try sink.commit()
            } catch {
                sink.abandon()
                throw error
            }
        } else {
            var sink = try export(summary, reader: reader, raw: p.has("--raw"), into: StandardOutputSink())
            try sink.flush()
        }
    }

    private static func export<S: ByteSink>(_ summary: RideSummary, reader: RideReader, raw: Bool, into sink: S) throws -> S {
        var writer = GPXWriter(sink: sink, includeFlagged: raw)
        try writer.begin(summary)
        try reader.forEachFix(ride: summary.id) { try writer.write($0) }
        try writer.end()
        return writer.sink
    }
}

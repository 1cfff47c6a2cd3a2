import RoamDrive
import RoamExport
import RoamHandover
import RoamStore

/// A ride's files for the drive, written by `dump`'s own exporters under `dump`'s own names:
/// FIT and GPX, accepted fixes only, exactly what `dump --format fit|gpx --out DIR` writes.
struct DriveRideFiles: DriveRideWriter {
    let reader: RideReader
    let time: LocalTime
    static let formats: [ExportFormat] = [.fit, .gpx]

    func write(_ ride: RideRow, into folder: String) throws -> [String] {
        let span = try reader.span(ride.id)
        let summary = try RideExport.summary(ride, span: span, provenance: try reader.provenance(ride: ride.id))
        return try Self.formats.map { format in
            let name = RideFileName.name(rideID: ride.id, startedUTCms: span.startUTCms, format: format, time: time)
            var sink = try AtomicFileSink(path: OutputTarget.path(in: folder, name: name), overwrite: true)
            do {
                (sink, _) = try RideExport.export(format, summary, raw: false, reader: reader, into: sink)
                try sink.commit()
            } catch {
                sink.abandon()
                throw error
            }
            return name
        }
    }
}

import RoamCore
import RoamDrive
import RoamExport
import RoamStore
import RoamSystem

/// A ride's files for the drive, written by `dump`'s own exporters under `dump`'s own names:
/// FIT and GPX, accepted fixes only, exactly what `dump --format fit|gpx --out DIR` writes; beside
/// them the ride's page, built as `view` builds it (`RidePageBuild`) but linking the drive's one
/// shared copy of Leaflet (Leaflet/, `DriveSharedFiles`) rather than inlining it: a drive holds
/// hundreds of pages, and each would carry its own copy (~141 KB). Without Debian's libjs-leaflet
/// the pages keep their static map. index.html is the history page (`HistoryPageBuild`), linking
/// to each ride's page, FIT and GPX in Rides/.
public struct DriveRideFiles: DriveRideWriter {
    let reader: RideReader
    let time: LocalTime
    let boardName: String
    /// The board's units: README.txt's distances, and what index.html and the ride pages open in.
    public let units: UnitFormatter
    /// Another module's error in the rider's words (the CLI's translation of SQLite's and the system's).
    let describing: (any Error) -> String
    static let formats: [ExportFormat] = [.fit, .gpx]

    public init(reader: RideReader, time: LocalTime, boardName: String, units: UnitFormatter, describing: @escaping (any Error) -> String) {
        self.reader = reader; self.time = time; self.boardName = boardName; self.units = units; self.describing = describing
    }

    static let noLeaflet = "the ride pages keep their static map: Debian's libjs-leaflet is missing (apt install libjs-leaflet), "
        + "so their maps cannot zoom; the drive is built all the same"

    /// Leaflet's script and style as the package has them, without their source map comments (a
    /// browser's developer tools would ask for the missing map file).
    public func sharedFiles() -> DriveSharedFiles {
        let read: MapLibrary?
        do throws(SystemError) { read = try LeafletFiles.read() } catch {
            return DriveSharedFiles(missing: "the ride pages keep their static map: " + LeafletFiles.unreadable(error) + "; the drive is built all the same")
        }
        guard let library = read else { return DriveSharedFiles(missing: Self.noLeaflet + " (\(FilePath.shown(LeafletFiles.directory)))") }
        return DriveSharedFiles(files: [.init(name: MapLibrary.scriptFile, bytes: Array(library.script.utf8)),
                                        .init(name: MapLibrary.styleFile, bytes: Array(library.style.utf8))])
    }

    /// A ride whose rows cannot be read (a damaged page, a row this code cannot decode) is a
    /// `DamagedRide`: the drive leaves it out and names it, as `dump --all` does.
    public func write(_ ride: RideRow, into folder: String, linking: Bool) throws -> [DriveWrittenFile] {
        do {
            return try writeFiles(ride, into: folder, linking: linking)
        } catch let e as SQLiteError where e.isCorrupt {
            throw DamagedRide(rideID: ride.id, reason: "a damaged page")
        } catch let e as StoreError {
            guard case .corruptRow = e else { throw e }
            throw DamagedRide(rideID: ride.id, reason: e.description)
        }
    }

    public func describe(_ error: any Error) -> String { describing(error) }

    /// The start `RideFileName` names the files by, in the board's zone as they are.
    public func startUTCms(_ ride: RideRow) throws -> Int64? { try reader.span(ride.id).startUTCms }

    public func shownTime(utcMs: Int64) -> String { time.iso8601(utcMs: utcMs) }

    public var zone: (name: String, file: String)? { time.zone.map { (name: $0.identifier, file: $0.file) } }
    public func importedRides() throws -> [Int64: String] { try reader.importSentences() }
    public func reusableBytes() throws -> UInt64 { try reader.reusableBytes() }
    public func reopenDatabase() throws { try reader.reopen() }

    /// The FIT file's note is what `dump` says after it: the fixes it has no record of (`FITTimeBack`).
    /// Not fsynced (`durable: false`): they are the staging folder's, read only by mcopy; the image
    /// they go into is synced before its rename, and a crash leaves the folder to be cleared.
    private func writeFiles(_ ride: RideRow, into folder: String, linking: Bool) throws -> [DriveWrittenFile] {
        let span = try reader.span(ride.id)
        let summary = try RideExport.summary(ride, span: span, provenance: try reader.provenance(ride: ride.id))
        let exports = try Self.formats.map { format in
            let name = RideFileName.name(rideID: ride.id, startedUTCms: span.startUTCms, format: format, time: time)
            var sink = try AtomicFileSink(path: OutputFile.path(in: folder, name: name), overwrite: true, durable: false)
            var timeBack = 0
            do {
                (sink, _, timeBack) = try RideExport.export(format, summary, raw: false, reader: reader, into: sink)
                try sink.commit()
            } catch {
                sink.abandon()
                throw error
            }
            return DriveWrittenFile(name: name, note: timeBack > 0 ? FITTimeBack.line(rideID: ride.id, timeBack) : nil)
        }
        let page = try RidePageBuild.html(ride, reader: reader, bands: .cycling, zone: time.pageZone,
                                          mapLibrary: linking ? MapLibrary(linking: DriveSharedFiles.fromRidePage) : nil, units: units)
        let name = RideFileName.name(rideID: ride.id, startedUTCms: span.startUTCms, extension: "html", time: time)
        var sink = try AtomicFileSink(path: OutputFile.path(in: folder, name: name), overwrite: true, durable: false)
        do {
            try sink.write(page.html)
            try sink.commit()
        } catch {
            sink.abandon()
            throw error
        }
        return exports + [DriveWrittenFile(name: name)]
    }

    public func index(_ rides: [RideRow], files: [Int64: [String]]) throws -> String? {
        try HistoryPageBuild.html(rides, reader: reader, zone: time.pageZone, source: "board \(boardName), rides on this drive", units: units,
                                  files: { ride in (files[ride.id] ?? []).filter { !$0.hasSuffix(".html") }.map { "Rides/" + $0 } }) { ride, _ in
            files[ride.id]?.first { $0.hasSuffix(".html") }.map { "Rides/" + $0 }
        }
    }
}

import RoamCore
import RoamGPX
import RoamStore
import RoamSystem

/// One file in, one imported ride out (or the ride it already is): read (uncompressed when gzip,
/// `RideFile`), key, convert (GPSBabel for FIT and TCX), parse, run it through the pipeline and store
/// it in chunks of bounded length, so a recorder committing meanwhile waits little (`RideStore.storeImport`). Whether a stored ride is
/// already this one (`SameRide`) is asked in the first chunk's transaction, where the ride is claimed.
public final class RideImporter {
    public let store: RideStore
    /// gpsbabel's path once found; the error once it was not, so it is looked for once.
    private var gpsbabel: Result<String, ImportError>?

    /// Fixes per transaction (`RideStore.storeImport`): what a recorder's commit waits for at most.
    public var fixesPerCommit = RideStore.importFixesPerCommit
    /// Runs once before the file's ride is written, outside any transaction: where another process may
    /// import a file of the same ride (tests import one there).
    public var beforeStore: () throws -> Void = {}
    /// Runs after each chunk's commit, outside the transaction, with the fixes stored so far.
    public var afterCommit: (Int) throws -> Void = { _ in }
    /// The write lock left free between two chunks: longer than the longest sleep of SQLite's busy
    /// handler (100 ms), so a recorder's commit waiting for the lock takes it before the next chunk
    /// instead of finding it taken again at every try. 0.11 s per 2 000 points (4.8 s for 24 h at 1 Hz).
    public var pauseBetweenChunksNs: UInt64 = 110_000_000

    /// Left free for recording on the database's storage (`RecordingReserve`): the import stops
    /// (`ImportNoRoom`) before the file and before each chunk when less is free.
    public var reserveBytes = RecordingReserve.bytes

    /// The most a gzip-compressed file may uncompress to (`RideFile.largestUncompressedBytes`).
    public var largestUncompressedBytes = RideFile.largestUncompressedBytes

    public init(store: RideStore) { self.store = store }

    /// What became of one file: a new ride, or the ride it already was, with its provenance.
    public struct Imported: Sendable, Equatable {
        public var outcome: ImportOutcome
        public var provenance: ImportProvenance
        /// What the file holds that the ride does not keep (heart rate, cadence, power): said, never stored.
        public var unkept: [GPXTrack.UnkeptFigure] = []

        /// A GPX's own: "heart rate and cadence in the file are not kept", or nil when it held none of them.
        /// A FIT or TCX file is read through gpsbabel's GPX, which drops power: what the file itself held
        /// is not known here, so the sentence says what is kept and what is not, without guessing.
        public var unkeptSentence: String? {
            guard provenance.format == ImportFormat.gpx.rawValue else { return Self.convertedSentence }
            return unkept.isEmpty ? nil : "\(Plural.series(unkept.map(\.rawValue))) in the file \(unkept.count == 1 ? "is" : "are") not kept"
        }

        public static let convertedSentence = "only positions, times, elevation and temperature are kept "
            + "(not heart rate, cadence or power, if the file holds them)"
    }

    public func importFile(_ path: String, nowUTCms: Int64) throws -> Imported {
        try checkRoom()
        let file = try RideFile.read(path, largestUncompressedBytes: largestUncompressedBytes)
        let format = file.format
        // The key of the ride file's own bytes, uncompressed: a .fit and its .fit.gz are one file, and
        // gzip's header (a time, a name, a level) does not make the same ride another.
        let key = ContentKey.of(file.bytes)
        var provenance = ImportProvenance(contentKey: key, fileName: RideFile.sourceName(path), format: format.rawValue,
                                          device: nil, importedUTCms: nowUTCms)
        if let ride = try store.importedRide(contentKey: key) {
            return Imported(outcome: .alreadyImported(rideID: ride), provenance: provenance)
        }
        let gpx: String
        switch format {
        case .gpx: gpx = String(decoding: file.bytes, as: UTF8.self)
        case .fit, .tcx: gpx = try GPSBabel.convert(file.asBytesForGPSBabel, program: try locateGPSBabel())
        }
        let track: GPXTrack
        do { track = try GPXTrack(parsing: gpx) } catch {
            throw Self.refusal(path, error, converted: format != .gpx)
        }
        switch format {
        case .gpx: provenance.device = track.creator
        case .fit: provenance.device = FITCreator.name(file.bytes)
        case .tcx: provenance.device = TCXCreator.name(tcx: file.bytes)
        }
        var parameters = PipelineParameters()
        // A past ride may be years old: only dates before the first GPS week rollover are taken as rolled over.
        parameters.rolloverFloorUTCms = WeekRollover.firstRolloverUTCms
        parameters.temperatureMeasured = track.hasTemperature
        // What the file's figures are (`UnmeasuredFigures`): speed from its positions and times, climb
        // from its elevation (none without one), never this board's receiver or barometer.
        parameters.speedMeasured = false
        parameters.altitudeSource = track.points.contains { $0.elevationM != nil } ? .trackElevation : .none
        // A silence between points is what the file says it is (`GapCause.silence(in:)`), never a receiver's "no fix" unseen.
        let exported = format == .fit ? FITExportedFixes.read(file.bytes) : format == .gpx ? track.exportedFixes : nil
        parameters.silenceGapCause = GapCause.silence(in: exported)
        let breaks = Set(track.points.indices.filter { track.points[$0].startsSegment })
        // A gap of the ride the export's own flags say was ridden through: its time was moving (`GPXTrack.Point.ridThroughGap`).
        // In an export of every fix that gap was the recording's own loss of fix, and is called so again.
        let riddenThroughCause = GapCause.silence(in: exported) ?? .lostFix
        let riddenThrough = Dictionary(uniqueKeysWithValues: track.points.indices.filter { track.points[$0].ridThroughGap }
            .map { ($0, riddenThroughCause) })
        let epochs = TrackEpochs.epochs(track)
        try beforeStore()
        // Whether a stored ride is already this one is asked where the ride would be written (`storeImport`).
        let outcome = try store.storeImport(epochs, breaksBefore: breaks, breakCauses: riddenThrough, parameters: parameters, provenance: provenance,
                                            fixesPerCommit: fixesPerCommit,
                                            sameRide: { [store] () throws(SQLiteError) in try SameRide.find(track.points, in: store) }) {
            [afterCommit, pauseBetweenChunksNs] stored in
            try afterCommit(stored)
            if stored < epochs.count {
                MonotonicClock.sleep(ns: pauseBetweenChunksNs)
                try checkRoom(stored: stored, of: epochs.count)
            }
        }
        return Imported(outcome: outcome, provenance: provenance, unkept: track.unkept)
    }

    /// What a rider reads when the GPX holds no ride that can be imported whole.
    static func refusal(_ path: String, _ problem: GPXTrack.Problem, converted: Bool) -> ImportError {
        let file = path + (converted ? " (as gpsbabel converted it)" : "")
        switch problem.kind {
        case .notGPX where !converted:
            // Told by its content as no FIT or TCX either, and named .gpx: import reads those three.
            return ImportError(.badFile, "\(file) is \(problem.description), nor a FIT or TCX file by its first bytes: nothing to import")
        case .damaged, .notGPX:
            return ImportError(.badFile, "\(file) is damaged: \(problem.description)")
        case .cutShort:
            return ImportError(.badFile, "\(file) is cut short: \(problem.description)")
        case .noTrack:
            return ImportError(.notARide, "\(file) holds no ride: \(problem.description); nothing to import")
        case .noTimes:
            return ImportError(.notARide, "\(file) has no timestamps: \(problem.description); nothing to import")
        case .missingTime:
            return ImportError(.notARide, "\(file) lacks timestamps: \(problem.description); nothing imported")
        case .outOfOrder:
            return ImportError(.badFile, "\(file) has its points out of time order: \(problem.description); nothing imported")
        }
    }

    /// Throws `ImportNoRoom` when the card's own free space (`StorageEstimate.cardBytes`: the
    /// database's free pages left out, which no WAL can use) is less than `reserveBytes`: a
    /// recorder writing there needs it more.
    private func checkRoom(stored: Int? = nil, of total: Int? = nil) throws {
        let folder = FilePath.parent(store.path)
        let free = Int64(clamping: try store.storageEstimate().cardBytes)
        guard free >= reserveBytes else {
            throw ImportNoRoom(freeBytes: free, folder: folder, reserveBytes: reserveBytes, storedPoints: stored, totalPoints: total)
        }
    }

    private func locateGPSBabel() throws(ImportError) -> String {
        if gpsbabel == nil {
            do { gpsbabel = .success(try GPSBabel.locate()) } catch { gpsbabel = .failure(error) }
        }
        switch gpsbabel! {
        case .success(let path): return path
        case .failure(let error): throw error
        }
    }
}

/// The device a TCX file names in its `<Creator><Name>…</Name>`, when it does.
enum TCXCreator {
    static func name(tcx bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let creator = text.firstRange(ofText: "<Creator"), let open = text[creator.upperBound...].firstRange(ofText: "<Name>"),
              let close = text[open.upperBound...].firstRange(ofText: "</Name>") else { return nil }
        let name = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: " \t\r\n")
        return name.isEmpty ? nil : name
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}

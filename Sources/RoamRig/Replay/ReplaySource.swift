import Glibc
import RoamCore
import RoamGPX
import RoamRecorder
import RoamSimulator
import RoamStore
import RoamSystem

/// What `record --replay FILE` replays on the bench board, told apart by the file's own first
/// bytes: a GPX track (each point at its time, the barometer following its elevation), a ride of
/// another roam-board database (its stored raw NMEA and pressure, exactly as recorded: how a ride
/// from a real board becomes a bench case) or an NMEA capture (streamed as it is). A FIT file is
/// named and refused: GPSBabel converts it. Anything that is none of these (a folder, an empty
/// file, text without one checksummed sentence, a capture with no position sentence or never a fix)
/// is refused before a ride exists: a replay that records nothing must not leave an empty ride behind.
public enum ReplaySource {
    case nmea(CaptureReader)
    case track(GPXTrack, path: String)
    /// `source`: what the stored ride measured (`UnmeasuredFigures`), carried over to the new one:
    /// a replay of a replay stays a replay; its temperatures were stored only where measured.
    /// `silence`: what the stored ride called its silences (`PipelineParameters.silenceGapCause`).
    case recorded([ReplayEpoch], source: UnmeasuredFigures, silence: GapCause?)

    /// Throws `ReplaySourceError`, or the store's own error when a database cannot be read.
    /// `startsRide`: false for `--no-ride`, which plays a capture with no ride to leave empty (a
    /// board switched on before its first fix: bench-peer's idle cases), so only junk is refused.
    public static func open(_ path: String, ride: String?, startsRide: Bool = true) throws -> ReplaySource {
        if path == "-" { return .nmea(try standardInput(startsRide: startsRide)) }
        if FileSystem.isFolder(path) {
            // No ride, like any other replay that is not one (65), not a mistake in the command's shape.
            throw ReplaySourceError(.badData, "--replay \(FilePath.shown(path)) is a folder: name a GPX track, an NMEA capture or a roam-board database")
        }
        let kind: FileSystem.Kind?
        do { kind = try FileSystem.kind(path) } catch {
            throw ReplaySourceError(.unreadable, "cannot read --replay \(FilePath.shown(path)): \(error.reason)")
        }
        if kind == nil {
            throw ReplaySourceError(.unreadable, "--replay \(FilePath.shown(path)) does not exist: name a GPX track, an NMEA capture or a roam-board database")
        }
        let head = try firstBytes(path, 512)
        if head.isEmpty {
            throw ReplaySourceError(.badData, "\(FilePath.shown(path)) is empty: nothing to replay; nothing was recorded")
        }
        if head.starts(with: Array("SQLite format 3\0".utf8)) { return try storedRide(path, ride) }
        if ride != nil {
            throw ReplaySourceError(.usage, "--ride applies to --replay of a roam-board database; \(FilePath.shown(path)) is not one")
        }
        let track = TrackFileHead(head)
        if track == .fit {
            throw ReplaySourceError(.badData, "\(FilePath.shown(path)) is a FIT file; replay takes GPX or NMEA. Convert it first: "
                + TrackFileHead.fitConversion(FilePath.shown(path)))
        }
        guard track == .gpx else {
            try refuseWithoutPositions(path, CaptureSniffer.holding(path), startsRide: startsRide)
            return .nmea(try capture(path))
        }
        let whole: [UInt8]
        do { whole = try FileSystem.readBytes(path) } catch {
            throw ReplaySourceError(.unreadable, "cannot read \(FilePath.shown(path)): check the path and its permissions")
        }
        do {
            return .track(try GPXTrack(parsing: String(decoding: whole, as: UTF8.self)), path: path)
        } catch {
            // XML that is no GPX, a TCX ride most likely (a FIT one is named above by its header).
            let advice = error.kind == .notGPX ? "; replay takes GPX or NMEA: a TCX or FIT ride goes through gpsbabel first" : ""
            throw ReplaySourceError(.badData, "\(FilePath.shown(path)): \(error.description)\(advice); nothing was recorded")
        }
    }

    /// What a replay changes in the recorder: a replayed capture may be years old, so only dates
    /// before the first GPS week rollover are taken as rolled over, not everything before this
    /// build's floor; speed, altitude and temperature are called measured only where the source
    /// measured them; a hole in a track file is called what an import calls it; and a ride an interrupted replay left open is closed, since every replay
    /// records a ride of its own.
    public func apply(to options: inout Recorder.Options) {
        options.commit.parameters.temperatureMeasured = measuresTemperature
        options.commit.parameters.speedMeasured = measuresSpeed
        options.commit.parameters.altitudeSource = altitudeSource
        options.commit.parameters.silenceGapCause = silenceGapCause
        options.commit.parameters.rolloverFloorUTCms = Self.rolloverFloorUTCms
        options.rearm.replaying = true
    }

    /// The floor every replay records with: dates from before any receiver could roll over.
    static let rolloverFloorUTCms = WeekRollover.firstRolloverUTCms

    /// Whether a ride still recording was started by a replay, which no start goes on with: the next
    /// replay or live start closes it at re-arm (`RearmPolicy.startedByReplay`, one rule for both).
    public static func recorded(_ ride: RideRow) -> Bool { RearmPolicy.startedByReplay(ride) }

    /// Whether the bench barometer's temperature will be one a device measured: a stored ride's, or
    /// a track's `atemp`. A capture carries none and a track without it only the standard atmosphere's.
    public var measuresTemperature: Bool {
        switch self {
        case .nmea: return false
        case .track(let track, _): return track.hasTemperature
        case .recorded(_, let source, _): return source.temperatureMeasured
        }
    }

    /// A capture's RMC carries the receiver's speed; a GPX track's is derived from its positions.
    public var measuresSpeed: Bool {
        switch self {
        case .nmea: return true
        case .track: return false
        case .recorded(_, let source, _): return !source.speedDerived
        }
    }

    /// What the bench barometer follows: nothing for a capture (it would read a constant), the
    /// track's elevation, or the stored ride's own pressures.
    public var altitudeSource: AltitudeSource {
        switch self {
        case .nmea: return .none
        case .track: return .trackElevation
        case .recorded(_, let source, _): return source.altitude
        }
    }

    /// What a silence between the replayed epochs is called where the pipeline breaks the track: a
    /// capture's stretch without sentences is its receiver's silence, as the board says it in real
    /// time (a fast replay sees only the jump in GNSS time); a track file's is a hole in the file, in the
    /// words an import of the same file says (`GapCause.silence(in:)`), never a loss of fix nobody
    /// saw; a stored ride's is what that ride called it.
    public var silenceGapCause: GapCause? {
        switch self {
        case .nmea: return .receiverSilent
        case .track(let track, _): return GapCause.silence(in: track.exportedFixes)
        case .recorded(_, _, let silence): return silence
        }
    }

    public func script(realtime: Bool) -> SimulatedRig.Script {
        switch self {
        case .nmea(let reader): return .capture(reader, realtime: realtime)
        case .track(let track, _): return .track(TrackReplay.epochs(track), realtime: realtime)
        case .recorded(let epochs, _, _): return .track(epochs, realtime: realtime)
        }
    }

    /// The ride's raw epochs as stored: every fix's sentences in order, its pressure and
    /// temperature (a fix stored without a sample keeps the barometer at the last one).
    private static func storedRide(_ path: String, _ rideText: String?) throws -> ReplaySource {
        guard let rideText else {
            throw ReplaySourceError(.usage, "\(FilePath.shown(path)) is a roam-board database: name the ride to replay with --ride N")
        }
        guard let id = Int64(rideText), id > 0 else { throw ReplaySourceError(.usage, "--ride wants a ride id, not '\(rideText)'") }
        let reader = try RideReader(path: path)
        guard let stored = try reader.ride(id: id) else {
            throw ReplaySourceError(.badData, "no ride \(id) in \(FilePath.shown(path)) (see 'roam-board rides --db \(FilePath.shown(path))')")
        }
        var epochs: [ReplayEpoch] = []
        var pressure = 101_325.0, temperature = 15.0
        // What the stored ride says it measured, and only where it stored a value at all.
        var source = stored.parameters
        var hadPressure = false, hadTemperature = false
        try reader.forEachFix(ride: id) { fix in
            if let p = fix.pressurePa { pressure = p; hadPressure = true }
            if let t = fix.temperatureC { temperature = t; hadTemperature = true }
            guard !fix.epoch.sentences.isEmpty else { return }
            let nmea = fix.epoch.sentences.map { $0 + "\r\n" }.joined()
            epochs.append(ReplayEpoch(utcMs: fix.utcMs ?? 0, nmea: Array(nmea.utf8), pressurePa: pressure, temperatureC: temperature))
        }
        guard !epochs.isEmpty else {
            throw ReplaySourceError(.badData, "\(FilePath.shown(path)): ride \(id) has no raw NMEA to replay; nothing was recorded")
        }
        if !hadPressure { source.altitudeSource = .none }
        if !hadTemperature { source.temperatureMeasured = false }
        return .recorded(epochs, source: UnmeasuredFigures(source), silence: source.silenceGapCause)
    }

    /// Standard input, checked as a file is before the ride begins: refused when empty, without a
    /// checksummed sentence or (starting a ride) without a position sentence, else replayed from its
    /// first sentence on, as it arrives. A stream is never refused for having no fix yet: it is read
    /// only up to its first position sentence, and one still open may be a receiver before its first
    /// fix, so a piped capture that never had one records an empty ride (docs/BENCH.md).
    private static func standardInput(startsRide: Bool) throws(ReplaySourceError) -> CaptureReader {
        let reader = try capture("-")
        let found = try CaptureSniffer.startOf(reader, untilPosition: startsRide)
        guard let first = found.fromSentence else {
            let limit = CaptureSniffer.standardInputLimitBytes
            // A track is parsed whole from a file; a FIT file is converted first. Either said as such, not as junk.
            switch TrackFileHead(found.head) {
            case .gpx?:
                throw ReplaySourceError(.badData, "standard input (--replay -) is a GPX track: a track is replayed from a file, "
                                        + "not standard input: save it and give its name, --replay ride.gpx; nothing was recorded")
            case .fit?:
                throw ReplaySourceError(.badData, "standard input (--replay -) is a FIT file; replay takes GPX or NMEA, and a track from a file: "
                                        + "save it as ride.fit, convert it (" + TrackFileHead.fitConversion("ride.fit")
                                        + ") and give the file, --replay ride.gpx; nothing was recorded")
            case nil: break
            }
            throw ReplaySourceError(.badData, found.read == 0 ? "standard input (--replay -) is empty: nothing to replay; nothing was recorded"
                : "standard input (--replay -) holds no checksummed NMEA sentence in its "
                    + (found.read >= limit ? "first \(limit >> 20) MiB" : "\(found.read) bytes") + "; nothing was recorded")
        }
        if startsRide && found.tally.positions == 0 {
            throw ReplaySourceError(.badData, CaptureRefusal.noPosition("standard input (--replay -)", found.tally,
                                                                         within: found.ended ? nil : "first \(CaptureSniffer.standardInputLimitBytes >> 20) MiB"))
        }
        reader.serveFirst(first)
        return reader
    }

    private static func capture(_ path: String) throws(ReplaySourceError) -> CaptureReader {
        do {
            return try CaptureReader(path: path)
        } catch {
            throw ReplaySourceError(.unreadable, "cannot read capture \(FilePath.shown(path)): \(error.reason)")
        }
    }

    private static func firstBytes(_ path: String, _ count: Int) throws(ReplaySourceError) -> [UInt8] {
        let fd = try ReplayFile.open(path)
        defer { close(fd) }
        // Up to `count` bytes; a read error is said (ReplayFile), never taken for the end.
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = try head.withUnsafeMutableBytes { raw in
                Result { () throws(ReplaySourceError) in try ReplayFile.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]), path: path) }
            }.get()
            guard n > 0 else { break }
            filled += n
        }
        return Array(head[0..<filled])
    }
}

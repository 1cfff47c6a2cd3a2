import Foundation
import RoamBench
import RoamRecorder

/// What `record --replay FILE` replays on the bench board, told apart by the file's own first
/// bytes: a GPX track (each point at its time, the barometer following its elevation) or an
/// NMEA capture (streamed as it is). A FIT file is named and refused: GPSBabel converts it.
enum ReplaySource {
    case nmea(CaptureReader)
    case track(GPXTrack, path: String)

    static func open(_ path: String) throws -> ReplaySource {
        if path == "-" { return .nmea(try capture(path)) }
        let head = try firstBytes(path, 512)
        if head.count >= 12, Array(head[8..<12]) == Array(".FIT".utf8) {
            throw CLIError(description: "\(path) is a FIT file; replay takes GPX or NMEA. Convert it first: "
                + "gpsbabel -i garmin_fit -f \(path) -o gpx,gpxver=1.1 -F ride.gpx", status: ExitStatus.dataError)
        }
        let text = String(decoding: head, as: UTF8.self)
        guard text.contains("<gpx") || text.hasPrefix("<?xml") else { return .nmea(try capture(path)) }
        let whole: Data
        do { whole = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw CLIError(description: "cannot read \(path): check the path and its permissions", status: ExitStatus.usage)
        }
        do {
            return .track(try GPXTrack(parsing: String(decoding: whole, as: UTF8.self)), path: path)
        } catch {
            throw CLIError(description: "\(path): \(error.description); nothing was recorded", status: ExitStatus.dataError)
        }
    }

    func script(realtime: Bool) -> BenchRig.Script {
        switch self {
        case .nmea(let reader): return .capture(reader)
        case .track(let track, _): return .track(TrackReplay.epochs(track), realtime: realtime)
        }
    }

    private static func capture(_ path: String) throws -> CaptureReader {
        do {
            return try CaptureReader(path: path)
        } catch {
            throw CLIError(description: "cannot read capture \(path) (\(error.reason)): check the path and its permissions",
                           status: ExitStatus.usage)
        }
    }

    private static func firstBytes(_ path: String, _ count: Int) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CLIError(description: "cannot read capture \(path): check the path and its permissions", status: ExitStatus.usage)
        }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
    }
}

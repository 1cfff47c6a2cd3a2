import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RoamCore
@testable import RoamStore

/// The bench board's ride recorded by `record`, its page rendered by `view`, and what the tests
/// judge the replay against, read straight from the database with SQL of their own (not through
/// the code that built the page). Built once; the files are removed as soon as all is in memory.
struct ViewReplayFixture: Sendable {
    struct Fix: Sendable {
        var seq: Int64, utcMs: Int64, segment: Int, flags: FixFlags
        var speedMps: Double?, baroAltM: Double?
        /// The ride's running distance after this fix: the sum of `distance_added_m` so far.
        var distanceM: Double
        var isDrawn: Bool { flags.isAccepted && !flags.contains(.noFix) }
    }

    typealias XY = (x: Double, y: Double)

    let rideStartUTCms: Int64
    let rideDistanceM: Double
    let fixes: [Fix]
    let gapCauses: [String]
    /// The vertices the map draws per segment, in order (runs joined, repeated joints dropped).
    let mapVertices: [Int: [XY]]
    /// The vertices the elevation profile draws per segment, in order.
    let profileVertices: [Int: [XY]]
    /// The page's pure replay script and its embedded data, exactly as the page carries them.
    let coreScript: String
    let uiScript: String
    let dataJSON: String
    let pageBytes: Int

    static let shared = Result { try make() }

    private static func make() throws -> ViewReplayFixture {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, html) = try ViewBenchRide.recordAndView(in: dir)
        let doc = try XMLDocument(xmlString: html)

        let sql = try SQLiteConnection(path: db, mode: .readOnly)
        let ride = try sql.prepare("SELECT started_utc_ms, distance_m FROM rides WHERE id = 1")
        guard try ride.step() else { throw TrialSetupError(message: "no ride 1 in \(db)") }
        let start = ride.int64(at: 0), distance = ride.double(at: 1)
        ride.reset()
        var fixes: [Fix] = []
        var sum = 0.0
        let rows = try sql.prepare("SELECT seq, t_utc_ms, segment, flags, speed_mps, baro_alt_m, distance_added_m "
            + "FROM fixes WHERE ride_id = 1 ORDER BY seq")
        while try rows.step() {
            sum += rows.double(at: 6)
            fixes.append(Fix(seq: rows.int64(at: 0), utcMs: rows.int64(at: 1), segment: rows.int(at: 2),
                             flags: FixFlags(rawValue: rows.int(at: 3)), speedMps: rows.optionalDouble(at: 4),
                             baroAltM: rows.optionalDouble(at: 5), distanceM: sum))
        }
        rows.reset()
        var causes: [String] = []
        let events = try sql.prepare("SELECT detail FROM events WHERE ride_id = 1 AND kind = 'gap' ORDER BY id")
        while try events.step() { causes.append(events.text(at: 0)) }
        events.reset()

        func script(_ id: String) throws -> String {
            guard let text = try doc.nodes(forXPath: "//*[local-name()='script'][@id='\(id)']").first?.stringValue else {
                throw TrialSetupError(message: "the page has no script #\(id)")
            }
            return text
        }
        return ViewReplayFixture(
            rideStartUTCms: start, rideDistanceM: distance, fixes: fixes, gapCauses: causes,
            mapVertices: try vertices(doc, group: "segment"), profileVertices: try vertices(doc, group: "elevation-segment"),
            coreScript: try script("replay-core"), uiScript: try script("replay-ui"), dataJSON: try script("replay-data"),
            pageBytes: html.utf8.count)
    }

    /// Polyline vertices per `data-segment` of the groups with this class.
    private static func vertices(_ doc: XMLDocument, group: String) throws -> [Int: [XY]] {
        var out: [Int: [XY]] = [:]
        for node in try doc.nodes(forXPath: "//*[local-name()='g'][@class='\(group)']") {
            guard let n = try node.nodes(forXPath: "@data-segment").first?.stringValue.flatMap({ Int($0) }) else { continue }
            var points: [XY] = []
            for line in try node.nodes(forXPath: "*[local-name()='polyline']/@points") {
                for pair in (line.stringValue ?? "").split(separator: " ") {
                    let xy = pair.split(separator: ",").compactMap { Double($0) }
                    guard xy.count == 2 else { throw TrialSetupError(message: "bad polyline point '\(pair)'") }
                    if let last = points.last, last.x == xy[0], last.y == xy[1] { continue }
                    points.append((xy[0], xy[1]))
                }
            }
            out[n] = points
        }
        return out
    }

    /// Seconds since the ride's start (the ride row's start time) of a fix.
    func seconds(_ fix: Fix) -> Double { Double(fix.utcMs - rideStartUTCms) / 1000 }
}

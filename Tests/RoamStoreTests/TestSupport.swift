import Foundation
import Testing
import RoamCore
@testable import RoamStore

/// A fresh directory per test, removed afterwards: every test uses real SQLite files.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("roam-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String = "rides.db") -> String { url.appendingPathComponent(name).path }

    deinit {
        do { try FileManager.default.removeItem(at: url) } catch {
            FileHandle.standardError.write(Data("could not remove \(url.path): \(error)\n".utf8))
        }
    }
}

/// Rows with every column set, and rows with every optional column nil.
enum Sample {
    static func fullFix(ride: Int64, seq: Int64) -> FixRecord {
        var e = Epoch()
        e.timeOfDayMs = 45_296_700 + Int(seq) * 1000
        e.date = UTCDate(year: 2024, month: 6, day: 9)
        e.latDeg = 47.376_887_123 + Double(seq) * 1e-4
        e.lonDeg = 8.541_694_456
        e.altMSLm = 408.3
        e.geoidSepM = 47.9
        e.speedMps = 6.25
        e.courseDeg = 271.4
        e.fixMode = .fix3D
        e.quality = 1
        e.satellitesUsed = 11
        e.hdop = 0.9
        e.vdop = 1.3
        e.pdop = 1.6
        e.gstLatErrM = 2.1
        e.gstLonErrM = 1.8
        e.gstAltErrM = 3.9
        e.sentences = ["$GPGGA,123456.70,4722.61322,N,00832.50166,E,1,11,0.9,408.3,M,47.9,M,,*5B",
                       "$GPRMC,123456.70,A,4722.61322,N,00832.50166,E,12.15,271.4,090624,,,A*6C"]
        return FixRecord(rideID: ride, seq: seq, monoNs: 9_000_000_000_000_000_000 + UInt64(seq) * 1_000_000_000,
                         epoch: e, pressurePa: 96_512.25, temperatureC: 21.5, utcMs: e.utcMs, timeSource: .gnss,
                         flags: [.segmentStart, .paused], segment: 2, smoothedLatDeg: 47.376_88, smoothedLonDeg: 8.541_69,
                         baroAltM: 410.2, distanceAddedM: 12.5)
    }

    static func sparseFix(ride: Int64, seq: Int64) -> FixRecord {
        FixRecord(rideID: ride, seq: seq, monoNs: UInt64(seq) * 1_000_000_000, epoch: Epoch(), pressurePa: nil,
                  temperatureC: nil, utcMs: nil, timeSource: .monotonicOnly, flags: [.noFix, .barometerMissing], segment: 0)
    }

    /// A batch whose state says exactly what its fixes add (as the pipeline would).
    static func batch(ride: Int64, seqs: Range<Int64>, after previous: PipelineState = PipelineState()) -> Batch {
        var state = previous
        let fixes = seqs.map { fullFix(ride: ride, seq: $0) }
        state.nextSeq = seqs.upperBound
        state.totals.fixCount += fixes.count
        state.totals.acceptedCount += fixes.count
        state.totals.distanceM += 12.5 * Double(fixes.count)
        state.totals.maxSpeedMps = 6.25
        state.totals.ascentM = (state.totals.ascentM ?? 0) + 1.5
        state.lastAccepted = anchored.lastAccepted
        let events = [RideEvent(kind: .button, monoNs: 5, utcMs: nil, detail: "press")]
        return Batch(rideID: ride, fixes: fixes, events: events, state: state)
    }

    /// A state holding a last accepted point (AcceptedPoint has no public initializer: the pipeline makes it).
    static let anchored: PipelineState = {
        var pipeline = RidePipeline(rideID: 1, state: PipelineState())
        _ = pipeline.process(SensorEpoch(epoch: fullFix(ride: 1, seq: 0).epoch, monoNs: 77, barometer: nil))
        return pipeline.state
    }()

    static func startedStore(at path: String) throws -> (RideStore, RideRow) {
        let store = try RideStore(path: path)
        let ride = try store.startRide(startedMonoNs: 1_000, startedUTCms: 1_717_936_000_000, parameters: PipelineParameters())
        return (store, ride)
    }
}

extension SQLiteConnection {
    func count(_ sql: String) throws -> Int {
        let text = try singleText(sql) ?? ""
        return Int(text) ?? -1
    }
}

/// The `E` that `body` throws, as `try #require(throws: E.self)` returns it from Swift 6.1 on (in
/// 6.0 that macro returns nothing). Nothing thrown is a failed requirement; another error type
/// propagates and fails the test with it.
func requireError<E: Error, R>(_ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation,
                               _ body: () throws -> R) throws -> E {
    var caught: E?
    do { _ = try body() } catch let error as E { caught = error }
    return try #require(caught, "expected an error of type \(E.self), none was thrown", sourceLocation: sourceLocation)
}

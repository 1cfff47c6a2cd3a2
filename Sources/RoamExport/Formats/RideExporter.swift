import RoamCore

/// What every format writer does: the ride's header, one call per fix in `seq` order, the closing.
/// A writer decides which fixes it exports (accepted ones, or every one with `includeFlagged`).
public protocol RideExporter {
    associatedtype Sink: ByteSink
    var sink: Sink { get }
    mutating func begin(_ ride: RideSummary) throws
    mutating func write(_ fix: FixRecord) throws
    mutating func end() throws
}

extension GPXWriter: RideExporter {}
extension FITWriter: RideExporter {}
extension GeoJSONWriter: RideExporter {}
extension CSVWriter: RideExporter {}

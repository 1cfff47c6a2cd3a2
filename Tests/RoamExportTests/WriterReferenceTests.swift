import Testing
import RoamCore
@testable import RoamExport

/// Pins the dump bytes: every text writer, with and without flagged fixes, writes exactly what
/// the String-building writers wrote before they were made fast (`LegacyTextExport`), on
/// seeded rides that reach every formatting branch (`VariedFixes`).
@Suite struct WriterReferenceTests {
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34]

    private func rides(_ seed: UInt64) -> [(summary: RideSummary, fixes: [FixRecord])] {
        var g = VariedFixes(seed: seed)
        return [g.ride(count: 0), g.ride(count: 1), g.ride(count: 400)]
    }

    private func text<W: RideExporter>(_ writer: W, _ ride: RideSummary, _ fixes: [FixRecord]) throws -> String
    where W.Sink == MemorySink {
        var w = writer
        try w.begin(ride)
        for f in fixes { try w.write(f) }
        try w.end()
        return String(decoding: w.sink.bytes, as: UTF8.self)
    }

    /// Compares line by line first, so a failure names the first line that differs.
    private func expectSame(_ new: String, _ old: String, _ what: String) {
        let a = new.split(separator: "\n", omittingEmptySubsequences: false)
        let b = old.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDiffering = (0..<min(a.count, b.count)).first { a[$0] != b[$0] }
        if let i = firstDiffering ?? (a.count == b.count ? nil : min(a.count, b.count)) {
            Issue.record("\(what): line \(i + 1) differs:\n new: \(i < a.count ? a[i] : "<none>")\n old: \(i < b.count ? b[i] : "<none>")")
        }
        let identical = new.utf8.elementsEqual(old.utf8)  // bytes, not String's canonical equivalence
        #expect(identical, "\(what): \(new.utf8.count) bytes against \(old.utf8.count)")
    }

    @Test(arguments: seeds) func gpxBytesAreUnchanged(seed: UInt64) throws {
        for (ride, fixes) in rides(seed) {
            for raw in [false, true] {
                expectSame(try text(GPXWriter(sink: MemorySink(), includeFlagged: raw), ride, fixes),
                           LegacyTextExport.gpx(ride, fixes, includeFlagged: raw), "gpx seed \(seed) raw \(raw) fixes \(fixes.count)")
            }
        }
    }

    @Test(arguments: seeds) func csvBytesAreUnchanged(seed: UInt64) throws {
        for (ride, fixes) in rides(seed) {
            for raw in [false, true] {
                expectSame(try text(CSVWriter(sink: MemorySink(), includeFlagged: raw), ride, fixes),
                           LegacyTextExport.csv(fixes, includeFlagged: raw), "csv seed \(seed) raw \(raw) fixes \(fixes.count)")
            }
        }
    }

    @Test(arguments: seeds) func geoJSONBytesAreUnchanged(seed: UInt64) throws {
        for (ride, fixes) in rides(seed) {
            for raw in [false, true] {
                expectSame(try text(GeoJSONWriter(sink: MemorySink(), includeFlagged: raw), ride, fixes),
                           LegacyTextExport.geojson(ride, fixes, includeFlagged: raw), "geojson seed \(seed) raw \(raw) fixes \(fixes.count)")
            }
        }
    }

    /// The generator really reaches the branches the comparison is meant to cover.
    @Test func variedRidesReachTheAwkwardCases() {
        let all = Self.seeds.flatMap { rides($0).flatMap(\.fixes) }
        let csv = LegacyTextExport.csv(all, includeFlagged: true)
        #expect(csv.contains("e+"), "a value too large for fixed point keeps Swift's exponent")
        #expect(csv.contains(",\"quote\"\"inside"), "a quote doubled inside a quoted field")
        #expect(all.contains { $0.utcMs.map { $0 < 0 } ?? false } && all.contains { ($0.utcMs ?? 0) > 253_402_300_800_000 })
        #expect(all.contains { $0.baroAltM?.isNaN ?? false } && all.contains { $0.epoch.latDeg == 0 && $0.epoch.latDeg?.sign == .minus })
        let segments = Dictionary(grouping: all, by: { "\($0.rideID)/\($0.segment)" })
        #expect(segments.values.contains { $0.count == 1 } && segments.values.contains { $0.count > 10 })
    }
}

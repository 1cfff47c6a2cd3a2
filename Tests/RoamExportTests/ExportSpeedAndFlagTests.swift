import Testing
import RoamCore
@testable import RoamExport

/// What the exports say of each fix agrees with the page: where a ride's speed is derived from
/// positions, the FIT records' and GPX points' speeds are the page's (`DerivedSpeeds`), never a
/// one-step speed above the ride's maximum; and every flag is named, `moved-through-gap` too.
@Suite struct ExportSpeedAndFlagTests {
    /// A replayed track's parameters: speed from positions, its maximum over 3 s spans.
    static var derived: PipelineParameters {
        var p = PipelineParameters()
        p.speedMeasured = false
        p.maxSpeedSpanS = 3
        return p
    }

    /// 1 Hz, 6 m a second (9 m every fifth), with one-step speeds that jump between 2 and 20 m/s
    /// as a late-stamped logger's do; a fix under the distance gate in the middle.
    static var fixes: [FixRecord] {
        (0..<24).map { i -> FixRecord in
            let flags: FixFlags = i == 0 ? .segmentStart : (i == 11 ? .underDistanceGate : [])
            return ExportTestFixes.fix(seq: Int64(i), lat: 45.1 + Double(i) * 6e-5, flags: flags,
                                       added: i == 0 || i == 11 ? 0 : (i % 5 == 0 ? 9 : 6), speed: i % 2 == 0 ? 20 : 2)
        }
    }

    static func ride(_ parameters: PipelineParameters) -> RideSummary {
        var ride = ExportTestFixes.ride()
        ride.parameters = parameters
        return ride
    }

    /// The speeds the page shows at its drawn points, one per accepted fix.
    static func pageSpeeds(_ fixes: [FixRecord], _ parameters: PipelineParameters) -> [Double?] {
        var track = ViewTrack(expectedAccepted: fixes.count, parameters: parameters)
        for f in fixes { track.add(f) }
        track.finish()
        return track.segments.flatMap(\.points).map(\.speedMps)
    }

    /// Each record message's enhanced_speed in m/s (nil: invalid), read by the file's own definitions.
    static func recordSpeeds(_ b: [UInt8]) -> [Double?] {
        var layouts: [UInt8: (global: Int, size: Int)] = [:]
        var at = Int(b[0]), out: [Double?] = []
        while at < b.count - 2 {
            let header = b[at], local = header & 0x0F
            at += 1
            if header & 0x40 != 0 {
                let n = Int(b[at + 4])
                var size = (0..<n).reduce(0) { $0 + Int(b[at + 5 + 3 * $1 + 1]) }
                let global = Int(b[at + 2]) | Int(b[at + 3]) << 8
                at += 5 + 3 * n
                if header & 0x20 != 0 {
                    // Developer fields (file_creator's mark of which fixes the file holds): skipped by their size.
                    let d = Int(b[at])
                    size += (0..<d).reduce(0) { $0 + Int(b[at + 1 + 3 * $1 + 1]) }
                    at += 1 + 3 * d
                }
                layouts[local] = (global, size)
                continue
            }
            guard let layout = layouts[local] else { return out + [nil, nil, nil] }  // undecodable: fails the count
            if layout.global == 20 {
                // timestamp, lat, lon, altitude (4 B each), then enhanced_speed, scale 1000.
                let v = (0..<4).reduce(0) { $0 | Int(b[at + 16 + $1]) << (8 * $1) }
                out.append(v == 0xFFFF_FFFF ? nil : Double(v) / 1000)
            }
            at += layout.size
        }
        return out
    }

    @Test func fitRecordSpeedsAreThePagesWhereSpeedIsDerived() throws {
        let fixes = Self.fixes, page = Self.pageSpeeds(fixes, Self.derived)
        var w = FITWriter(sink: MemorySink())
        try w.begin(Self.ride(Self.derived))
        for f in fixes { try w.write(f) }
        try w.end()
        let records = Self.recordSpeeds(w.sink.bytes)
        #expect(records.count == page.count && w.recordCount == page.count)
        for (i, (r, p)) in zip(records, page).enumerated() {
            let same = r == nil ? p == nil : abs(r! - (p ?? .nan)) <= 0.0005
            #expect(same, "record \(i): \(String(describing: r)) m/s, the page \(String(describing: p))")
        }
        #expect(records.compactMap { $0 }.allSatisfy { $0 <= 7 }, "no one-step 20 m/s: \(records)")
    }

    @Test func fitRecordSpeedsAreTheReceiversWhereItMeasuredThem() throws {
        var w = FITWriter(sink: MemorySink())
        try w.begin(Self.ride(PipelineParameters()))
        for f in Self.fixes { try w.write(f) }
        try w.end()
        let measured = Self.fixes.filter(\.flags.isAccepted).map { $0.epoch.speedMps }
        #expect(Self.recordSpeeds(w.sink.bytes) == measured)
    }

    @Test func gpxSpeedsAreThePagesWhereSpeedIsDerived() throws {
        let fixes = Self.fixes, page = Self.pageSpeeds(fixes, Self.derived)
        var w = GPXWriter(sink: MemorySink())
        try w.begin(Self.ride(Self.derived))
        for f in fixes { try w.write(f) }
        try w.end()
        let points = w.sink.text.components(separatedBy: "<trkpt ").dropFirst()
        #expect(points.count == page.count)
        for (i, (point, p)) in zip(points, page).enumerated() {
            let written = point.components(separatedBy: "<roam:speed_mps>").dropFirst().first?
                .components(separatedBy: "<").first.flatMap { Double($0) }
            let same = written == nil ? p == nil : abs(written! - (p ?? .nan)) <= 0.0005
            #expect(same, "point \(i): \(String(describing: written)) m/s, the page \(String(describing: p))")
        }
    }

    @Test func csvAndGPXNameMovedThroughGap() throws {
        let fix = ExportTestFixes.fix(seq: 0, segment: 1, flags: [.segmentStart, .movedThroughGap])
        var csv = CSVWriter(sink: MemorySink())
        try csv.begin(ExportTestFixes.ride())
        try csv.write(fix)
        let row = try #require(csv.sink.text.split(separator: "\r\n").last)
        #expect(row.contains(",segment-start moved-through-gap,"), "\(row)")
        var gpx = GPXWriter(sink: MemorySink())
        try gpx.begin(ExportTestFixes.ride())
        try gpx.write(fix)
        #expect(gpx.sink.text.contains("<roam:flags>segment-start moved-through-gap</roam:flags>"), "\(gpx.sink.text)")
    }
}

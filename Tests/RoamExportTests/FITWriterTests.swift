import Testing
import RoamCore
@testable import RoamExport

/// The FIT encoder's framing, checked byte by byte without an outside decoder (the Garmin SDK
/// judges whole files in RoamBoardCLITests/DumpJudgeTests).
@Suite struct FITWriterTests {
    private func file(_ fixes: [FixRecord], raw: Bool = false) throws -> (bytes: [UInt8], writer: FITWriter<MemorySink>) {
        var w = FITWriter(sink: MemorySink(), includeFlagged: raw)
        try w.begin(ExportTestFixes.ride(distanceM: fixes.reduce(0) { $0 + $1.distanceAddedM }))
        for f in fixes { try w.write(f) }
        try w.end()
        return (w.sink.bytes, w)
    }

    private func u32(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24 }

    @Test func crcIsTheProtocolsCRC16() {
        // CRC-16/ARC check value for "123456789" (the same polynomial, reflected, init 0).
        #expect(FITCRC.of(Array("123456789".utf8)) == 0xBB3D)
        #expect(FITCRC.of([UInt8]()) == 0)
    }

    @Test func headerSizeAndBothCRCsAreRight() throws {
        let (b, _) = try file([ExportTestFixes.fix(seq: 0), ExportTestFixes.fix(seq: 1, added: 12)])
        #expect(b[0] == 14 && Array(b[8..<12]) == Array(".FIT".utf8))
        #expect(u32(b, 4) == b.count - 14 - 2, "data size is everything between header and file CRC")
        #expect(FITCRC.of(b[0..<12]) == UInt16(b[12]) | UInt16(b[13]) << 8, "header CRC")
        #expect(FITCRC.of(b[0..<(b.count - 2)]) == UInt16(b[b.count - 2]) | UInt16(b[b.count - 1]) << 8, "file CRC")
        #expect(FITCRC.of(b) == 0, "a CRC followed by itself checks to zero")
    }

    @Test func oneRecordPerExportedFixAndDefinitionsOnlyOnce() throws {
        let fixes = (0..<50).map { ExportTestFixes.fix(seq: Int64($0), lat: 45.1 + Double($0) * 1e-4, added: 11) }
        let (b, w) = try file(fixes)
        #expect(w.recordCount == 50)
        // header + file_id + file_creator with the mark of which fixes the file holds (its developer
        // data id and field description, `FITExportedFixesMark`) + 2 device_info + 2 events + 50 records
        // + lap + session + activity, each definition once, + CRC
        let defs = [FITProfile.fileID, FITProfile.deviceInfo, FITProfile.event, FITProfile.record,
                    FITProfile.lap, FITProfile.session, FITProfile.activity]
        let definitions = defs.reduce(0) { $0 + 6 + 3 * $1.fields.count }
        let mark = FITExportedFixesMark.bytes(.kept, softwareVersion: FITProfile.softwareVersion).count
        let data = mark + FITProfile.fileID.dataMessageSize + 2 * FITProfile.deviceInfo.dataMessageSize
            + 2 * FITProfile.event.dataMessageSize + 50 * FITProfile.record.dataMessageSize
            + FITProfile.lap.dataMessageSize + FITProfile.session.dataMessageSize + FITProfile.activity.dataMessageSize
        #expect(b.count == 14 + definitions + data + 2)
    }

    @Test func flaggedFixesAndFixesWithoutTimeAreLeftOutUnlessRaw() throws {
        var noTime = ExportTestFixes.fix(seq: 2)
        noTime.utcMs = nil
        let fixes = [ExportTestFixes.fix(seq: 0), ExportTestFixes.fix(seq: 1, flags: .underDistanceGate),
                     noTime, ExportTestFixes.fix(seq: 3, lat: nil, lon: nil, flags: .noFix)]
        #expect(try file(fixes).writer.recordCount == 1)
        #expect(try file(fixes, raw: true).writer.recordCount == 3, "raw: every fix with a time, even without position")
    }

    @Test func timerStopsAndStartsAroundPausesAndGaps() throws {
        let fixes = [ExportTestFixes.fix(seq: 0), ExportTestFixes.fix(seq: 1, lat: 45.2, flags: .paused),
                     ExportTestFixes.fix(seq: 2, lat: 45.3), ExportTestFixes.fix(seq: 3, segment: 1, lat: 45.5),
                     ExportTestFixes.fix(seq: 4, segment: 1, lat: 45.6)]
        // start, stop (pause), start, stop (gap), start, stop (end)
        #expect(try file(fixes).writer.timerEventCount == 6)
    }

    @Test func aPausedFixUnderTheGateStopsTheTimerWithoutARecord() throws {
        let fixes = [ExportTestFixes.fix(seq: 0), ExportTestFixes.fix(seq: 1, flags: [.paused, .underDistanceGate]),
                     ExportTestFixes.fix(seq: 2, flags: [.paused, .underDistanceGate]), ExportTestFixes.fix(seq: 3, lat: 45.3)]
        let w = try file(fixes).writer
        #expect(w.recordCount == 2)
        #expect(w.timerEventCount == 4, "start, stop at the pause, start on moving again, stop at the end")
    }

    /// A FIT record's time is whole seconds: at 10 Hz, one record per second (before: one per fix).
    @Test func tenFixesASecondMakeOneRecordASecond() throws {
        // 10:00:00.3 to 10:00:03.2 every 100 ms: four seconds.
        let fixes = (0..<30).map { ExportTestFixes.fix(seq: Int64($0), ms: 300 + $0 * 100, lat: 45.1 + Double($0) * 1e-4, added: 1.2) }
        let w = try file(fixes).writer
        #expect(w.recordCount == 4)
        #expect(w.timerEventCount == 2)
        #expect(try file(fixes, raw: true).writer.recordCount == 4)
    }

    @Test func aGapInsideASecondIsMarkedOnceAndMakesNoSecondRecord() throws {
        // Segment 1 starts at 10:00:01.5, a tenth of a second after segment 0's last fix, in a second with a record.
        // Spelt out a step at a time: Swift 6.0.3 gave up type-checking it as one expression.
        let fixes = (0..<20).map { (i: Int) -> FixRecord in
            let segment: Int = i < 12 ? 0 : 1
            let lat: Double = 45.1 + Double(i) * 1e-4
            return ExportTestFixes.fix(seq: Int64(i), ms: 300 + i * 100, segment: segment, lat: lat)
        }
        let w = try file(fixes).writer
        #expect(w.recordCount == 3)
        #expect(w.timerEventCount == 4, "start, stop and start at the gap, stop at the end")
    }

    @Test func aRawFixWhoseTimeWentBackMakesNoRecord() throws {
        let fixes = [ExportTestFixes.fix(seq: 0), ExportTestFixes.fix(seq: 1), ExportTestFixes.fix(seq: 2, ms: 500, flags: .timeBackwards),
                     ExportTestFixes.fix(seq: 3, ms: 2_000)]
        #expect(try file(fixes, raw: true).writer.recordCount == 3, "FIT times must rise: 10:00:00, :01, :02")
    }

    @Test func semicirclesAndTimestampsFollowTheProfile() {
        #expect(FITProfile.semicircles(180) == -2_147_483_648, "+180° is the same meridian as -180°")
        #expect(FITProfile.semicircles(-180) == -2_147_483_648)
        #expect(FITProfile.semicircles(90) == 1_073_741_824)
        #expect(FITProfile.timestamp(utcMs: 631_065_600_999) == 0, "the FIT epoch is 1989-12-31T00:00:00Z")
        var bytes: [UInt8] = []
        FITBaseType.uint16.append(70_000, to: &bytes)
        #expect(bytes == [0xFE, 0xFF], "out of range clamps to the largest valid value, never to 'invalid'")
    }
}

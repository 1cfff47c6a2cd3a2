import RoamCore
@testable import RoamRecorder
import Testing

/// The parking space packs what waits for storage (P3): what comes back out is what went in,
/// every field and every sentence's byte, in order.
@Suite struct ParkedItemsTests {
    /// An epoch with every field set, odd values included (negative zero, a 1 024-week-old date,
    /// a sentence of non-ASCII text, an empty one, one longer than 65 535 bytes).
    static func fullEpoch(_ n: Int, temperature: Double? = -0.0) -> SensorItem {
        var e = Epoch()
        e.timeOfDayMs = 86_399_999 - n; e.date = UTCDate(year: 2006, month: 3, day: 19 + n % 3); e.dateIsCarried = n % 2 == 0
        e.latDeg = 48.1 + Double(n) * 1e-7; e.lonDeg = -0.0; e.altMSLm = -412.25; e.geoidSepM = 47.3; e.speedMps = 1e-300
        e.courseDeg = 359.99; e.fixMode = .fix2D; e.quality = 6; e.satellitesUsed = 0; e.hdop = 0.7; e.vdop = 99.99; e.pdop = 1.2
        e.gstLatErrM = 3.5; e.gstLonErrM = 2.25; e.gstAltErrM = .greatestFiniteMagnitude
        e.sentences = ["$GNGGA,\(n),4807.038,N*47", "", "$PXYZ,héllo–wörld,\u{1F6B2}*00", String(repeating: "A", count: 70_000 + n)]
        let baro = BarometerSample(pressurePa: 101_325.5, temperatureC: temperature, monoNs: UInt64(n) * 7)
        return .batched(.epoch(SensorEpoch(epoch: e, monoNs: UInt64.max - UInt64(n), barometer: baro)))
    }

    static func sparseEpoch(_ n: Int) -> SensorItem {
        var e = Epoch()
        e.sentences = ["$GPRMC,\(n),V*00"]
        return .batched(.epoch(SensorEpoch(epoch: e, monoNs: UInt64(n), barometer: nil)))
    }

    static let mixed: [SensorItem] = [
        fullEpoch(1), .batched(.receiverSilent(monoNs: 10)), sparseEpoch(2), .press(monoNs: 11),
        .batched(.barometerMissing(monoNs: 12, cause: "I2C: EREMOTEIO, no ACK")), fullEpoch(3, temperature: nil),
        .batched(.barometerBack(monoNs: 13)), .batched(.receiverBack(monoNs: 14)), .longPress(monoNs: 15),
        .batched(.restarted(monoNs: 16)), sparseEpoch(4),
    ]

    @Test("P3: packed items come back field for field and byte for byte, in order")
    func roundTrip() {
        var parked = ParkedItems()
        parked.append(contentsOf: Self.mixed)
        parked.pack()
        #expect(parked.items(0..<parked.count) == Self.mixed)
        #expect(parked.epochs == 4 && parked.presses == 2)
        // Byte for byte, not only equal as Strings.
        guard case .batched(.epoch(let e)) = parked[0], case .batched(.epoch(let original)) = Self.mixed[0] else {
            Issue.record("not an epoch"); return
        }
        #expect(e.epoch.sentences.map { Array($0.utf8) } == original.epoch.sentences.map { Array($0.utf8) })
        #expect(e.epoch.lonDeg?.sign == .minus)
    }

    @Test("P3: packed and unpacked items keep one order through a restart gap, a commit of the first and dropping the oldest epochs")
    func orderAcrossOperations() {
        var parked = ParkedItems()
        parked.append(contentsOf: Array(Self.mixed[0..<6]))
        parked.pack()
        parked.append(contentsOf: Array(Self.mixed[6...]))  // not packed yet
        parked.prepend(.batched(.restarted(monoNs: 1)))
        #expect(parked.items(0..<parked.count) == [.batched(.restarted(monoNs: 1))] + Self.mixed)
        parked.removeFirst(2)
        #expect(parked.items(0..<parked.count) == Array(Self.mixed[1...]))
        // The oldest two epochs go; presses and markers stay where they were.
        #expect(parked.dropOldestEpochs(2) == 2)
        #expect(parked.items(0..<parked.count) == Self.mixed[1...].filter { $0 != Self.mixed[2] && $0 != Self.mixed[5] })
        #expect(parked.epochs == 1)
        parked.removeAll()
        #expect(parked.isEmpty && parked.epochs == 0)
    }

    @Test("P3: an hour of small epochs spans several blocks of the parking space and comes back in order")
    func manyItemsAcrossBlocks() {
        let items = (0..<40_000).map { Self.sparseEpoch($0) }
        var parked = ParkedItems()
        parked.append(contentsOf: items)
        parked.pack()
        #expect(parked.items(0..<parked.count) == items)
        #expect(parked.dropOldestEpochs(30_000) == 30_000)
        #expect(parked.items(0..<parked.count) == Array(items[30_000...]))
    }

    @Test("P3: a field added to what an epoch holds must be parked too (ParkedItemCoding)")
    func codingKnowsEveryField() {
        // Counts of stored properties the coding writes; a new one would be lost in an outage.
        #expect(Mirror(reflecting: Epoch()).children.count == 19)
        #expect(Mirror(reflecting: SensorEpoch(epoch: Epoch(), monoNs: 0, barometer: nil)).children.count == 3)
        #expect(Mirror(reflecting: BarometerSample(pressurePa: 0, temperatureC: nil, monoNs: 0)).children.count == 3)
    }
}

import RoamCore
import RoamSimulator
import Testing

/// The bench's fake module sends a feed at its own rate, as a real module computes one fix per
/// navigation period: fed the simulated ride's 10 Hz epochs, a stock module (1 Hz) sends the whole
/// seconds only, one set to 5 Hz every other epoch, and a power cycle brings back 1 Hz.
@Suite struct FakeGNSSModuleRateTests {
    static let tenHz = Array(RideSimulatorTests.ride.epochs(perSecond: 10).prefix(51))

    /// The UTC times of the epochs the module sends, read back through the recorder's own stream.
    func sentTimes(_ module: inout FakeGNSSModule) -> [Int64] {
        var stream = NMEAStream()
        var epochs: [Epoch] = []
        for e in Self.tenHz { epochs += stream.feed(module.transmit(e.nmea, hostBaud: module.baud)) }
        epochs += stream.finish()
        return epochs.compactMap(\.utcMs)
    }

    @Test func aStockModuleSendsTheWholeSecondsOfA10HzFeed() {
        var module = FakeGNSSModule(family: .ublox)
        #expect(sentTimes(&module) == Self.tenHz.filter { $0.wholeSecond != nil }.map(\.utcMs))
    }

    @Test func theRateItIsSetToDecidesWhichEpochsGoOutUntilItsPowerCycle() {
        var module = FakeGNSSModule(family: .ublox)
        _ = module.receive(UBX.setRate(hz: 5).bytes, hostBaud: module.baud)
        #expect(module.rateHz == 5)
        let start = Self.tenHz[0].utcMs
        let everyOther: [Int64] = Self.tenHz.map(\.utcMs).filter { ($0 - start) % 200 == 0 }
        #expect(sentTimes(&module) == everyOther)
        module.powerCycle()
        #expect(sentTimes(&module) == Self.tenHz.filter { $0.wholeSecond != nil }.map(\.utcMs))
    }

    @Test func limitedByItsBaudItSendsTheEpochsItsLineCarriesEvenlySpaced() {
        // 10 Hz with every sentence at 9600 baud: far more than 960 bytes a second.
        var module = FakeGNSSModule(family: .ublox)
        module.limitedByBaud = true
        _ = module.receive(UBX.setRate(hz: 10).bytes, hostBaud: module.baud)
        var stream = NMEAStream()
        var times: [Int64] = [], bytes = 0
        for e in Self.tenHz {
            let out = module.transmit(e.nmea, hostBaud: module.baud)
            bytes += out.count
            times += stream.feed(out).compactMap(\.utcMs)
        }
        times += stream.finish().compactMap(\.utcMs)
        let gaps = Set(zip(times, times.dropFirst()).map { $1 - $0 })
        #expect(gaps.count == 1 && (gaps.first ?? 0) > 100, "\(gaps)")
        // What went out fits the line: 960 bytes a second over the epochs sent, the last one's time included.
        let spanMs = Int((times.last ?? 0) - (times.first ?? 0) + (gaps.first ?? 0))
        #expect(bytes * 1000 <= 960 * spanMs, "\(bytes) bytes in \(spanMs) ms")
        // At 115200 baud the same module sends every epoch.
        var fast = FakeGNSSModule(family: .ublox, baud: 115_200)
        fast.limitedByBaud = true
        _ = fast.receive(UBX.setRate(hz: 10).bytes, hostBaud: fast.baud)
        #expect(sentTimes(&fast) == Self.tenHz.map(\.utcMs))
    }
}

import RoamCore

/// A whole bench ride, second by second: receiver bytes, barometer values and the truth they came
/// from (`epochs(perSecond:)` gives it at a module's higher rate). Pure: the same route, seed and
/// spike give the same bytes on every run.
public struct RideSimulation: Sendable {
    /// 2026-06-14 07:30:00 UTC (09:30 in Freiburg on a Sunday in June).
    public static let defaultStartUTCms = CivilDate.daysFromCivil(year: 2026, month: 6, day: 14) * 86_400_000
        + (7 * 3600 + 30 * 60) * 1000
    /// How far the glitched epoch is thrown, due north of where the receiver would have put it.
    public static let spikeNorthM = 300.0

    public let route: SimulatedRoute
    public let seed: UInt64
    public let spikeAtSecond: Int?
    public let startUTCms: Int64
    public let seconds: [SimulatedSecond]
    /// The receiver's error at each second, kept for the epochs between seconds (`epochs(perSecond:)`).
    let receiverErrors: [ReceiverError]

    /// Seconds at which the rider presses the button: at 0 to start, after the last second to stop.
    public var buttonPresses: [Int] { [0, seconds.count] }

    /// - Parameter spikeAtSecond: a second with a fix (`route.hasFix(at:)`) whose position is
    ///   thrown 300 m north; every other byte of the ride stays as without the spike.
    public init(
        route: SimulatedRoute = .standard, seed: UInt64 = 1, spikeAtSecond: Int? = nil,
        startUTCms: Int64 = RideSimulation.defaultStartUTCms
    ) {
        if let spike = spikeAtSecond {
            precondition(route.hasFix(at: spike), "the spike needs a second with a fix, got \(spike)")
        }
        self.route = route
        self.seed = seed
        self.spikeAtSecond = spikeAtSecond
        self.startUTCms = startUTCms

        // Separate streams: the receiver's noise and the barometer's never shift each other.
        var master = SeededGenerator(seed: seed)
        var receiver = NMEAEmitter(seed: master.next())
        var barometer = BarometerTruth(seed: master.next(), startAltitudeM: route.startAltitudeM)
        var errors: [ReceiverError] = []
        seconds = route.samples.map { truth in
            let utcMs = startUTCms + Int64(truth.second) * 1000
            let isSpike = truth.second == spikeAtSecond
            let error = receiver.error(for: truth)
            errors.append(error)
            let text = NMEAEmitter.sentences(for: truth, error: error, utcMs: utcMs, glitchNorthM: isSpike ? Self.spikeNorthM : 0)
            let reading = barometer.reading(for: truth)
            return SimulatedSecond(
                second: truth.second, utcMs: utcMs, nmea: Array(text.joined().utf8),
                pressurePa: reading.pressurePa, temperatureC: reading.temperatureC,
                truth: truth, isSpike: isSpike)
        }
        receiverErrors = errors
    }
}

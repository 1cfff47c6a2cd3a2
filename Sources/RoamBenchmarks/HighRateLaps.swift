import RoamCore
import RoamSimulator

/// The bench route ridden lap after lap at `hz` epochs per second, as NMEA bytes: the 10 Hz
/// input of the recorder memory benchmark (docs/DESIGN.md §9, "peak RSS over a 24-hour 10 Hz replay").
/// Between two 1 Hz truth samples the truth is interpolated linearly; the receiver's noise model
/// is stepped once per epoch. The clock runs on across laps (no UTC time repeats) and each lap
/// starts back at the route's start (one spatial jump per lap, flagged by the pipeline).
public struct HighRateLaps: IteratorProtocol, Sequence, Sendable {
    public let hz: Int
    private let samples: [TruthSample]
    private var startUTCms: Int64
    private var lap = 0
    private var emitter: NMEAEmitter
    private var second = 0
    private var tick = 0

    public init(hz: Int, route: SimulatedRoute = .standard, startUTCms: Int64 = RideSimulation.defaultStartUTCms) {
        precondition((1...20).contains(hz), "1 to 20 epochs per second")
        self.hz = hz
        samples = route.samples
        self.startUTCms = startUTCms
        emitter = NMEAEmitter(seed: 1)
    }

    /// The sentences of the next epoch, CRLF-terminated; the sequence never ends.
    public mutating func next() -> [UInt8]? {
        if second == samples.count - 1 {
            // The lap ends on its last sample: the next lap starts one second later, with its own noise.
            startUTCms += Int64(samples.count) * 1000
            lap += 1
            emitter = NMEAEmitter(seed: UInt64(lap + 1))
            second = 0
        }
        let a = samples[second], b = samples[second + 1]
        let f = Double(tick) / Double(hz)
        var truth = a
        truth.latDeg += (b.latDeg - a.latDeg) * f
        truth.lonDeg += (b.lonDeg - a.lonDeg) * f
        truth.altitudeM += (b.altitudeM - a.altitudeM) * f
        truth.distanceM += (b.distanceM - a.distanceM) * f
        truth.speedMps += (b.speedMps - a.speedMps) * f
        let utcMs = startUTCms + Int64(second) * 1000 + Int64(tick * 1000 / hz)
        let text = emitter.sentences(for: truth, utcMs: utcMs)
        tick += 1
        if tick == hz { tick = 0; second += 1 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(320)
        for sentence in text { bytes += sentence.utf8 }
        return bytes
    }

    /// Epochs in `hours` of riding at this rate.
    public func epochs(hours: Double) -> Int { Int(hours * 3600 * Double(hz)) }
}

import RoamSimulator
import RoamCore

/// The bench simulator's ride run through the real parser and the pipeline, in memory: the
/// simulator's NMEA bytes into `NMEAStream`, each epoch with the barometer reading of its own
/// second (as `SimulatedRig` does), and a monotonic clock that advances 1 ms per simulated second,
/// as on a bench replaying as fast as it can. Times must therefore come from GNSS, not from it.
struct PipelineRun {
    let simulation: RideSimulation
    var records: [FixRecord] = []
    var events: [RideEvent] = []
    var state: PipelineState

    /// Simulated monotonic time per second: a fast replay, 1000 × real time.
    static let monoNsPerSecond: UInt64 = 1_000_000

    init(_ simulation: RideSimulation, parameters: PipelineParameters = .init(), barometer: Bool = true) {
        self.simulation = simulation
        var pipeline = RidePipeline(rideID: 1, state: PipelineState(), parameters: parameters)
        for input in Self.inputs(simulation, barometer: barometer) {
            let (record, caused) = pipeline.process(input)
            records.append(record)
            events += caused
        }
        state = pipeline.state
    }

    /// The sensor epochs the bench would hand the pipeline for this simulation.
    static func inputs(_ simulation: RideSimulation, barometer: Bool = true) -> [SensorEpoch] {
        var stream = NMEAStream()
        var inputs: [SensorEpoch] = []
        var previous: SimulatedSecond?
        func feed(_ epochs: [Epoch], second: SimulatedSecond?) {
            for epoch in epochs {
                let monoNs = UInt64(second?.second ?? 0) * monoNsPerSecond + 5_000_000_000
                let sample = barometer ? second.map {
                    BarometerSample(pressurePa: $0.pressurePa, temperatureC: $0.temperatureC, monoNs: monoNs)
                } : nil
                inputs.append(SensorEpoch(epoch: epoch, monoNs: monoNs, barometer: sample))
            }
        }
        for second in simulation.seconds {
            // Second N's first sentence completes epoch N-1, which belongs to the previous second.
            feed(stream.feed(second.nmea), second: previous)
            previous = second
        }
        feed(stream.finish(), second: previous)
        return inputs
    }

    var totals: RideTotals { state.totals }

    /// The simulated second of a record, from its GNSS time.
    func second(of record: FixRecord) -> Int? {
        record.utcMs.map { Int(($0 - simulation.startUTCms) / 1000) }
    }

    func records(inSeconds range: Range<Int>) -> [FixRecord] {
        records.filter { second(of: $0).map(range.contains) ?? false }
    }
}

import RoamSimulator
import RoamCore

/// The bench simulator's ride run through the real parser and the pipeline, in memory: its sensor
/// epochs (`RideSimulation.sensorEpochs`: a fast replay's clock, so times must come from GNSS)
/// into `RidePipeline`, with the records and events it made.
struct PipelineRun {
    let simulation: RideSimulation
    var records: [FixRecord] = []
    var events: [RideEvent] = []
    var state: PipelineState

    init(_ simulation: RideSimulation, parameters: PipelineParameters = .init(), barometer: Bool = true) {
        self.simulation = simulation
        var pipeline = RidePipeline(rideID: 1, state: PipelineState(), parameters: parameters)
        for input in simulation.sensorEpochs(barometer: barometer) {
            let (record, caused) = pipeline.process(input)
            records.append(record)
            events += caused
        }
        state = pipeline.state
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

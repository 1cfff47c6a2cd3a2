import RoamCore
import RoamSimulator

/// The CPU work of one epoch on the board, minus the storage: the sensor thread's framing,
/// decoding and epoch assembly (`NMEAStream`), the commit thread's `RidePipeline` and the `Batch`
/// it would commit, one epoch per batch as in calm conditions. No SQLite, no fsync, no clock.
///
/// Input is prepared up front (`RideLaps`, with its barometer values), so `scripts/bench-cpu`
/// can count instructions of runs that differ only in `run`'s epoch count and subtract them.
public struct PipelineWorkload: Sendable {
    /// What the run produced, folded so the optimiser cannot drop any of the work.
    public struct Digest: Sendable, Equatable {
        public var epochs = 0
        public var fixes = 0
        public var events = 0
        public var flagged = 0
        public var distanceM = 0.0
    }

    private let seconds: [SimulatedSecond]

    /// Prepares `capacity` seconds of the bench ride (one epoch each).
    public init(capacity: Int) {
        seconds = Array(RideLaps().prefix(capacity))
    }

    public var capacity: Int { seconds.count }

    /// Runs the first `epochs` prepared seconds through the stream, the pipeline and batch building.
    /// Each second's burst is fed as one UART read, then closed as the sensor loop closes an epoch
    /// after its quiet time (`finish`).
    @inline(never)
    public func run(epochs: Int) -> Digest {
        var stream = NMEAStream()
        var pipeline = RidePipeline(rideID: 1, state: PipelineState())
        var digest = Digest()
        var monoNs: UInt64 = 1_000_000_000
        for second in seconds.prefix(epochs) {
            monoNs += 1_000_000_000
            let sample = BarometerSample(pressurePa: second.pressurePa, temperatureC: second.temperatureC, monoNs: monoNs)
            for epoch in stream.feed(second.nmea) + stream.finish() {
                let (fix, events) = pipeline.process(SensorEpoch(epoch: epoch, monoNs: monoNs, barometer: sample))
                let batch = Batch(rideID: pipeline.rideID, fixes: [fix], events: events, state: pipeline.state)
                digest.epochs += 1
                digest.fixes += batch.fixes.count
                digest.events += batch.events.count
                digest.flagged += batch.fixes[0].flags.isEmpty ? 0 : 1
            }
        }
        digest.distanceM = pipeline.state.totals.distanceM
        return digest
    }
}

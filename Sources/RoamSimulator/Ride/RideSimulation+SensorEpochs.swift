import RoamCore

/// The ride as the sensor thread hands it to the pipeline on a bench replaying as fast as it can:
/// the seconds' NMEA bytes through the real `NMEAStream`, each epoch with the barometer reading of
/// its own second (as `SimulatedRig` does), on a monotonic clock that advances 1 ms per simulated
/// second, so any time the pipeline needs must come from GNSS. The ground truth against which the
/// pipeline is measured, and the input the store's tests commit, rederive and pack.
extension RideSimulation {
    /// Simulated monotonic time per second: a fast replay, 1000 × real time.
    public static let replayMonoNsPerSecond: UInt64 = 1_000_000

    /// Every epoch of the ride, oldest first; `barometer: false` leaves them without a sample (P6).
    public func sensorEpochs(barometer: Bool = true) -> [SensorEpoch] {
        var stream = NMEAStream()
        var inputs: [SensorEpoch] = []
        var previous: SimulatedSecond?
        func take(_ epochs: [Epoch], second: SimulatedSecond?) {
            for epoch in epochs {
                let monoNs = UInt64(second?.second ?? 0) * Self.replayMonoNsPerSecond + 5_000_000_000
                let sample = barometer ? second.map {
                    BarometerSample(pressurePa: $0.pressurePa, temperatureC: $0.temperatureC, monoNs: monoNs)
                } : nil
                inputs.append(SensorEpoch(epoch: epoch, monoNs: monoNs, barometer: sample))
            }
        }
        for second in seconds {
            // Second N's first sentence completes epoch N-1, which belongs to the previous second.
            take(stream.feed(second.nmea), second: previous)
            previous = second
        }
        take(stream.finish(), second: previous)
        return inputs
    }
}

import RoamCore

extension FixRecord {
    /// The pipeline's input rebuilt from the raw columns alone: what `check` and `rederive`
    /// feed to `RidePipeline.process` to recompute derived columns and totals. The barometer
    /// sample is stamped with the fix's own receive time (the sample time is not stored).
    public var storedInput: SensorEpoch {
        var barometer: BarometerSample?
        if let pressurePa {
            // A fix stored without a temperature gets none back: the pipeline uses only the pressure.
            barometer = BarometerSample(pressurePa: pressurePa, temperatureC: temperatureC, monoNs: monoNs)
        }
        return SensorEpoch(epoch: epoch, monoNs: monoNs, barometer: barometer)
    }
}

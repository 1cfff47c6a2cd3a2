/// What the sensor thread hands to the pipeline: one receiver epoch, when it arrived,
/// and the latest barometer sample (nil when the barometer is absent or failed).
public struct SensorEpoch: Sendable, Equatable {
    public var epoch: Epoch
    public var monoNs: UInt64
    public var barometer: BarometerSample?
    public init(epoch: Epoch, monoNs: UInt64, barometer: BarometerSample?) {
        self.epoch = epoch; self.monoNs = monoNs; self.barometer = barometer
    }
}

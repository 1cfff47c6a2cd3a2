import RoamCore
import RoamHardware
import RoamPorts

/// A barometer the sensor thread can sample (the BMP280 driver on a real or fake bus).
public protocol BarometerSource: AnyObject {
    /// A sample, or nil when the sensor skipped this measurement.
    func sample() throws -> BarometerSample?
    /// Tries to bring a vanished sensor back; throws while it is still missing.
    func reprobe() throws
    /// Whether a probe has set the sensor up (false for one whose probe at start failed).
    var isProbed: Bool { get }
    /// What the last probe met when it failed (nil after one that succeeded): for a sensor whose
    /// probe at start failed, what the log said then.
    var probeFailure: DeviceError? { get }
}

// The driver's typed-throwing methods satisfy the protocol as they are.
extension BMP280: BarometerSource {}

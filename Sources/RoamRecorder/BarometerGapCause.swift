import RoamPorts
import Glibc

/// Why the barometer gave no sample, in words a rider reads beside the stretch of the ride without
/// climb (`show`, the ride page): what happened, with the errno name when the bus gave one, or what
/// the driver found (a wrong chip, a stuck conversion) when it gave none. The log keeps the
/// driver's whole error (device, address, register, what to check).
enum BarometerGapCause {
    /// The chip answered but measured nothing (its data at the skipped value 0x80000).
    static let skipped = "the barometer measured nothing (its data read 0x80000, as before its first conversion)"

    static func words(for error: any Error) -> String {
        guard let error = error as? DeviceError else { return "\(error)" }
        guard let errno = error.errno else { return error.finding?.words ?? "the barometer failed" }
        let name = errno.name == "errno" ? "errno \(errno.rawValue)" : errno.name
        switch errno.rawValue {
        case EREMOTEIO, ENXIO:
            return "the barometer did not answer on the I2C bus (\(name): no acknowledge)"
        case ENODEV where error.operation != .open, ESHUTDOWN:
            return "the barometer or its I2C adapter went away (\(name))"
        case ENOENT, ENODEV:
            return "the I2C bus is not there (\(name))"
        default:
            return "the I2C bus reported an error talking to the barometer (\(name))"
        }
    }
}

import RoamPorts
import RoamSystem
import Glibc

/// Why the barometer gave no sample, in words a rider reads beside the stretch of the ride without
/// climb (`show`, the ride page): what happened and what the bus said, in `Errno.words` (never the
/// errno's name), or what the driver found (a wrong chip, a stuck conversion) when the bus said
/// nothing. The log keeps the driver's whole error (device, address, register, what to check).
/// Causes stored before keep their words: a ride's history is not rewritten.
enum BarometerGapCause {
    /// The chip answered but measured nothing (its data at the skipped value 0x80000).
    static let skipped = "the barometer measured nothing (its data read 0x80000, as before its first conversion)"

    /// Epochs the receiver's set-up heard and handed back afterwards (seconds of them): one pressure
    /// read then would be stored as theirs all, so they have none.
    static let heardDuringSetUp = "these fixes were heard while the receiver was being set up; a pressure read afterwards would not be theirs"

    static func words(for error: any Error) -> String {
        guard let error = error as? DeviceError else { return "\(error)" }
        guard let errno = error.errno else { return error.finding?.words ?? "the barometer failed" }
        switch errno.rawValue {
        // A Pi's bus says EREMOTEIO, some adapters ENXIO: either way the chip did not acknowledge.
        case EREMOTEIO, ENXIO:
            return "the barometer did not answer: " + Errno.remoteIO.words
        case ENODEV where error.operation != .open, ESHUTDOWN:
            return "the barometer or its I2C adapter went away: " + errno.words
        case ENOENT, ENODEV:
            return "the barometer's I2C bus could not be opened: " + errno.words
        default:
            return "the I2C bus reported an error talking to the barometer: " + errno.words
        }
    }
}

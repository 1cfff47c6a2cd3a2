/// What a driver found itself where no system call failed: a kind callers decide on, and words
/// that say what was found. Never dressed up as an errno the kernel did not give.
public struct DeviceFinding: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The device answers, but it is not a chip the driver runs: another id at the barometer's
        /// address, or a Pi 5 SoC bank where the header's GPIO chip was meant.
        case unexpectedChip
        /// A read before a set-up (a probe) succeeded.
        case notSetUp
        /// A status bit that should clear stayed set past its deadline.
        case stuckStatus
        /// The chip's factory calibration read blank or impossible.
        case blankCalibration
        /// Settings written did not read back as written.
        case settingsNotKept
        /// The chip was reset behind the driver (a supply dip, another program) and lost its set-up.
        case chipReset
        /// A line number past the end of the GPIO chip, which the chip itself says.
        case noSuchLine
        /// A transfer answered with fewer bytes than asked (an SMBus block read cut short).
        case shortRead
        /// A read on a device that is not open: its last open failed, or it went away and is not back.
        case notOpen
    }

    public var kind: Kind
    /// "chip id 0x58 (BMP280) or 0x60 (BME280) expected at 0x76, read 0x61: a BME680".
    public var words: String

    public init(_ kind: Kind, _ words: String) { self.kind = kind; self.words = words }

    public var description: String { words }
}

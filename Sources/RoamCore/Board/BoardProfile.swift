/// What a board declares (docs/DESIGN.md §6, P8): one UART, one I2C bus, one GPIO chip, one data
/// directory, and nothing else. Parsed from `board.conf` (`key = value`, `#` comments).
public struct BoardProfile: Sendable, Equatable {
    public var name: String
    /// A tty path, or `bench` for the simulated receiver behind a real pseudo-terminal.
    public var uart: String
    public var baud: Int
    /// The GNSS module's command protocol; `auto` recognises it, `none` never writes to it.
    public var receiver: ReceiverFamily = .auto
    /// Fixes per second asked of the module (1…10). Optional in the file: 1.
    public var rateHz: Int = 1
    /// How long the recorder gathers epochs into one batch (one transaction, one fdatasync) before
    /// committing it: 0.2…5 s, optional in the file: 1 s. At 10 Hz, 10 epochs per commit instead of
    /// 10 commits a second on the SD card; a power cut costs at most this window of epochs, none of
    /// them acknowledged (docs/DESIGN.md §1, P1).
    public var commitIntervalS: Double = 1.0
    /// `/dev/i2c-N`, or `bench` for the BMP280 register map behind a fake bus.
    public var i2cBus: String
    public var bmp280Address: UInt8
    /// `gpiochipN` (or a path), or `bench` for the scripted button and recording LED.
    public var gpioChip: String
    public var buttonLine: Int
    public var buttonActiveLow: Bool
    public var buttonBias: Bias
    public var ledLine: Int
    /// Relative paths are resolved against the board folder by the caller.
    public var dataDir: String
    /// The rider's IANA time zone (`Europe/Berlin`) for times shown and file names; nil: UTC.
    /// Only its shape is checked here; the caller resolves it against the zone database.
    public var timeZone: String?
    /// The units the readers show by default (`units = metric|imperial`); nil: metric. `--units` overrides it.
    public var units: UnitSystem?

    public enum Bias: String, Sendable, CaseIterable { case asIs = "as-is", pullUp = "pull-up", pullDown = "pull-down", disabled }

    public var isBench: Bool { uart == "bench" }

    /// The bounds of `commit_interval_s`: below 0.2 s a 10 Hz receiver is back near one commit per
    /// epoch; above 5 s a power cut costs more than a rider would accept losing.
    public static let commitIntervalRangeS: ClosedRange<Double> = 0.2...5.0

    public static let keys = ["name", "uart", "baud", "receiver", "rate_hz", "commit_interval_s", "i2c_bus", "bmp280_address", "gpio_chip",
                              "button_line", "button_active", "button_bias", "led_line", "data_dir", "time_zone",
                              "units"]
}

/// A board file that cannot be used, with the line that says why.
public struct BoardProfileError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) { self.file = file; self.line = line; self.message = message }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

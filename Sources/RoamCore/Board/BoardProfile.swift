/// What a board declares (DESIGN.md §6, P8): one UART, one I2C bus, one GPIO chip, one data
/// directory, and nothing else. Parsed from `board.conf` (`key = value`, `#` comments).
public struct BoardProfile: Sendable, Equatable {
    public var name: String
    /// A tty path, or `bench` for the simulated receiver behind a real pseudo-terminal.
    public var uart: String
    public var baud: Int
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

    public enum Bias: String, Sendable, CaseIterable { case asIs = "as-is", pullUp = "pull-up", pullDown = "pull-down", disabled }

    public var isBench: Bool { uart == "bench" }

    public static let keys = ["name", "uart", "baud", "i2c_bus", "bmp280_address", "gpio_chip",
                              "button_line", "button_active", "button_bias", "led_line", "data_dir"]
}

/// A board file that cannot be used, with the line that says why.
public struct BoardProfileError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

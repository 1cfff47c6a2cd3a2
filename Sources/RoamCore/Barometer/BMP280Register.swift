/// BMP280 registers by their datasheet names (BST-BMP280-DS001 §4.2, memory map Table 18), and the
/// encodings of the fields the driver writes (§4.3).
public enum BMP280Register: UInt8, Sendable, CaseIterable {
    /// calib00: the first of the 24 calibration bytes 0x88…0x9F (dig_T1 LSB).
    case calib00 = 0x88
    /// "id": 0x58 on a BMP280, 0x60 on a BME280.
    case chipID = 0xD0
    /// "reset": writing `BMP280Register.resetCommand` performs a power-on reset.
    case reset = 0xE0
    /// "status": bit 3 measuring, bit 0 im_update.
    case status = 0xF3
    /// "ctrl_meas": osrs_t[7:5], osrs_p[4:2], mode[1:0].
    case ctrlMeas = 0xF4
    /// "config": t_sb[7:5], filter[4:2], spi3w_en[0].
    case config = 0xF5
    /// press_msb: the first of the six data bytes press_msb, lsb, xlsb, temp_msb, lsb, xlsb (0xF7…0xFC).
    case pressMSB = 0xF7

    /// The chip id of a BMP280 (register "id").
    public static let bmp280ChipID: UInt8 = 0x58
    /// The only value that resets the chip; any other write to "reset" is ignored.
    public static let resetCommand: UInt8 = 0xB6
    /// Bytes in one data burst 0xF7…0xFC: 20-bit pressure then 20-bit temperature.
    public static let dataByteCount = 6

    /// Bits of "status".
    public enum Status {
        public static let measuring: UInt8 = 1 << 3
        public static let imUpdate: UInt8 = 1 << 0
    }

    /// What a chip id found at register 0xD0 most likely is, for the wrong-chip hint.
    public static func chipName(forID id: UInt8) -> String? {
        switch id {
        case 0x58: "a BMP280"
        case 0x56, 0x57: "a BMP280 engineering sample"
        case 0x60: "a BME280"
        case 0x61: "a BME680"
        case 0x55: "a BMP180/BMP085"
        case 0x00, 0xFF: "no chip driving the bus (floating or shorted SDA)"
        default: nil
        }
    }
}

/// The chips whose pressure and temperature path the driver runs, by their "id" value.
///
/// The BME280 (BST-BME280-DS002) has the BMP280's registers for everything used here: calibration
/// 0x88…0x9F, status, ctrl_meas, config, the data burst 0xF7…0xFC and the compensation formulas.
/// Its humidity channel stays off without a write: ctrl_hum (0xF2) resets to 0, "skipped".
/// One difference to keep in mind: its t_sb codes 0b110/0b111 mean 10/20 ms, not 2/4 s.
public enum BMP280Chip: UInt8, Sendable, CaseIterable {
    case bmp280 = 0x58
    case bme280 = 0x60

    /// "BMP280 (id 0x58)", "BME280 (id 0x60), humidity not used": what `selftest` prints.
    public var summary: String {
        switch self {
        case .bmp280: "BMP280 (id 0x58)"
        case .bme280: "BME280 (id 0x60), humidity not used"
        }
    }

    /// "BMP280" or "BME280", for messages about the chip found.
    public var name: String { self == .bmp280 ? "BMP280" : "BME280" }
}

extension BMP280Register {
    /// osrs_t[2:0] and osrs_p[2:0] of "ctrl_meas" (Tables 21 and 22). Skipped makes the data
    /// registers read 0x80000.
    public enum Oversampling: UInt8, Sendable {
        case skipped = 0b000, x1 = 0b001, x2 = 0b010, x4 = 0b011, x8 = 0b100, x16 = 0b101

        /// Conversions averaged per measurement.
        public var factor: Int { self == .skipped ? 0 : 1 << (Int(rawValue) - 1) }
    }

    /// filter[2:0] of "config": the IIR coefficient (§3.3.3, Table 6).
    public enum Filter: UInt8, Sendable {
        case off = 0b000, x2 = 0b001, x4 = 0b010, x8 = 0b011, x16 = 0b100
    }

    /// t_sb[2:0] of "config": inactive time between normal-mode measurements (§3.6.3).
    public enum Standby: UInt8, Sendable {
        case ms0_5 = 0b000, ms62_5 = 0b001, ms125 = 0b010, ms250 = 0b011
        case ms500 = 0b100, ms1000 = 0b101, ms2000 = 0b110, ms4000 = 0b111
    }

    /// mode[1:0] of "ctrl_meas" (§3.6); 0b10 is also forced, 0b01 is the one written.
    public enum Mode: UInt8, Sendable {
        case sleep = 0b00, forced = 0b01, normal = 0b11

        /// Decodes the mode bits of a "ctrl_meas" value.
        public init(ctrlMeas: UInt8) {
            switch ctrlMeas & 0b11 {
            case 0b00: self = .sleep
            case 0b11: self = .normal
            default: self = .forced
            }
        }
    }

    /// The "ctrl_meas" byte: osrs_t[7:5], osrs_p[4:2], mode[1:0].
    public static func ctrlMeas(temperature: Oversampling, pressure: Oversampling, mode: Mode) -> UInt8 {
        temperature.rawValue << 5 | pressure.rawValue << 2 | mode.rawValue
    }

    /// The "config" byte: t_sb[7:5], filter[4:2], spi3w_en[0] = 0 (I2C).
    public static func config(standby: Standby, filter: Filter) -> UInt8 {
        standby.rawValue << 5 | filter.rawValue << 2
    }

    /// Decodes the 20-bit ADC value from msb, lsb, xlsb[7:4] (§3.9: "ut" and "up").
    public static func adc(msb: UInt8, lsb: UInt8, xlsb: UInt8) -> Int32 {
        Int32(msb) << 12 | Int32(lsb) << 4 | Int32(xlsb >> 4)
    }
}

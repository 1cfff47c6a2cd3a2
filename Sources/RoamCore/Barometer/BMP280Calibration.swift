/// The twelve trimming words a BMP280 carries in its NVM (datasheet BST-BMP280-DS001 §3.11.2, Table 17).
/// They are read once, as one 24-byte burst from calib00 (0x88) to calib23 (0x9F), and feed
/// `BMP280Compensation`. Each word is little-endian: the LSB sits at the lower address.
public struct BMP280Calibration: Sendable, Equatable {
    public var digT1: UInt16
    public var digT2: Int16
    public var digT3: Int16
    public var digP1: UInt16
    public var digP2: Int16
    public var digP3: Int16
    public var digP4: Int16
    public var digP5: Int16
    public var digP6: Int16
    public var digP7: Int16
    public var digP8: Int16
    public var digP9: Int16

    /// Size of the calibration burst 0x88…0x9F; 0xA0/0xA1 are reserved and not read.
    public static let byteCount = 24

    public init(
        digT1: UInt16, digT2: Int16, digT3: Int16,
        digP1: UInt16, digP2: Int16, digP3: Int16, digP4: Int16, digP5: Int16,
        digP6: Int16, digP7: Int16, digP8: Int16, digP9: Int16
    ) {
        self.digT1 = digT1; self.digT2 = digT2; self.digT3 = digT3
        self.digP1 = digP1; self.digP2 = digP2; self.digP3 = digP3; self.digP4 = digP4; self.digP5 = digP5
        self.digP6 = digP6; self.digP7 = digP7; self.digP8 = digP8; self.digP9 = digP9
    }

    /// Decodes the burst read from 0x88. Returns nil unless exactly 24 bytes are given.
    public init?(registers bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        func word(_ index: Int) -> UInt16 { UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8 }
        // dig_T1 and dig_P1 are unsigned short, all others signed short (Table 17).
        func signed(_ index: Int) -> Int16 { Int16(bitPattern: word(index)) }
        self.init(
            digT1: word(0), digT2: signed(1), digT3: signed(2),
            digP1: word(3), digP2: signed(4), digP3: signed(5), digP4: signed(6), digP5: signed(7),
            digP6: signed(8), digP7: signed(9), digP8: signed(10), digP9: signed(11)
        )
    }

    /// The 24 register bytes this calibration is stored as (used by the register-map fake).
    public var registers: [UInt8] {
        let words: [UInt16] = [
            digT1, UInt16(bitPattern: digT2), UInt16(bitPattern: digT3),
            digP1, UInt16(bitPattern: digP2), UInt16(bitPattern: digP3), UInt16(bitPattern: digP4),
            UInt16(bitPattern: digP5), UInt16(bitPattern: digP6), UInt16(bitPattern: digP7),
            UInt16(bitPattern: digP8), UInt16(bitPattern: digP9),
        ]
        return words.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
    }

    /// False for what a failed NVM copy or a floating bus yields. dig_T1 and dig_P1 are never 0 on a
    /// real part, and a zero dig_P1 would make every pressure the formulas' division-by-zero result.
    public var isPlausible: Bool {
        let bytes = registers
        return digT1 != 0 && digP1 != 0 && !bytes.allSatisfy { $0 == 0xFF }
    }

    /// The calibration words of the datasheet's worked example; with adc_T = 519888 and
    /// adc_P = 415148 they give 25.08 °C and 100 653.27 Pa.
    public static let datasheetExample = BMP280Calibration(
        digT1: 27504, digT2: 26435, digT3: -1000,
        digP1: 36477, digP2: -10685, digP3: 3024, digP4: 2855, digP5: 140,
        digP6: -7, digP7: 15500, digP8: -14600, digP9: 6000
    )
}

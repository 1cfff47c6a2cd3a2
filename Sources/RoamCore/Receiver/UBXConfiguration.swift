/// u-blox generation 9 and later (M9, M10, F9) are configured through key/value items instead of
/// CFG-PRT, CFG-MSG and CFG-RATE, which the M10 no longer takes (u-blox M10 SPG 5.10 Interface
/// Description, UBX-21035062, "UBX-CFG-VALSET" and "Configuration items"). One item is a 32-bit key
/// whose bits 30…28 give the value's size, followed by the little-endian value.
public struct UBXConfigItem: Sendable, Equatable {
    public var key: UInt32
    public var value: UInt64

    public init(_ key: UInt32, _ value: UInt64) { self.key = key; self.value = value }

    /// Bytes of the value: key size 1 (one bit, stored in a byte) and 2 are one byte, 3 two, 4 four, 5 eight.
    public var valueSize: Int? {
        switch (key >> 28) & 0x7 {
        case 1, 2: return 1
        case 3: return 2
        case 4: return 4
        case 5: return 8
        default: return nil
        }
    }

    public var bytes: [UInt8] {
        var out = (0..<4).map { UInt8(truncatingIfNeeded: key >> (8 * UInt32($0))) }
        out += (0..<(valueSize ?? 0)).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        return out
    }
}

/// The keys the recorder sets (same document, "CFG-RATE", "CFG-UART1", "CFG-UART1OUTPROT", "CFG-MSGOUT").
public enum UBXConfigKey {
    /// CFG-RATE-MEAS, U2, nominal time between measurements in ms.
    public static let rateMeasMs: UInt32 = 0x3021_0001
    /// CFG-RATE-NAV, U2, measurements per navigation solution.
    public static let rateNav: UInt32 = 0x3021_0002
    /// CFG-UART1-BAUDRATE, U4.
    public static let uart1Baud: UInt32 = 0x4052_0001
    /// CFG-UART1OUTPROT-NMEA, L: NMEA output on UART1 at all (a UBX-only module has it off).
    public static let uart1OutputNMEA: UInt32 = 0x1074_0002
    /// CFG-MSGOUT-NMEA_ID_<sentence>_UART1, U1, output rate per navigation solution (0 = off).
    public static let nmeaOnUART1: [String: UInt32] = [
        "GGA": 0x2091_00BB, "GLL": 0x2091_00CA, "GSA": 0x2091_00C0, "GSV": 0x2091_00C5,
        "RMC": 0x2091_00AC, "VTG": 0x2091_00B1, "GST": 0x2091_00D4, "ZDA": 0x2091_00D9,
    ]
}

extension UBX {
    public static let idVALSET: UInt8 = 0x8A
    /// Layers of CFG-VALSET: RAM only. The recorder configures at every open, so nothing needs to
    /// survive a power cycle, and the module's flash is not worn by every ride.
    public static let layerRAM: UInt8 = 0x01

    /// CFG-VALSET (0x06 0x8A): version 0 (no transaction), layers, two reserved bytes, then the items.
    public static func setValues(_ items: [UBXConfigItem], layers: UInt8 = layerRAM) -> UBXFrame {
        var p: [UInt8] = [0x00, layers, 0x00, 0x00]
        for item in items { p += item.bytes }
        return UBXFrame(classCFG, idVALSET, payload: p)
    }

    /// The items of a CFG-VALSET payload, or nil when it is not one this recorder could have sent
    /// (another version, a key of unknown size, a value cut short).
    public static func values(in payload: [UInt8]) -> [UBXConfigItem]? {
        guard payload.count >= 4, payload[0] == 0 else { return nil }
        var items: [UBXConfigItem] = []
        var i = 4
        while i < payload.count {
            guard i + 4 <= payload.count else { return nil }
            let key = (0..<4).reduce(UInt32(0)) { $0 | UInt32(payload[i + $1]) << (8 * UInt32($1)) }
            guard let size = UBXConfigItem(key, 0).valueSize, i + 4 + size <= payload.count else { return nil }
            let value = (0..<size).reduce(UInt64(0)) { $0 | UInt64(payload[i + 4 + $1]) << (8 * UInt64($1)) }
            items.append(UBXConfigItem(key, value))
            i += 4 + size
        }
        return items
    }
}

/// What a u-blox says of itself in MON-VER (0x0A 0x04): a 30-byte software version, a 10-byte
/// hardware version, then 30-byte extension strings such as "PROTVER=34.10" and "MOD=MAX-M10S".
public struct UBXVersion: Sendable, Equatable {
    public var software: String
    public var hardware: String
    public var extensions: [String]

    public init?(monVer frame: UBXFrame) {
        guard frame.messageClass == UBX.classMON, frame.messageID == 0x04, frame.payload.count >= 40 else { return nil }
        func text(_ slice: ArraySlice<UInt8>) -> String {
            String(decoding: slice.prefix { $0 != 0 }, as: UTF8.self).trimmedOfWhitespace
        }
        let p = frame.payload
        software = text(p[0..<30])
        hardware = text(p[30..<40])
        extensions = stride(from: 40, to: p.count, by: 30).map { text(p[$0..<min(p.count, $0 + 30)]) }.filter { !$0.isEmpty }
    }

    /// The protocol version ("PROTVER=18.00" or, on some firmware, "PROTVER 18.00"), nil if not given.
    public var protocolVersion: Double? {
        for e in extensions where e.hasPrefix("PROTVER") {
            return Double(e.dropFirst("PROTVER".count).drop { $0 == "=" || $0 == " " })
        }
        return nil
    }

    /// The module name of "MOD=…", if the firmware gives one.
    public var module: String? {
        extensions.first { $0.hasPrefix("MOD=") }.map { String($0.dropFirst(4)) }
    }

    /// Protocol 27 and later (generation 9) has the configuration interface; older ones, and
    /// firmware that gives no protocol version (u-blox 6 and earlier), take the CFG-PRT/MSG/RATE messages.
    public var takesValueSet: Bool { (protocolVersion ?? 0) >= 27 }

    /// "MAX-M10S, protocol 34.10" or "ROM CORE 3.01 (107888), protocol 18.00", for reports.
    public var summary: String {
        let name = module ?? software
        guard let v = protocolVersion else { return name }
        return "\(name), protocol \(String(v.formatted2))"
    }
}


private extension Double {
    /// Two decimals without Foundation: 34.1 → "34.10".
    var formatted2: String {
        let hundredths = Int((self * 100).rounded())
        let frac = hundredths % 100
        return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)"
    }
}

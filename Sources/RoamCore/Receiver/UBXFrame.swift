/// One UBX frame (u-blox 8 / M8 Receiver Description, UBX-13003221, §32.2 "UBX frame structure"):
/// sync 0xB5 0x62, class, id, little-endian payload length, payload, and the 8-bit Fletcher
/// checksum CK_A, CK_B over class, id, length and payload (§32.4).
public struct UBXFrame: Sendable, Equatable {
    public var messageClass: UInt8
    public var messageID: UInt8
    public var payload: [UInt8]

    public init(_ messageClass: UInt8, _ messageID: UInt8, payload: [UInt8] = []) {
        self.messageClass = messageClass; self.messageID = messageID; self.payload = payload
    }

    public static let sync: [UInt8] = [0xB5, 0x62]

    /// CK_A = CK_A + byte; CK_B = CK_B + CK_A, both modulo 256, over `bytes`.
    public static func checksum<C: Collection>(_ bytes: C) -> (a: UInt8, b: UInt8) where C.Element == UInt8 {
        var a: UInt8 = 0, b: UInt8 = 0
        for byte in bytes { a = a &+ byte; b = b &+ a }
        return (a, b)
    }

    /// The frame as sent on the wire.
    public var bytes: [UInt8] {
        var body: [UInt8] = [messageClass, messageID, UInt8(payload.count & 0xFF), UInt8(payload.count >> 8)]
        body += payload
        let ck = Self.checksum(body)
        var out = Self.sync
        out += body
        out += [ck.a, ck.b]
        return out
    }

    /// "CFG-RATE" for the messages this recorder speaks, "0x06 0x08" otherwise.
    public var name: String { UBX.name(messageClass, messageID) }
}

/// The UBX messages the recorder sends and expects, from UBX-13003221 (protocol versions 15–23.01,
/// M8 and older; M9/M10 take CFG-VALSET instead: UBXConfiguration.swift).
public enum UBX {
    public static let classACK: UInt8 = 0x05, classCFG: UInt8 = 0x06, classMON: UInt8 = 0x0A, classNMEA: UInt8 = 0xF0

    /// NMEA standard message ids of CFG-MSG (class 0xF0, "NMEA Messages Overview").
    public static let nmeaID: [String: UInt8] = [
        "GGA": 0x00, "GLL": 0x01, "GSA": 0x02, "GSV": 0x03, "RMC": 0x04, "VTG": 0x05, "GRS": 0x06, "GST": 0x07, "ZDA": 0x08,
    ]

    static func name(_ cls: UInt8, _ id: UInt8) -> String {
        switch (cls, id) {
        case (0x06, 0x00): return "CFG-PRT"
        case (0x06, 0x01): return "CFG-MSG"
        case (0x06, 0x08): return "CFG-RATE"
        case (0x06, 0x24): return "CFG-NAV5"
        case (0x06, 0x8A): return "CFG-VALSET"
        case (0x05, 0x01): return "ACK-ACK"
        case (0x05, 0x00): return "ACK-NAK"
        case (0x0A, 0x04): return "MON-VER"
        default: return "0x\(hex(cls)) 0x\(hex(id))"
        }
    }

    static func hex(_ b: UInt8) -> String {
        let d = Array("0123456789ABCDEF")
        return String([d[Int(b >> 4)], d[Int(b & 0xF)]])
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 24) & 0xFF)] }

    /// CFG-PRT (0x06 0x00, 20 bytes) for UART1: 8 data bits, no parity, 1 stop bit (mode 0x000008D0),
    /// `baud`, UBX+NMEA in and out (masks 0x0003), no TX-ready pin, no flags.
    public static func setUARTPort(baud: Int, port: UInt8 = 1) -> UBXFrame {
        var p: [UInt8] = [port, 0x00]
        p += le16(0)                 // txReady off
        p += le32(0x0000_08D0)       // charLen 8 bit (bits 7:6 = 11), parity none (bits 11:9 = 100), 1 stop bit
        p += le32(baud)
        p += le16(0x0003)            // inProtoMask: UBX, NMEA
        p += le16(0x0003)            // outProtoMask: UBX, NMEA
        p += le16(0)                 // flags
        p += [0x00, 0x00]            // reserved
        return UBXFrame(classCFG, 0x00, payload: p)
    }

    /// CFG-RATE (0x06 0x08, 6 bytes): measRate in ms, navRate 1, timeRef 1 (GPS time).
    public static func setRate(hz: Int) -> UBXFrame {
        var p = le16(1000 / max(1, hz))
        p += le16(1)
        p += le16(1)
        return UBXFrame(classCFG, 0x08, payload: p)
    }

    /// CFG-MSG (0x06 0x01, 3 bytes): the rate of one NMEA sentence on the port this is sent on.
    public static func setNMEARate(_ sentence: String, rate: UInt8) -> UBXFrame? {
        guard let id = nmeaID[sentence] else { return nil }
        return UBXFrame(classCFG, 0x01, payload: [classNMEA, id, rate])
    }

    /// MON-VER poll (0x0A 0x04, empty): a u-blox answers with its software and hardware version.
    public static let pollVersion = UBXFrame(classMON, 0x04)

    /// ACK-ACK (0x05 0x01) or ACK-NAK (0x05 0x00) for the message `acked` (payload: its class and id).
    public static func ack(_ acked: UBXFrame, accepted: Bool) -> UBXFrame {
        UBXFrame(classACK, accepted ? 0x01 : 0x00, payload: [acked.messageClass, acked.messageID])
    }

    /// Whether `frame` is an ACK-ACK (true) or ACK-NAK (false) for `cls`/`id`; nil for any other frame,
    /// including an acknowledgement of another message.
    public static func acknowledgement(_ frame: UBXFrame, of cls: UInt8, _ id: UInt8) -> Bool? {
        guard frame.messageClass == classACK, frame.payload.count == 2,
              frame.payload[0] == cls, frame.payload[1] == id else { return nil }
        switch frame.messageID {
        case 0x01: return true
        case 0x00: return false
        default: return nil
        }
    }
}

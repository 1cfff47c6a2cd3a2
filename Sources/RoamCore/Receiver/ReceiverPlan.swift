/// One command of a receiver's configuration: its bytes, what answer proves it was taken, and
/// whether the link changes baud after it (the host follows once the command has gone out).
public struct ReceiverCommand: Sendable, Equatable {
    public enum Expect: Sendable, Equatable {
        /// UBX ACK-ACK for this class and id (ACK-NAK: refused).
        case ubxAck(UInt8, UInt8)
        /// `$PMTK001,<command>,3` (another flag: refused).
        case pmtkAck(Int)
        /// No acknowledgement exists (CASIC, or a baud change answered at a baud the host has left).
        case nothing
    }

    public var what: String
    public var bytes: [UInt8]
    public var expect: Expect
    public var switchesBaudTo: Int?
    /// False for a refinement the ride does without (the dynamic model): its refusal is said, but
    /// the module still counts as configured.
    public var essential: Bool

    public init(what: String, bytes: [UInt8], expect: Expect, switchesBaudTo: Int? = nil, essential: Bool = true) {
        self.what = what; self.bytes = bytes; self.expect = expect; self.switchesBaudTo = switchesBaudTo
        self.essential = essential
    }
}

/// The commands that take a module of `family` to `baud`, `rateHz` and the recorder's sentence
/// set, in the order they must be sent: baud first (at the baud the module is found at), then
/// the sentence set (so the slow old set does not flood the new rate), then the rate, and last
/// the dynamic model for a bicycle (UBXDynamicModel.swift), which the ride does without if refused.
/// `ubloxValueSet`: the u-blox said (MON-VER) it has the generation 9 configuration interface.
/// `nmeaOff`: it was heard speaking UBX only, so its port's NMEA output is turned on first (in RAM,
/// as everything here: the module's saved settings are left as its owner saved them).
public enum ReceiverPlan {
    public static func commands(family: ReceiverFamily, fromBaud: Int, toBaud: Int, rateHz: Int,
                                ubloxValueSet: Bool = false, nmeaOff: Bool = false) -> [ReceiverCommand] {
        switch family {
        case .ublox where ubloxValueSet: return ubloxGeneration9(fromBaud: fromBaud, toBaud: toBaud, rateHz: rateHz, nmeaOff: nmeaOff)
        case .ublox: return ublox(fromBaud: fromBaud, toBaud: toBaud, rateHz: rateHz, nmeaOff: nmeaOff)
        case .mtk: return mtk(fromBaud: fromBaud, toBaud: toBaud, rateHz: rateHz)
        case .casic: return casic(fromBaud: fromBaud, toBaud: toBaud, rateHz: rateHz)
        case .auto, .none: return []
        }
    }

    static func ublox(fromBaud: Int, toBaud: Int, rateHz: Int, nmeaOff: Bool = false) -> [ReceiverCommand] {
        var out: [ReceiverCommand] = []
        if fromBaud != toBaud {
            // The ACK of CFG-PRT goes out at the new baud or is lost in the switch (UBX-13003221, CFG-PRT).
            out.append(ReceiverCommand(what: "CFG-PRT UART1 \(toBaud) baud 8N1, UBX+NMEA", bytes: UBX.setUARTPort(baud: toBaud).bytes,
                                       expect: .nothing, switchesBaudTo: toBaud))
        } else if nmeaOff {
            // The same port settings with NMEA output on; the baud stays, so its ACK arrives.
            let port = UBX.setUARTPort(baud: toBaud)
            out.append(ReceiverCommand(what: "CFG-PRT UART1 \(toBaud) baud 8N1, UBX+NMEA", bytes: port.bytes,
                                       expect: .ubxAck(port.messageClass, port.messageID)))
        }
        for s in ReceiverSentences.wanted + ReceiverSentences.unwanted {
            guard let frame = UBX.setNMEARate(s, rate: ReceiverSentences.wanted.contains(s) ? 1 : 0) else { continue }
            out.append(ReceiverCommand(what: "CFG-MSG \(s) \(ReceiverSentences.wanted.contains(s) ? "on" : "off")", bytes: frame.bytes,
                                       expect: .ubxAck(frame.messageClass, frame.messageID)))
        }
        let rate = UBX.setRate(hz: rateHz)
        out.append(ReceiverCommand(what: "CFG-RATE \(1000 / max(1, rateHz)) ms", bytes: rate.bytes, expect: .ubxAck(rate.messageClass, rate.messageID)))
        let model = UBXDynamicModel.forBicycle
        let nav5 = UBX.setDynamicModel(model)
        out.append(ReceiverCommand(what: "CFG-NAV5 dynamic model \(model.name)", bytes: nav5.bytes,
                                   expect: .ubxAck(nav5.messageClass, nav5.messageID), essential: false))
        return out
    }

    /// M9/M10: the baud in one CFG-VALSET (its ACK leaves at the new baud or is lost in the switch,
    /// as with CFG-PRT), then the sentence set and the rate together in a second, acknowledged one.
    static func ubloxGeneration9(fromBaud: Int, toBaud: Int, rateHz: Int, nmeaOff: Bool = false) -> [ReceiverCommand] {
        var out: [ReceiverCommand] = []
        if fromBaud != toBaud {
            let baud = UBX.setValues([UBXConfigItem(UBXConfigKey.uart1Baud, UInt64(toBaud))])
            out.append(ReceiverCommand(what: "CFG-VALSET UART1 \(toBaud) baud", bytes: baud.bytes, expect: .nothing, switchesBaudTo: toBaud))
        }
        var items: [UBXConfigItem] = nmeaOff ? [UBXConfigItem(UBXConfigKey.uart1OutputNMEA, 1)] : []
        for s in ReceiverSentences.wanted + ReceiverSentences.unwanted {
            guard let key = UBXConfigKey.nmeaOnUART1[s] else { continue }
            items.append(UBXConfigItem(key, ReceiverSentences.wanted.contains(s) ? 1 : 0))
        }
        let ms = 1000 / max(1, rateHz)
        items.append(UBXConfigItem(UBXConfigKey.rateMeasMs, UInt64(ms)))
        items.append(UBXConfigItem(UBXConfigKey.rateNav, 1))
        let frame = UBX.setValues(items)
        out.append(ReceiverCommand(what: "CFG-VALSET \(nmeaOff ? "NMEA output on, " : "")RMC GGA GSA GST on, GSV GLL VTG ZDA off, \(ms) ms", bytes: frame.bytes,
                                   expect: .ubxAck(frame.messageClass, frame.messageID)))
        let model = UBXDynamicModel.forBicycle
        let dyn = UBX.setDynamicModelValue(model)
        out.append(ReceiverCommand(what: "CFG-VALSET NAVSPG-DYNMODEL \(model.name)", bytes: dyn.bytes,
                                   expect: .ubxAck(dyn.messageClass, dyn.messageID), essential: false))
        return out
    }

    static func mtk(fromBaud: Int, toBaud: Int, rateHz: Int) -> [ReceiverCommand] {
        var out: [ReceiverCommand] = []
        if fromBaud != toBaud {
            out.append(ReceiverCommand(what: "PMTK251 \(toBaud) baud", bytes: Array(PMTK.setBaud(toBaud).utf8), expect: .nothing, switchesBaudTo: toBaud))
        }
        out.append(ReceiverCommand(what: "PMTK314 RMC, GGA, GSA, GST", bytes: Array(PMTK.setOutput(ReceiverSentences.wanted).utf8), expect: .pmtkAck(314)))
        out.append(ReceiverCommand(what: "PMTK220 \(1000 / max(1, rateHz)) ms", bytes: Array(PMTK.setRate(hz: rateHz).utf8), expect: .pmtkAck(220)))
        let mode = PMTK.bicycleMode
        out.append(ReceiverCommand(what: "PMTK886 \(mode.name) navigation mode", bytes: Array(PMTK.setNavigationMode(mode).utf8),
                                   expect: .pmtkAck(886), essential: false))
        return out
    }

    /// CASIC: PCAS11 sets the dynamic model last, as for the others; like every PCAS it is never
    /// acknowledged, so its refusal cannot be heard, and the ride does without it (docs/RECEIVERS.md).
    static func casic(fromBaud: Int, toBaud: Int, rateHz: Int) -> [ReceiverCommand] {
        var out: [ReceiverCommand] = []
        if fromBaud != toBaud, let baud = PCAS.setBaud(toBaud) {
            out.append(ReceiverCommand(what: "PCAS01 \(toBaud) baud", bytes: Array(baud.utf8), expect: .nothing, switchesBaudTo: toBaud))
        }
        out.append(ReceiverCommand(what: "PCAS03 RMC, GGA, GSA, GST", bytes: Array(PCAS.setOutput(ReceiverSentences.wanted).utf8), expect: .nothing))
        out.append(ReceiverCommand(what: "PCAS02 \(1000 / max(1, rateHz)) ms", bytes: Array(PCAS.setRate(hz: rateHz).utf8), expect: .nothing))
        let model = PCAS.bicycleModel
        out.append(ReceiverCommand(what: "PCAS11 dynamic model \(model.name)", bytes: Array(PCAS.setDynamicModel(model).utf8),
                                   expect: .nothing, essential: false))
        return out
    }

    /// The bauds tried, after the configured one, when it gives no checksummed sentence.
    public static let probeBauds = [9600, 38400, 57600, 115200, 230400]

    /// Whether the family can be asked for `baud` at all (CASIC stops at 115200).
    public static func supports(_ family: ReceiverFamily, baud: Int) -> Bool {
        family == .casic ? PCAS.baudCodes.contains(baud) : true
    }
}

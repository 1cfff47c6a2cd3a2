import RoamCore

/// A GNSS module's command side as the bench simulates it: it starts as a stock module does
/// (9600 baud, 1 Hz, every sentence) and changes only for a correct command of its own family —
/// a fake u-blox parses UBX and answers ACK-ACK / ACK-NAK, a fake MediaTek answers PMTK001, a fake
/// CASIC answers nothing. A pty carries bytes at any speed, so the baud is modelled: bytes the host
/// sends at another baud are junk to it, and what it sends at another baud reaches the host as junk.
public struct FakeGNSSModule: Sendable {
    public enum Behaviour: Sendable, Equatable {
        case obeys
        /// Answers every configuration command with a refusal (ACK-NAK, PMTK001 flag 1).
        case refuses
        /// Never answers, never changes (a module whose RX wire is not connected).
        case deaf
        /// Takes everything but the dynamic model (CFG-NAV5, CFG-NAVSPG-DYNMODEL, PMTK886), which it refuses
        /// (a CASIC ignores PCAS11, unanswered as every PCAS).
        case refusesDynamicModel
    }

    /// Which u-blox it is: an M8 takes CFG-PRT/MSG/RATE; an M10 refuses them (ACK-NAK) and takes CFG-VALSET;
    /// a NEO-6 takes the old messages but refuses a rate above its rated 5 Hz.
    public enum UBloxModel: Sendable, Equatable {
        case m8, m10, neo6

        /// The dynamic models its interface description lists, which it acknowledges; any other value
        /// is refused (ACK-NAK), as the part refuses a value it does not know. NEO-6: 0, 2–8 (u-blox 6
        /// protocol GPS.G6-SW-10018, CFG-NAV5); a standard M8: up to 9 wrist (UBX-13003221 §32.10.19.1:
        /// wrist from protocol 18, 10 bike only in protocol 19.2, the dead-reckoning firmware); M10:
        /// up to 9 (UBX-21035062, CFG-NAVSPG-DYNMODEL). None of them knows 10 (docs/RECEIVERS.md).
        public var knownDynamicModels: Set<UInt8> {
            switch self {
            case .neo6: [0, 2, 3, 4, 5, 6, 7, 8]
            case .m8, .m10: [0, 2, 3, 4, 5, 6, 7, 8, 9]
            }
        }
    }

    public let family: ReceiverFamily
    public let ubloxModel: UBloxModel
    public var behaviour: Behaviour
    public private(set) var baud = 9600
    public private(set) var rateHz = 1
    public private(set) var enabled: Set<String> = ["RMC", "GGA", "GSA", "GST", "GSV", "GLL", "VTG", "ZDA"]
    /// A u-blox's port protocol: false for one whose NMEA output was switched off and saved (a drone
    /// module's): it then sends one UBX NAV-PVT per epoch, and no sentence, until CFG-PRT or CFG-VALSET turn NMEA on.
    public private(set) var nmeaOutput = true
    /// Its UART takes 10 bit times a byte, so an epoch whose sentences do not fit before the next is
    /// skipped (`ModuleRatePacer`): at 9600 baud, ten epochs of RMC GGA GSA GST a second do not fit.
    /// Off by default: the bench's 10 Hz feeds at 9600 baud test the set-up and rate watch, not the line.
    public var limitedByBaud = false
    /// CFG-PRT commands it lets pass (no answer, no switch), as a module whose line garbled one.
    public var baudCommandsToMiss = 0
    /// Idle, sends UBX NAV-PVT and NAV-DOP beside its banner, each on a tick of its own, frames first: a
    /// host that stops listening after two checksummed frames has heard UBX only, though NMEA is on.
    public var leadsWithUBX = false
    /// Every periodic message off (and saved so), as a module meant to be polled is left: it answers
    /// a version query (MON-VER, PMTK605, PCAS06) and sends nothing else until a command turns a
    /// sentence on; then, without a fix, that sentence empty each epoch.
    public let silentUntilAsked: Bool
    /// A replayed capture with no sentences for a while (`SimulatedRig`): the receiver sent nothing
    /// then, so it answers no command either and takes none, until the capture speaks again.
    public var isSilent = false
    /// Text lines its banner carries after the family's own ("HW UBX-M8030 00080000", "ANTSTATUS=SHORT").
    public var bannerTexts: [String] = []
    /// What it powers up with (`powerCycle`): its saved baud and port protocol.
    private let factoryBaud: Int
    private let factoryNMEAOutput: Bool
    private var idleTicks = 0
    /// The dynamic model (u-blox, PCAS11) or navigation mode (PMTK886) it was set to; nil: its own default.
    public private(set) var dynamicModel: Int?
    /// Commands taken, in order ("CFG-RATE 100 ms"), for tests.
    public private(set) var accepted: [String] = []
    private var ubx = UBXScanner()
    private var framer = NMEALineFramer()
    private var junkSeed: UInt8 = 0x5A
    private var carry: [UInt8] = []
    private var pacer = ModuleRatePacer()

    public init(family: ReceiverFamily, behaviour: Behaviour = .obeys, baud: Int = 9600, ubloxModel: UBloxModel = .m8,
                nmeaOutput: Bool = true, silentUntilAsked: Bool = false) {
        self.family = family; self.behaviour = behaviour; self.baud = baud; self.ubloxModel = ubloxModel
        self.nmeaOutput = nmeaOutput || family != .ublox
        self.silentUntilAsked = silentUntilAsked
        factoryBaud = baud; factoryNMEAOutput = self.nmeaOutput
        if silentUntilAsked { enabled = [] }
    }

    /// Power lost and back (a loose connector, a brown-out of the GNSS board): what the host set is
    /// gone, the module is as it was made (baud, 1 Hz, its own sentence set and model); commands
    /// taken before stay in `accepted` for tests.
    public mutating func powerCycle() {
        let fresh = FakeGNSSModule(family: family, behaviour: behaviour, baud: factoryBaud, ubloxModel: ubloxModel,
                                   nmeaOutput: factoryNMEAOutput, silentUntilAsked: silentUntilAsked)
        let taken = accepted, leads = leadsWithUBX, limited = limitedByBaud, missing = baudCommandsToMiss, texts = bannerTexts
        self = fresh
        (leadsWithUBX, limitedByBaud, baudCommandsToMiss, bannerTexts) = (leads, limited, missing, texts)
        accepted = taken
    }

    /// UBX-NAV-PVT (0x01 0x07, 92 bytes), what a UBX-only u-blox sends each epoch; its content is not read here.
    static let navPVT = UBXFrame(0x01, 0x07, payload: [UInt8](repeating: 0, count: 92))

    /// UBX-NAV-DOP (0x01 0x04, 18 bytes).
    static let navDOP = UBXFrame(0x01, 0x04, payload: [UInt8](repeating: 0, count: 18))

    /// What it sends while idle, as the host receives it: the banner, or NAV-PVT when its NMEA is off.
    public mutating func idleOutput(hostBaud: Int) -> [UInt8] {
        defer { idleTicks += 1 }
        if silentUntilAsked {
            guard nmeaOutput, enabled.contains("RMC") else { return [] }
            return onWire(Array((NMEAChecksum.seal("$GNRMC,,V,,,,,,,,,,N") + "\r\n").utf8), hostBaud: hostBaud)
        }
        guard nmeaOutput else { return onWire(Self.navPVT.bytes, hostBaud: hostBaud) }
        // A CASIC prints its banner once, at power-up, then only its antenna's status (ANT, §1.5.9).
        if family == .casic && idleTicks > 0 { return onWire(Array(casicIdleText.utf8), hostBaud: hostBaud) }
        guard leadsWithUBX else { return onWire(Array(banner.utf8), hostBaud: hostBaud) }
        return onWire([Self.navPVT.bytes, Self.navDOP.bytes, Array(banner.utf8)][idleTicks % 3], hostBaud: hostBaud)
    }

    /// Bytes from the host, which sends at `hostBaud`. Returns what the module answers, as the
    /// host receives it, and the baud the module changed to after answering.
    public mutating func receive(_ bytes: [UInt8], hostBaud: Int) -> (reply: [UInt8], newBaud: Int?) {
        guard hostBaud == baud, behaviour != .deaf, !isSilent else { return ([], nil) }
        var reply: [UInt8] = []
        var newBaud: Int?
        if family == .ublox {
            for frame in ubx.feed(bytes) { reply += ubxCommand(frame, newBaud: &newBaud) }
        }
        var lines: [String] = []
        bytes.withUnsafeBufferPointer { input in
            var index = 0
            while let event = framer.next(input, &index) { if case .sentence = event { lines.append(framer.withSentence { $0.text }) } }
        }
        for line in lines { reply += Array(nmeaCommand(line, newBaud: &newBaud).utf8) }
        // The answer leaves at the old baud; the switch comes after it.
        let wire = onWire(reply, hostBaud: hostBaud)
        if let newBaud { baud = newBaud }
        return (wire, newBaud)
    }

    /// The module's NMEA output for one epoch: only its enabled sentences (GSV and VTG made up when
    /// on, as a stock module adds them) of the epochs its rate keeps (`ModuleRatePacer`: at 1 Hz,
    /// the first of each second), as junk when the host listens at another baud.
    public mutating func transmit(_ nmea: [UInt8], hostBaud: Int) -> [UInt8] {
        // Whole lines only: a capture arrives in chunks that cut sentences.
        var input = carry + nmea
        if let lastEnd = input.lastIndex(of: UInt8(ascii: "\n")) {
            carry = Array(input[(lastEnd + 1)...])
            input = Array(input[...lastEnd])
        } else {
            carry = input
            return []
        }
        var out: [UInt8] = []
        for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let text = String(decoding: line, as: UTF8.self)
            let type = text.count > 6 && text.hasPrefix("$G") ? String(text.dropFirst(3).prefix(3)) : nil
            guard pacer.sends(text, type: type, rateHz: rateHz, lineBaud: limitedByBaud ? baud : nil) else { continue }
            let before = out.count
            defer { if limitedByBaud { pacer.wrote(out.count - before, baud: baud) } }
            guard nmeaOutput else {
                if type == "RMC" && !silentUntilAsked { out += Self.navPVT.bytes }
                continue
            }
            if let type, !enabled.contains(type) { continue }
            out += line
            out.append(UInt8(ascii: "\n"))
            if type == "RMC" {
                if enabled.contains("VTG") { out += Array((NMEAChecksum.seal("$GNVTG,,T,,M,0.0,N,0.0,K,A") + "\r\n").utf8) }
                if enabled.contains("GSV") { out += Array((NMEAChecksum.seal("$GPGSV,1,1,04,02,45,120,38,05,30,200,35,07,60,045,40,13,15,300,30") + "\r\n").utf8) }
            }
        }
        return onWire(out, hostBaud: hostBaud)
    }

    /// Bytes as the host receives them: themselves at the same baud, framing junk otherwise.
    public mutating func onWire(_ bytes: [UInt8], hostBaud: Int) -> [UInt8] {
        guard hostBaud != baud else { return bytes }
        // Wrong-baud framing: never a '$' or line end, so no sentence can come out of it.
        return bytes.map { b in junkSeed = junkSeed &* 73 &+ 41; return 0x80 | (b ^ junkSeed) }
    }

    private mutating func ubxCommand(_ frame: UBXFrame, newBaud: inout Int?) -> [UInt8] {
        guard frame.messageClass == UBX.classCFG || frame == UBX.pollVersion else { return [] }
        if frame == UBX.pollVersion { return versionFrame.bytes }
        var ok = behaviour == .obeys || behaviour == .refusesDynamicModel
        let p = frame.payload
        if ubloxModel == .m10 { return UBX.ack(frame, accepted: ok && valueSet(frame, newBaud: &newBaud)).bytes }
        switch frame.messageID {
        case 0x00 where p.count == 20 && p[0] == 1 && baudCommandsToMiss > 0:
            baudCommandsToMiss -= 1
            return []
        case 0x00 where p.count == 20 && p[0] == 1:
            let b = Int(p[8]) | Int(p[9]) << 8 | Int(p[10]) << 16 | Int(p[11]) << 24
            ok = ok && [4800, 9600, 19200, 38400, 57600, 115200, 230400].contains(b)
            // outProtoMask (bytes 14-15): bit 1 is NMEA.
            if ok { newBaud = b; nmeaOutput = p[14] & 0x02 != 0; accepted.append("CFG-PRT \(b)") }
        case 0x01 where p.count == 3 && p[0] == UBX.classNMEA:
            let name = UBX.nmeaID.first { $0.value == p[1] }?.key
            ok = ok && name != nil
            if ok, let name { if p[2] > 0 { enabled.insert(name) } else { enabled.remove(name) }; accepted.append("CFG-MSG \(name) \(p[2])") }
        case 0x08 where p.count == 6:
            let ms = Int(p[0]) | Int(p[1]) << 8
            ok = ok && ms >= (ubloxModel == .neo6 ? 200 : 100) && ms <= 10_000
            if ok { rateHz = max(1, 1000 / ms); accepted.append("CFG-RATE \(ms) ms") }
        case UBX.idNAV5 where p.count == 36:
            ok = ok && behaviour != .refusesDynamicModel && p[0] & 0x01 != 0 && ubloxModel.knownDynamicModels.contains(p[2])
            if ok { dynamicModel = Int(p[2]); accepted.append("CFG-NAV5 dynModel \(p[2])") }
        default:
            ok = false
        }
        return UBX.ack(frame, accepted: ok).bytes
    }

    /// An M10 takes CFG-VALSET only, and all of its items or none (an unknown key refuses the message).
    private mutating func valueSet(_ frame: UBXFrame, newBaud: inout Int?) -> Bool {
        guard frame.messageID == UBX.idVALSET, let items = UBX.values(in: frame.payload), !items.isEmpty else { return false }
        var baud: Int?, ms: Int?, model: Int?, nmea: Bool?, sentences: [(String, Bool)] = []
        for item in items {
            switch item.key {
            case UBXConfigKey.uart1Baud:
                guard [4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800].contains(Int(item.value)) else { return false }
                baud = Int(item.value)
            case UBXConfigKey.rateMeasMs:
                guard (25...10_000).contains(Int(item.value)) else { return false }
                ms = Int(item.value)
            case UBXConfigKey.rateNav:
                guard item.value == 1 else { return false }
            case UBXConfigKey.uart1OutputNMEA:
                nmea = item.value != 0
            case UBXConfigKey.dynamicModel:
                guard behaviour != .refusesDynamicModel, item.value <= 0xFF, ubloxModel.knownDynamicModels.contains(UInt8(item.value)) else { return false }
                model = Int(item.value)
            default:
                guard let name = UBXConfigKey.nmeaOnUART1.first(where: { $0.value == item.key })?.key else { return false }
                sentences.append((name, item.value > 0))
            }
        }
        for (name, on) in sentences { if on { enabled.insert(name) } else { enabled.remove(name) } }
        if let nmea { nmeaOutput = nmea; accepted.append("CFG-VALSET UART1OUTPROT-NMEA \(nmea ? 1 : 0)") }
        if let ms { rateHz = max(1, 1000 / ms); accepted.append("CFG-VALSET \(ms) ms") }
        if let model { dynamicModel = model; accepted.append("CFG-VALSET DYNMODEL \(model)") }
        if !sentences.isEmpty { accepted.append("CFG-VALSET " + sentences.map { "\($0.0) \($0.1 ? 1 : 0)" }.joined(separator: " ")) }
        if let baud { newBaud = baud; accepted.append("CFG-VALSET UART1 \(baud)") }
        return true
    }

    private mutating func nmeaCommand(_ line: String, newBaud: inout Int?) -> String {
        let body = line.prefix { $0 != "*" }
        let fields = body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        switch family {
        case .mtk where body.hasPrefix("$PMTK"):
            let number = Int(fields[0].dropFirst(5)) ?? -1
            if number == 605 { return NMEAChecksum.seal("$PMTK705,AXN_2.31_3339_13101700,5632,PA6H,1.0") + "\r\n" }
            var ok = behaviour == .obeys || behaviour == .refusesDynamicModel
            switch number {
            case 251: if ok, let b = Int(fields.count > 1 ? fields[1] : "") { newBaud = b; accepted.append("PMTK251 \(b)") }; return ""
            case 220:
                let ms = Int(fields.count > 1 ? fields[1] : "") ?? 0
                ok = ok && ms >= 100 && ms <= 10_000
                if ok { rateHz = 1000 / ms; accepted.append("PMTK220 \(ms)") }
            case 886:
                ok = ok && behaviour != .refusesDynamicModel && fields.count == 2 && ["0", "1", "2", "3"].contains(fields[1])
                if ok { dynamicModel = Int(fields[1]); accepted.append("PMTK886 \(fields[1])") }
            case 314:
                ok = ok && fields.count == 20
                if ok {
                    let names = ["GLL", "RMC", "VTG", "GGA", "GSA", "GSV", "GRS", "GST"]
                    for (i, n) in names.enumerated() { if fields[1 + i] != "0" { enabled.insert(n) } else { enabled.remove(n) } }
                    if fields[18] != "0" { enabled.insert("ZDA") } else { enabled.remove("ZDA") }
                    accepted.append("PMTK314")
                }
            default: ok = false
            }
            return NMEAChecksum.seal("$PMTK001,\(number),\(ok ? 3 : 1)") + "\r\n"
        case .casic where body.hasPrefix("$PCAS"):
            guard behaviour != .refuses else { return "" }
            let value = fields.count > 1 ? fields[1] : ""
            switch fields[0] {
            case "$PCAS01": if let c = Int(value), PCAS.baudCodes.indices.contains(c) { newBaud = PCAS.baudCodes[c]; accepted.append("PCAS01 \(c)") }
            case "$PCAS02": if let ms = Int(value), ms >= 100 { rateHz = 1000 / ms; accepted.append("PCAS02 \(ms)") }
            case "$PCAS03" where fields.count == 19:
                for (i, n) in ["GGA", "GLL", "GSA", "GSV", "RMC", "VTG", "ZDA"].enumerated() {
                    if fields[1 + i] == "0" { enabled.remove(n) } else { enabled.insert(n) }
                }
                if fields[14] == "0" { enabled.remove("GST") } else { enabled.insert("GST") }
                accepted.append("PCAS03")
            case "$PCAS11" where behaviour != .refusesDynamicModel:
                if let n = Int(value), PCAS.DynamicModel(rawValue: n) != nil { dynamicModel = n; accepted.append("PCAS11 \(n)") }
            case "$PCAS06": return Self.casicAnswer(toQuery: value).map { NMEAChecksum.seal("$GPTXT,01,01,02," + $0) + "\r\n" } ?? ""
            default: break
            }
            return ""
        default:
            return ""
        }
    }
}

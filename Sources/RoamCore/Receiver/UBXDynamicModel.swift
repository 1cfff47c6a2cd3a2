/// The u-blox dynamic platform model: what motion the navigation filter expects. Values from
/// CFG-NAV5 `dynModel` (u-blox 6 protocol GPS.G6-SW-10018 and u-blox 8 / M8 UBX-13003221
/// §32.10.19.1 "UBX-CFG-NAV5") and CFG-NAVSPG-DYNMODEL (u-blox M10 SPG 5.10, UBX-21035062,
/// "CFG-NAVSPG"), which share the numbering.
///
/// No generation offers a bicycle: `bike` (10) is listed by UBX-13003221 §32.10.19.1 for protocol
/// 19.2 only (the M8 dead-reckoning firmware); generation 9's CFG-NAVSPG-DYNMODEL names 10 a
/// motorbike model "not available in all products", which neither the ZED-F9P integration manual
/// (UBX-18010802, "Platform settings") nor the ZED-F9R's (UBX-20039643 §3.2.2: automotive, and from
/// HPS 1.21 e-scooter 12 and lawn mower 11) offers; the M10 list stops at wrist (9). So the recorder
/// uses automotive: road-bound motion with low vertical velocity and acceleration, well inside its
/// limits (docs/RECEIVERS.md says why not portable or pedestrian, and what was checked).
public enum UBXDynamicModel: UInt8, Sendable, CaseIterable {
    case portable = 0, stationary = 2, pedestrian = 3, automotive = 4, sea = 5
    case airborne1g = 6, airborne2g = 7, airborne4g = 8, wrist = 9, bike = 10

    /// The model the recorder sets on every u-blox generation it configures.
    public static let forBicycle = UBXDynamicModel.automotive

    public var name: String {
        switch self {
        case .portable: "portable"
        case .stationary: "stationary"
        case .pedestrian: "pedestrian"
        case .automotive: "automotive"
        case .sea: "sea"
        case .airborne1g: "airborne <1g"
        case .airborne2g: "airborne <2g"
        case .airborne4g: "airborne <4g"
        case .wrist: "wrist"
        case .bike: "bike"
        }
    }
}

extension UBXConfigKey {
    /// CFG-NAVSPG-DYNMODEL, E1 (one byte), the dynamic platform model (UBX-21035062, "CFG-NAVSPG").
    public static let dynamicModel: UInt32 = 0x2011_0021
}

extension UBX {
    public static let idNAV5: UInt8 = 0x24

    /// CFG-NAV5 (0x06 0x24, 36 bytes) for u-blox 6, 7 and M8: mask 0x0001 (apply the dynamic model
    /// only; every other field is ignored by the module and sent as zero), then `dynModel`.
    public static func setDynamicModel(_ model: UBXDynamicModel) -> UBXFrame {
        var p = le16(0x0001)
        p.append(model.rawValue)
        p += [UInt8](repeating: 0, count: 33)
        return UBXFrame(classCFG, idNAV5, payload: p)
    }

    /// The model a CFG-NAV5 payload applies, nil when its mask leaves the model alone.
    public static func dynamicModel(inNAV5 payload: [UInt8]) -> UBXDynamicModel? {
        guard payload.count == 36, payload[0] & 0x01 != 0 else { return nil }
        return UBXDynamicModel(rawValue: payload[2])
    }

    /// CFG-VALSET in RAM of CFG-NAVSPG-DYNMODEL alone (M9, M10): its own message, so a module that
    /// refuses the model still has the rate and sentence set it acknowledged before.
    public static func setDynamicModelValue(_ model: UBXDynamicModel) -> UBXFrame {
        setValues([UBXConfigItem(UBXConfigKey.dynamicModel, UInt64(model.rawValue))])
    }
}

extension PMTK {
    /// PMTK886 (FR_MODE, MT3333/MT3339 firmware): 0 normal (vehicle), 1 fitness (tuned for running
    /// and walking, slower than about 5 m/s), 2 aviation, 3 balloon. Answered by PMTK001,886.
    public enum NavigationMode: Int, Sendable {
        case normal = 0, fitness = 1, aviation = 2, balloon = 3

        public var name: String {
            switch self {
            case .normal: "normal"
            case .fitness: "fitness"
            case .aviation: "aviation"
            case .balloon: "balloon"
            }
        }
    }

    /// The bicycle's mode: normal. Fitness expects walking speeds and a descent at 50 km/h is 14 m/s.
    public static let bicycleMode = NavigationMode.normal

    public static func setNavigationMode(_ mode: NavigationMode) -> String { sentence("886,\(mode.rawValue)") }
}

extension PCAS {
    /// The dynamic model a CASIC's navigation filter assumes. PCAS11 sets it, though the NMEA chapter
    /// of the CASIC protocol specification V4.2.0.3 (§1.6: PCAS00–06, 10, 12, 15, 20, 60) leaves it out;
    /// its value is the binary CFG-NAVX `dyModel` (0x06 0x07, offset 4), listed in §2.11.8 Remark [2]
    /// with this numbering. A PCAS11,n lands in that byte (CFG-NAVX read back before and after), and
    /// boards built on CASIC modules send `$PCAS11,3*1E` for a vehicle. No acknowledgement comes.
    public enum DynamicModel: Int, Sendable, CaseIterable {
        case portable = 0, stationary = 1, pedestrian = 2, automotive = 3, marine = 4
        case airborne1g = 5, airborne2g = 6, airborne4g = 7

        public var name: String {
            switch self {
            case .portable: "portable"
            case .stationary: "stationary"
            case .pedestrian: "pedestrian"
            case .automotive: "automotive"
            case .marine: "marine"
            case .airborne1g: "airborne <1g"
            case .airborne2g: "airborne <2g"
            case .airborne4g: "airborne <4g"
            }
        }
    }

    /// Automotive, for the reasons it is u-blox's (docs/RECEIVERS.md): a bicycle moves like a small,
    /// slow car; pedestrian expects walking, portable lets the altitude follow noise.
    public static let bicycleModel = DynamicModel.automotive

    /// `$PCAS11,<model>`: 3 is `$PCAS11,3*1E`.
    public static func setDynamicModel(_ model: DynamicModel) -> String { sentence("11,\(model.rawValue)") }
}

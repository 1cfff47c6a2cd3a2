import RoamCore

/// What the fake module says of itself: its MON-VER answer and the banner it prints at power-up.
extension FakeGNSSModule {
    /// MON-VER as the two generations answer it: 30-byte software, 10-byte hardware version, 30-byte extensions.
    var versionFrame: UBXFrame {
        func field(_ text: String, _ width: Int) -> [UInt8] { Array(Array(text.utf8).prefix(width)) + [UInt8](repeating: 0, count: max(0, width - text.utf8.count)) }
        let parts: [(String, Int)] = switch ubloxModel {
        case .m8: [("ROM CORE 3.01 (107888)", 30), ("00080000", 10), ("FWVER=SPG 3.01", 30), ("PROTVER=18.00", 30), ("MOD=NEO-M8N-0", 30)]
        case .m10: [("ROM SPG 5.10 (7b202e)", 30), ("000A0000", 10), ("FWVER=SPG 5.10", 30), ("PROTVER=34.10", 30), ("MOD=MAX-M10S", 30)]
        case .neo6: [("7.03 (45969)", 30), ("00040007", 10)]
        }
        return UBXFrame(UBX.classMON, 0x04, payload: parts.flatMap { field($0.0, $0.1) })
    }

    /// What the module prints at power-up and repeats while idle: how `auto` recognises it, then
    /// `bannerTexts` in its family's TXT sentence.
    public var banner: String {
        let first = switch family {
        case .ublox: NMEAChecksum.seal("$GNTXT,01,01,02,u-blox AG - www.u-blox.com") + "\r\n"
        case .mtk: NMEAChecksum.seal("$PMTK011,MTKGPS") + "\r\n"
        case .casic: NMEAChecksum.seal("$GPTXT,01,01,02,MA=CASIC") + "\r\n"
        case .auto, .none: NMEAChecksum.seal("$GPTXT,01,01,02,ANTENNA OK") + "\r\n"
        }
        let talker = family == .ublox ? "$GN" : "$GP"
        return first + bannerTexts.map { NMEAChecksum.seal("\(talker)TXT,01,01,02,\($0)") + "\r\n" }.joined()
    }
}

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

    /// What the module prints at power-up and repeats while idle (a CASIC prints it once, as real ones
    /// do, then `casicIdleText`): how `auto` recognises it, then `bannerTexts` in its family's TXT sentence.
    public var banner: String {
        let first = switch family {
        case .ublox: NMEAChecksum.seal("$GNTXT,01,01,02,u-blox AG - www.u-blox.com") + "\r\n"
        case .mtk: NMEAChecksum.seal("$PMTK011,MTKGPS") + "\r\n"
        case .casic: Self.casicPowerUp.map { NMEAChecksum.seal("$GPTXT,01,01,02," + $0) + "\r\n" }.joined()
        case .auto, .none: NMEAChecksum.seal("$GPTXT,01,01,02,ANTENNA OK") + "\r\n"
        }
        let talker = family == .ublox ? "$GN" : "$GP"
        return first + bannerTexts.map { NMEAChecksum.seal("\(talker)TXT,01,01,02,\($0)") + "\r\n" }.joined()
    }

    /// An ATGM336H's power-up banner, line for line as modules print it once (CASIC protocol
    /// specification V4.2.0.3 §1.5.8; an ATGM336H's and an ATGM332D's banners published by their users).
    static let casicPowerUp = ["MA=CASIC", "HW=ATGM336H,0001170603610", "IC=AT6558-5N-31-0C510800,BM05CKJ-F2-015708",
                               "SW=URANUS5,V5.3.0.0", "TB=2020-04-28,13:43:10", "MO=GB", "BS=SOC_BootLoader,V6.2.0.2", "FI=00856014"]

    /// A CASIC's answer to `$PCAS06,<query>` (§1.6.7), the text of its `$GPTXT`: 0 its firmware,
    /// 1 its hardware and serial, 2 its working mode; nil for what this module does not answer.
    static func casicAnswer(toQuery query: String) -> String? {
        switch query {
        case "0": "SW=URANUS5,V5.3.0.0"
        case "1": "HW=ATGM336H,0001170603610"
        case "2": "MO=GB"
        default: nil
        }
    }

    /// What a CASIC sends while idle after its power-up banner: its antenna's status, then `bannerTexts`.
    var casicIdleText: String {
        ([NMEAChecksum.seal("$GPTXT,01,01,01,ANTENNA OK")] + bannerTexts.map { NMEAChecksum.seal("$GPTXT,01,01,02,\($0)") })
            .map { $0 + "\r\n" }.joined()
    }
}

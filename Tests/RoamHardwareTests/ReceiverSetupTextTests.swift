import RoamRig
import RoamSimulator
import RoamCore
import RoamHardware
import Testing

/// The set-up line quotes what the module is, not the last text it happened to print: a u-blox's
/// power-up banner ends with its antenna supervisor and port settings ("ANTSTATUS=OK", "PF=3FF").
/// An antenna that is not OK is said in words. The bench's fake u-blox behind a real pty.
@Suite(.serialized) struct ReceiverSetupTextTests {
    static func summary(bannerTexts: [String]) throws -> String {
        var module = FakeGNSSModule(family: .ublox, ubloxModel: .m8)
        module.bannerTexts = bannerTexts
        let (replayer, port) = try ReceiverSetupTests.rig(module)
        defer { replayer.unplug() }
        return ReceiverSetupTests.quick(.auto).run(port) { _ in }.summary
    }

    @Test func theLineNamingTheModuleIsQuotedNotItsAntennaStatus() throws {
        let said = try Self.summary(bannerTexts: ["HW UBX-M8030 00080000", "ANTSUPERV=AC SD PDoS SR", "ANTSTATUS=OK", "PF=3FF"])
        #expect(said.contains(", says HW UBX-M8030 00080000;"), "\(said)")
        #expect(!said.contains("ANTSTATUS") && !said.contains("PF=") && !said.contains("antenna is"), "\(said)")
    }

    @Test func aShortedAntennaIsSaidInWords() throws {
        let said = try Self.summary(bannerTexts: ["HW UBX-M8030 00080000", "ANTSTATUS=SHORT", "PF=3FF"])
        #expect(said.contains(", says HW UBX-M8030 00080000;"), "\(said)")
        #expect(said.hasSuffix(". The antenna is shorted (ANTSTATUS=SHORT): check the antenna's cable and connector."), "\(said)")
    }
}

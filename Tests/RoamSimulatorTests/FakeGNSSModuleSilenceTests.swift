import RoamCore
import RoamSimulator
import Testing

/// A replayed capture's silence is a silent module: it answers no probe and takes no command until
/// the capture speaks again (before, a real-time replay's recorder was told the receiver "sent
/// nothing until asked" and had its sentences "turned on", by a module whose capture said nothing).
@Suite struct FakeGNSSModuleSilenceTests {
    @Test func aSilentModuleAnswersNothingAndTakesNothingUntilItSpeaksAgain() {
        var module = FakeGNSSModule(family: .ublox)
        module.isSilent = true
        let unheard = module.receive(UBX.setRate(hz: 5).bytes, hostBaud: module.baud)
        #expect(unheard.reply.isEmpty && module.rateHz == 1 && module.accepted.isEmpty)
        module.isSilent = false
        let heard = module.receive(UBX.setRate(hz: 5).bytes, hostBaud: module.baud)
        #expect(!heard.reply.isEmpty && module.rateHz == 5)
    }
}

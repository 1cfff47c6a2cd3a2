import RoamCore
import RoamSimulator
import Testing

/// The bench's fake CASIC speaks as an AT6558 module does (CASIC protocol specification V4.2.0.3):
/// its banner once at power-up (§1.5.8), then only its antenna's status (§1.5.9); PCAS06 answered in
/// a `$GPTXT` (§1.6.7) as real modules answer (`SW=URANUS5,…`, `HW=ATGM336H,…`), never with a word
/// the recorder was written to look for; PCAS11 taken silently, as every PCAS.
@Suite struct FakeCASICModuleTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func itsBannerComesOnceAtPowerUpAndAgainAfterAPowerCycle() {
        var module = FakeGNSSModule(family: .casic)
        let banner = text(module.idleOutput(hostBaud: 9600))
        #expect(banner.hasPrefix("$GPTXT,01,01,02,MA=CASIC*27\r\n$GPTXT,01,01,02,HW=ATGM336H,0001170603610*17\r\n"), "\(banner)")
        #expect(banner.contains("$GPTXT,01,01,02,SW=URANUS5,V5.3.0.0*1D\r\n") && banner.split(separator: "$").count == 8)
        for _ in 0..<3 { #expect(text(module.idleOutput(hostBaud: 9600)) == "$GPTXT,01,01,01,ANTENNA OK*35\r\n") }
        module.powerCycle()
        #expect(text(module.idleOutput(hostBaud: 9600)) == banner)
    }

    @Test func itAnswersPCAS06AsARealModuleDoes() {
        var module = FakeGNSSModule(family: .casic)
        #expect(text(module.receive(Array("$PCAS06,0*1B\r\n".utf8), hostBaud: 9600).reply) == "$GPTXT,01,01,02,SW=URANUS5,V5.3.0.0*1D\r\n")
        #expect(text(module.receive(Array("$PCAS06,1*1A\r\n".utf8), hostBaud: 9600).reply) == "$GPTXT,01,01,02,HW=ATGM336H,0001170603610*17\r\n")
        #expect(text(module.receive(Array("$PCAS06,2*19\r\n".utf8), hostBaud: 9600).reply) == "$GPTXT,01,01,02,MO=GB*77\r\n")
    }

    @Test func itTakesPCAS11SilentlyUnlessItsFirmwareLacksIt() {
        var module = FakeGNSSModule(family: .casic)
        #expect(module.receive(Array(PCAS.setDynamicModel(.automotive).utf8), hostBaud: 9600).reply.isEmpty)
        #expect(module.dynamicModel == 3 && module.accepted == ["PCAS11 3"])
        var without = FakeGNSSModule(family: .casic, behaviour: .refusesDynamicModel)
        #expect(without.receive(Array("$PCAS11,3*1E\r\n".utf8), hostBaud: 9600).reply.isEmpty)
        #expect(without.dynamicModel == nil && without.accepted.isEmpty)
        // A model number past the specification's list (0–7) is not taken.
        #expect(module.receive(Array(NMEAChecksum.seal("$PCAS11,9").utf8 + [13, 10]), hostBaud: 9600).reply.isEmpty && module.dynamicModel == 3)
    }
}

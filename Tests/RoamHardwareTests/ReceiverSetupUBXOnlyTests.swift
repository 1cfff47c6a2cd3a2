import RoamRig
import RoamPorts
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Testing

/// A u-blox whose NMEA output was switched off and saved (drone autopilots leave them so) speaks
/// only UBX: its checksummed frames prove the baud, and the recorder turns NMEA on again (in RAM).
@Suite(.serialized) struct ReceiverSetupUBXOnlyTests {
    @Test(arguments: [FakeGNSSModule.UBloxModel.m8, .m10])
    func aUBXOnlyModuleIsFoundAndItsNMEATurnedOn(_ model: FakeGNSSModule.UBloxModel) throws {
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, ubloxModel: model, nmeaOutput: false))
        #expect(!replayer.module!.state.nmeaOutput)
        let report = ReceiverSetupTests.quick(.auto).run(port) { _ in }
        let module = replayer.module!.state
        #expect(report.configured, "\(report.summary)")
        #expect(report.family == .ublox && report.baud == 115_200 && port.baud == 115_200)
        #expect(report.summary.contains("its NMEA output was off: turned on until it next powers up"))
        #expect(module.nmeaOutput && module.baud == 115_200 && module.rateHz == 10)
        #expect(module.enabled == ["RMC", "GGA", "GSA", "GST"])
        if model == .m10 { #expect(module.accepted.contains("CFG-VALSET UART1OUTPROT-NMEA 1")) }
        // What the rider needs: sentences on the port afterwards.
        try Self.expectSentences(replayer, port)
        print("ubx-only \(model): \(report.summary) | module took \(module.accepted)")
        replayer.unplug()
    }

    @Test func aUBXOnlyM8AlreadyAtTheBoardsBaudTakesCFGPRTAndAcknowledgesIt() throws {
        let module = FakeGNSSModule(family: .ublox, baud: 115_200, ubloxModel: .m8, nmeaOutput: false)
        let (replayer, port) = try ReceiverSetupTests.rig(module)
        let report = ReceiverSetupTests.quick(.ublox).run(port) { _ in }
        let state = replayer.module!.state
        #expect(report.configured, "\(report.summary)")
        #expect(state.accepted.first == "CFG-PRT 115200" && state.nmeaOutput)
        #expect(report.mended)   // junk before it had a cause the set-up removed: no backoff
        try Self.expectSentences(replayer, port)
        replayer.unplug()
    }

    @Test func aModuleWithNMEAOnIsNotSentThePortCommandAtItsOwnBaud() throws {
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, baud: 115_200, ubloxModel: .m8))
        let report = ReceiverSetupTests.quick(.ublox).run(port) { _ in }
        #expect(report.configured, "\(report.summary)")
        #expect(!replayer.module!.state.accepted.contains { $0.hasPrefix("CFG-PRT") })
        #expect(!report.summary.contains("NMEA output was off"))
        replayer.unplug()
    }

    @Test func aModuleLeadingWithUBXBesideItsNMEAIsNotTakenForUBXOnly() throws {
        // Two frames prove the baud before the first sentence; one more epoch's listening hears it.
        var module = FakeGNSSModule(family: .ublox, baud: 115_200, ubloxModel: .m8)
        module.leadsWithUBX = true
        let (replayer, port) = try ReceiverSetupTests.rig(module)
        let report = ReceiverSetupTests.quick(.ublox).run(port) { _ in }
        #expect(report.configured, "\(report.summary)")
        #expect(!report.summary.contains("NMEA output was off"), "\(report.summary)")
        #expect(!replayer.module!.state.accepted.contains { $0.hasPrefix("CFG-PRT") })
        replayer.unplug()
    }

    @Test func receiverNoneWithAUBXOnlyModuleSaysNothingCanBeRecorded() throws {
        let module = FakeGNSSModule(family: .ublox, baud: 115_200, nmeaOutput: false)
        let (replayer, port) = try ReceiverSetupTests.rig(module)
        let report = ReceiverSetupTests.quick(.none).run(port) { _ in }
        #expect(!report.configured && report.baud == 115_200)
        #expect(report.summary.hasPrefix("receiver: UBX only, no NMEA, at 115200 baud; not configured (receiver = none), so nothing can be recorded"))
        #expect(!replayer.module!.state.nmeaOutput)
        // Nothing was changed, so the junk the recorder sees next is backed off, not set up every few seconds.
        #expect(!report.mended)
        replayer.unplug()
    }

    /// The module's idle output after the setup: sentences, read until one arrives (10 s at most).
    static func expectSentences(_ replayer: NMEAReplayer, _ port: BenchSerialLine) throws {
        var seen = ReceiverObservation(), framed = ReceiverHandBack()
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<50 where seen.validSentences == 0 {
            let n = try buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 200) }
            seen.feed(Array(buffer[0..<n]), sentences: framed.frame(Array(buffer[0..<n])))
        }
        #expect(seen.validSentences > 0, "no NMEA sentence after the setup")
    }
}

import RoamRig
import RoamPorts
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Testing

/// A module whose periodic output is all off (saved so: a module set up to be polled) sends nothing
/// until asked. On a line silent at every baud, each baud is asked for the module's version, and the
/// answer proves the baud as a sentence does; the plan then turns the recorder's sentences on.
@Suite(.serialized) struct ReceiverSetupSilentTests {
    static let modules: [FakeGNSSModule] = [
        FakeGNSSModule(family: .ublox, ubloxModel: .m8, silentUntilAsked: true),
        FakeGNSSModule(family: .ublox, ubloxModel: .m10, silentUntilAsked: true),
        // NMEA switched off at the port as well as every message: only UBX answers come.
        FakeGNSSModule(family: .ublox, ubloxModel: .m8, nmeaOutput: false, silentUntilAsked: true),
        FakeGNSSModule(family: .mtk, silentUntilAsked: true),
        FakeGNSSModule(family: .casic, silentUntilAsked: true),
    ]

    @Test(arguments: modules)
    func aModuleSilentUntilAskedIsFoundAtItsBaudAndItsSentencesTurnedOn(_ module: FakeGNSSModule) throws {
        let (replayer, port) = try ReceiverSetupTests.rig(module)
        // Nothing comes unasked: the line is silent, as with a missing TX wire.
        var buffer = [UInt8](repeating: 0, count: 256)
        #expect(try buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 500) } == 0)
        let report = ReceiverSetupTests.quick(.auto).run(port) { _ in }
        let state = replayer.module!.state
        #expect(report.configured, "\(report.summary)")
        #expect(report.family == module.family && report.baud == 115_200 && state.baud == 115_200)
        #expect(report.summary.contains("it sent nothing until asked (its periodic output off): sentences turned on until it next powers up"),
                "\(report.summary)")
        #expect(!report.summary.contains("NMEA output was off"))
        #expect(state.enabled == ["RMC", "GGA", "GSA", "GST"] && state.nmeaOutput && state.rateHz == 10)
        #expect(report.mended)
        try ReceiverSetupUBXOnlyTests.expectSentences(replayer, port)
        print("silent until asked \(module.family) \(module.ubloxModel): \(report.summary) | module took \(state.accepted)")
        replayer.unplug()
    }

    @Test func aSilentModuleOfTheConfiguredFamilyIsAskedInItsOwnProtocol() throws {
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .mtk, baud: 115_200, silentUntilAsked: true))
        let report = ReceiverSetupTests.quick(.mtk).run(port) { _ in }
        #expect(report.configured && report.family == .mtk && report.baud == 115_200, "\(report.summary)")
        #expect(report.summary.contains("it sent nothing until asked"))
        #expect(replayer.module!.state.accepted.contains("PMTK314"))
        replayer.unplug()
    }

    @Test func receiverNoneAsksNothingAndFindsNothing() throws {
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, baud: 115_200, silentUntilAsked: true))
        let report = ReceiverSetupTests.quick(.none).run(port) { _ in }
        #expect(report.baud == nil && !report.configured)
        #expect(report.summary.hasPrefix("receiver: no bytes at any baud tried"), "\(report.summary)")
        #expect(replayer.module!.state.enabled.isEmpty && replayer.module!.state.accepted.isEmpty)
        replayer.unplug()
    }

    @Test func aMissingTXWireSaysItWasAskedAndHeardNothing() throws {
        // A deaf module never answers: to the host, a line with no TX wire.
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, behaviour: .deaf, silentUntilAsked: true))
        let report = ReceiverSetupTests.quick(.auto).run(port) { _ in }
        #expect(report.baud == nil && !report.configured && !report.sawOnlyJunk)
        #expect(report.summary.hasPrefix("receiver: no bytes, nor an answer when asked for its version, at any baud tried (115200, 9600, 38400, 57600, 230400)"),
                "\(report.summary)")
        #expect(port.baud == 115_200)
        replayer.unplug()
    }

    @Test func aModuleThatSendsOnItsOwnIsNotCalledSilent() throws {
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, ubloxModel: .m8))
        let report = ReceiverSetupTests.quick(.auto).run(port) { _ in }
        #expect(report.configured, "\(report.summary)")
        #expect(!report.summary.contains("sent nothing until asked"))
        replayer.unplug()
    }
}

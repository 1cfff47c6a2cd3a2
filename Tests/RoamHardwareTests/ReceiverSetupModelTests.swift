import RoamRig
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Testing

/// The dynamic model and the module's rated rate, through the real driver and `SerialPort` against the
/// bench's fake modules behind a pty (ReceiverSetupTests has the rig).
@Suite(.serialized) struct ReceiverSetupModelTests {
    typealias Rig = ReceiverSetupTests

    /// The rig's quick setup (its waits have room for a loaded machine).
    static func setup(_ family: ReceiverFamily, rate: Int = 10) -> ReceiverSetup { Rig.quick(family, rate: rate) }

    @Test(arguments: [FakeGNSSModule.UBloxModel.m8, .m10])
    func aUbloxIsSetToTheAutomotiveModel(_ model: FakeGNSSModule.UBloxModel) throws {
        let (replayer, port) = try Rig.rig(FakeGNSSModule(family: .ublox, ubloxModel: model))
        let report = Self.setup(.ublox).run(port) { _ in }
        let module = replayer.module!.state
        #expect(report.configured, "\(report.summary)")
        #expect(module.dynamicModel == 4)
        #expect(module.accepted.last == (model == .m8 ? "CFG-NAV5 dynModel 4" : "CFG-VALSET DYNMODEL 4"))
        #expect(report.summary.contains("set to 10 Hz, RMC GGA GSA GST, GSV off, dynamic model automotive"))
        replayer.unplug()
    }

    /// The summary ends in the model (a list, no full stop); the baud note after it is a sentence of its own.
    @Test func theBaudNoteAfterTheModelStartsASentenceOfItsOwn() throws {
        let (replayer, port) = try Rig.rig(FakeGNSSModule(family: .ublox, ubloxModel: .m8), hostBaud: 9600)
        let report = Rig.quick(.ublox, baud: 9600, rate: 10).run(port) { _ in }
        #expect(report.configured, "\(report.summary)")
        #expect(report.summary.hasSuffix(
            "GSV off, dynamic model automotive. Note: 10 Hz needs at least \(ReceiverSentences.minimumBaud(rateHz: 10)) baud; "
            + "set baud = \(ReceiverSentences.minimumBaud(rateHz: 10)) in board.conf."), "\(report.summary)")
        replayer.unplug()
    }

    @Test func aMediaTekIsSetToNormalNavigation() throws {
        let (replayer, port) = try Rig.rig(FakeGNSSModule(family: .mtk))
        let report = Self.setup(.mtk).run(port) { _ in }
        #expect(report.configured, "\(report.summary)")
        #expect(replayer.module!.state.dynamicModel == 0)
        #expect(report.summary.contains("GSV off, normal navigation mode"))
        replayer.unplug()
    }

    @Test func aCASICIsSetToTheAutomotiveModelLast() throws {
        let (replayer, port) = try Rig.rig(FakeGNSSModule(family: .casic))
        let report = Self.setup(.casic).run(port) { _ in }
        let module = replayer.module!.state
        #expect(report.configured, "\(report.summary)")
        #expect(module.dynamicModel == 3 && module.accepted.last == "PCAS11 3" && module.rateHz == 10, "\(module.accepted)")
        #expect(report.summary.contains("GSV off, dynamic model automotive (CASIC sends no acknowledgement)"), "\(report.summary)")
        replayer.unplug()
    }

    /// Firmware without PCAS11 ignores it, unanswered as every PCAS: the module keeps its own model and
    /// the board's rate and sentences, and still counts as configured.
    @Test func aCASICWithoutPCAS11IsConfiguredAndKeepsItsOwnModel() throws {
        let (replayer, port) = try Rig.rig(FakeGNSSModule(family: .casic, behaviour: .refusesDynamicModel))
        let report = Self.setup(.casic).run(port) { _ in }
        let module = replayer.module!.state
        #expect(report.configured && report.failures.isEmpty, "\(report.summary)")
        #expect(module.rateHz == 10 && module.baud == 115_200 && module.dynamicModel == nil)
        #expect(module.enabled == ["RMC", "GGA", "GSA", "GST"])
        replayer.unplug()
    }

    @Test(arguments: [FakeGNSSModule.UBloxModel.m8, .m10])
    func aRefusedModelIsSaidOnceAndTheRideGoesOnAtTheBoardsRate(_ model: FakeGNSSModule.UBloxModel) throws {
        let (replayer, port) = try Rig.rig(FakeGNSSModule(family: .ublox, behaviour: .refusesDynamicModel, ubloxModel: model))
        let report = Self.setup(.ublox).run(port) { _ in }
        let module = replayer.module!.state
        let what = model == .m8 ? "CFG-NAV5 dynamic model automotive" : "CFG-VALSET NAVSPG-DYNMODEL automotive"
        #expect(report.configured, "\(report.summary)")
        #expect(module.rateHz == 10 && module.baud == 115_200 && module.dynamicModel == nil)
        #expect(module.enabled == ["RMC", "GGA", "GSA", "GST"])
        #expect(report.summary.components(what + " refused (ACK-NAK): the module keeps its own model and recording goes on") == 1, "\(report.summary)")
        #expect(!report.summary.contains("dynamic model automotive;") && !report.summary.contains("Recording goes on at whatever"))
        print("refused \(model): \(report.summary)")
        replayer.unplug()
    }

    @Test func aMediaTekWithoutPMTK886IsSaidOnce() throws {
        let (replayer, port) = try Rig.rig(FakeGNSSModule(family: .mtk, behaviour: .refusesDynamicModel))
        let report = Self.setup(.mtk).run(port) { _ in }
        #expect(report.configured, "\(report.summary)")
        #expect(replayer.module!.state.rateHz == 10)
        #expect(report.summary.components("PMTK886 normal navigation mode refused (PMTK001 flag 1: unsupported)") == 1, "\(report.summary)")
        replayer.unplug()
    }

    @Test func theRecorderReadsOnAfterARefusedModelAndSaysItOnce() throws {
        let replayer = try NMEAReplayer()
        try replayer.attach(FakeGNSSModule(family: .ublox, behaviour: .refusesDynamicModel), idleIntervalMs: 100)
        let receiver = replayer.receiver(baud: 115_200, setup: Self.setup(.auto))
        let reports = ReportBox()
        receiver.onReport = { reports.add($0.summary) }
        try receiver.reopen()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var seen = ReceiverObservation(), framed = ReceiverHandBack()
        // The module's banners keep coming after the setup: read until one arrives (10 s at most).
        for _ in 0..<50 where seen.validSentences == 0 {
            let n = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeoutMs: 200) }
            seen.feed(Array(buffer[0..<n]), sentences: framed.frame(Array(buffer[0..<n])))
        }
        #expect(seen.validSentences > 0)
        #expect(reports.all.count == 1)
        #expect(reports.all.first.map { $0.components("refused (ACK-NAK)") } == 1, "\(reports.all)")
        replayer.unplug()
    }

    @Test func aNEO6AskedFor10HzRecordsAt5AndSaysWhy() throws {
        let (replayer, port) = try Rig.rig(FakeGNSSModule(family: .ublox, ubloxModel: .neo6))
        let report = Self.setup(.auto).run(port) { _ in }
        let module = replayer.module!.state
        #expect(report.configured, "\(report.summary)")
        #expect(report.rateHz == 5 && module.rateHz == 5)
        #expect(module.accepted.contains("CFG-RATE 200 ms") && module.dynamicModel == 4)
        #expect(report.summary.contains("set to 5 Hz"))
        print("neo6: \(report.summary)")
        #expect(report.summary.components("u-blox 6 (hardware 00040007) is rated to 5 Hz (NEO-6 data sheet); recording at 5 Hz, not the board's 10 Hz.") == 1,
                "\(report.summary)")
        replayer.unplug()
    }

    @Test func aNEO6AskedForItsRateIsNotTold() throws {
        let (replayer, port) = try Rig.rig(FakeGNSSModule(family: .ublox, ubloxModel: .neo6))
        let report = Self.setup(.ublox, rate: 4).run(port) { _ in }
        #expect(report.configured && report.rateHz == 4 && replayer.module!.state.rateHz == 4, "\(report.summary)")
        #expect(!report.summary.contains("rated to"))
        replayer.unplug()
    }
}

private extension String {
    /// How many times `part` occurs (not overlapping).
    func components(_ part: String) -> Int {
        var count = 0
        var rest = self[...]
        while let r = rest.range(of: part) { count += 1; rest = rest[r.upperBound...] }
        return count
    }
}

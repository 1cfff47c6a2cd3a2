import RoamRig
import RoamPorts
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Testing

/// The real configuration driver and the real `SerialPort` against the bench's fake modules at
/// the far end of a pseudo-terminal, each starting as a stock module does: 9600 baud, 1 Hz, all sentences.
@Suite(.serialized) struct ReceiverSetupTests {
    /// Shorter listens than a board's, with room for a loaded machine (the kernel-sim VMs share its two
    /// cores): every wait that is not meant to run out ends on the fake module's answer.
    static func quick(_ family: ReceiverFamily, baud: Int = 115_200, rate: Int = 10) -> ReceiverSetup {
        var setup = ReceiverSetup(family: family, targetBaud: baud, rateHz: rate)
        setup.options.listenMs = 1500
        setup.options.garbageMs = 400
        setup.options.probeListenMs = 2500
        setup.options.ackTimeoutMs = 3000
        return setup
    }

    /// A module of `family` behind a pty, the host's port opened at `hostBaud`.
    static func rig(_ module: FakeGNSSModule, hostBaud: Int = 115_200) throws -> (NMEAReplayer, BenchSerialLine) {
        let replayer = try NMEAReplayer()
        let port = try BenchSerialLine(replayer, baud: hostBaud)
        try replayer.attach(module, idleIntervalMs: 100)
        return (replayer, port)
    }

    @Test(arguments: [ReceiverFamily.ublox, .mtk, .casic])
    func findsTheModuleAt9600AndTakesItTo115200At10Hz(_ family: ReceiverFamily) throws {
        let (replayer, port) = try Self.rig(FakeGNSSModule(family: family))
        var handBacks = 0
        let report = Self.quick(.auto).run(port) { _ in handBacks += 1 }
        let module = replayer.module!.state
        #expect(report.configured, "\(report.summary)")
        #expect(report.family == family)
        #expect(report.baud == 115_200 && port.baud == 115_200)
        #expect(module.baud == 115_200 && module.rateHz == 10)
        #expect(module.enabled == ["RMC", "GGA", "GSA", "GST"])
        // What it heard is handed back once, at the end (its content: HandBackTests).
        #expect(handBacks == 1)
        print("setup \(family): \(report.summary) | module took \(module.accepted)")
        replayer.unplug()
    }

    @Test func theRideSentencesArriveClearOnlyAfterTheSwitch() throws {
        let (replayer, port) = try Self.rig(FakeGNSSModule(family: .ublox))
        let epoch = Array(RideSimulation().seconds[0].nmea)
        replayer.module!.idle.store(false, ordering: .releasing)
        try replayer.write(epoch)
        var before = ReceiverObservation(), framedBefore = ReceiverHandBack()
        let heardBefore = try Self.drain(port)
        before.feed(heardBefore, sentences: framedBefore.frame(heardBefore))
        #expect(before.bytes > 0 && before.validSentences == 0)   // 9600 heard at 115200: junk
        replayer.module!.idle.store(true, ordering: .releasing)
        _ = Self.quick(.ublox).run(port) { _ in }
        replayer.module!.idle.store(false, ordering: .releasing)
        _ = try Self.drain(port)
        try replayer.write(epoch + Array(RideSimulation().seconds[1].nmea))
        var after = ReceiverObservation(), framedAfter = ReceiverHandBack()
        let heardAfter = try Self.drain(port)
        after.feed(heardAfter, sentences: framedAfter.frame(heardAfter))
        #expect(after.validSentences == 8)   // RMC GGA GSA GST twice, no GSV or VTG
        #expect(!after.sawGSV)
        replayer.unplug()
    }

    @Test func anM10IsConfiguredThroughValueSetAfterItsVersion() throws {
        // An M10 refuses CFG-PRT/MSG/RATE: only the MON-VER answer can lead the driver to CFG-VALSET.
        let (replayer, port) = try Self.rig(FakeGNSSModule(family: .ublox, ubloxModel: .m10))
        let report = Self.quick(.auto).run(port) { _ in }
        let module = replayer.module!.state
        #expect(report.configured, "\(report.summary)")
        #expect(report.summary.contains("MAX-M10S, protocol 34.10, set through CFG-VALSET"))
        #expect(module.baud == 115_200 && port.baud == 115_200 && module.rateHz == 10)
        #expect(module.enabled == ["RMC", "GGA", "GSA", "GST"])
        #expect(module.accepted.first == "CFG-VALSET UART1 115200")
        #expect(!module.accepted.contains { $0.hasPrefix("CFG-MSG") || $0.hasPrefix("CFG-RATE") })
        replayer.unplug()
    }

    @Test func anM8KeepsTheOldMessagesAndNamesItself() throws {
        let (replayer, port) = try Self.rig(FakeGNSSModule(family: .ublox, ubloxModel: .m8))
        let report = Self.quick(.ublox).run(port) { _ in }
        #expect(report.configured, "\(report.summary)")
        #expect(report.summary.contains("(NEO-M8N-0, protocol 18.00)"))
        #expect(replayer.module!.state.accepted.contains("CFG-RATE 100 ms"))
        replayer.unplug()
    }

    @Test func aModuleThatRefusesIsReportedAndKeepsItsRate() throws {
        let (replayer, port) = try Self.rig(FakeGNSSModule(family: .ublox, behaviour: .refuses))
        let report = Self.quick(.ublox).run(port) { _ in }
        #expect(!report.configured)
        #expect(report.baud == 9600)
        #expect(report.summary.contains("CFG-RATE 100 ms refused (ACK-NAK)"))
        #expect(report.summary.contains("Recording goes on"))
        #expect(replayer.module!.state.rateHz == 1)
        replayer.unplug()
    }

    @Test func aModuleThatNeverAnswersIsReportedOnce() throws {
        let (replayer, port) = try Self.rig(FakeGNSSModule(family: .mtk, behaviour: .deaf), hostBaud: 9600)
        let report = Self.quick(.mtk, baud: 9600).run(port) { _ in }
        #expect(!report.configured && report.baud == 9600)
        #expect(report.summary.contains("PMTK314 RMC, GGA, GSA, GST not answered"))
        replayer.unplug()
    }

    @Test func junkAtEveryBaudIsSaidInWords() throws {
        // A module at 4800 is junk at every baud tried.
        let (replayer, port) = try Self.rig(FakeGNSSModule(family: .ublox, baud: 4800))
        let report = Self.quick(.auto).run(port) { _ in }
        #expect(report.baud == nil && !report.configured)
        #expect(report.summary.hasPrefix("receiver: bytes but no checksummed sentence at any baud tried (115200, 9600, 38400, 57600, 230400)"))
        #expect(port.baud == 115_200)
        replayer.unplug()
    }

    @Test func aStopDuringTheSearchIsSaidAsSuchNotAsNothingFound() throws {
        let (replayer, port) = try Self.rig(FakeGNSSModule(family: .ublox, baud: 4800))
        var setup = Self.quick(.auto)
        let stopAt = MonotonicClock.nowNs() + 500_000_000
        setup.shouldStop = { MonotonicClock.nowNs() >= stopAt }
        let report = setup.run(port) { _ in }
        #expect(report.baud == nil && !report.configured)
        #expect(report.summary == "receiver: set-up cut short by the recorder stopping, before the module was found")
        #expect(port.baud == 115_200)
        replayer.unplug()
    }

    @Test func anUnknownModuleIsLeftAlone() throws {
        let (replayer, port) = try Self.rig(FakeGNSSModule(family: .auto), hostBaud: 9600)
        let report = Self.quick(.auto, baud: 9600).run(port) { _ in }
        #expect(report.family == .auto && report.baud == 9600 && !report.configured)
        #expect(report.summary.contains("set receiver = ublox, mtk or casic"))
        replayer.unplug()
    }

    @Test func thePtyPrimarySeesTheHostsBaud() throws {
        let replayer = try NMEAReplayer()
        let port = try SerialPort(path: replayer.secondaryPath, baud: 9600)
        #expect(replayer.pty.peerBaud == 9600)
        try port.setBaud(57_600)
        #expect(replayer.pty.peerBaud == 57_600)
        #expect(throws: DeviceError.self) { try port.setBaud(12_345) }
    }

    @Test func aHolderOfThePortIsNamed() throws {
        let pty = try PseudoTerminal()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["5"]
        child.standardInput = FileHandle(forReadingAtPath: pty.secondaryPath)
        try child.run()
        defer { child.terminate(); child.waitUntilExit() }
        let holders = PortHolders.find(device: pty.secondaryPath)
        #expect(holders.map(\.command) == ["sleep"])
        let hint = PortHolders.hint(device: pty.secondaryPath) ?? ""
        #expect(hint.hasPrefix("\(pty.secondaryPath) is held by sleep (pid \(child.processIdentifier))"))
    }

    @Test func gnssReceiverConfiguresAtOpenAndServesTheBytesItRead() throws {
        let replayer = try NMEAReplayer()
        try replayer.attach(FakeGNSSModule(family: .casic), idleIntervalMs: 100)
        let receiver = replayer.receiver(baud: 115_200, setup: Self.quick(.auto, rate: 5))
        let reports = ReportBox()
        receiver.onReport = { reports.add($0.summary) }
        try receiver.reopen()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var seen = ReceiverObservation(), framed = ReceiverHandBack()
        for _ in 0..<5 {
            let n = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeoutMs: 200) }
            seen.feed(Array(buffer[0..<n]), sentences: framed.frame(Array(buffer[0..<n])))
        }
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 1)
        #expect(replayer.module!.state.rateHz == 5)
        // Banners and acknowledgements read during configuration are not the ride's: only data sentences are kept.
        #expect(ReceiverHandBack.dataSentences(Array("$GNTXT,01*00\r\n".utf8) + UBX.pollVersion.bytes) == [])
        #expect(seen.validSentences > 0)   // the module's live banners after the setup
        #expect(reports.all.count == 1 && reports.all[0].contains("CASIC (PCAS) at 115200 baud"))
        replayer.unplug()
    }

    static func drain(_ port: BenchSerialLine) throws -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = try buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 150) }
            if n == 0 { return out }
            out += buffer[0..<n]
        }
    }
}

final class ReportBox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ s: String) { lock.lock(); lines.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}

import RoamRig
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Testing

/// `receiver = auto` and a CASIC module (AT6558: ATGM336H, ATGM332D, Quectel L76K) through the real
/// driver and `SerialPort`, the bench's fake CASIC behind a pty (ReceiverSetupTests has the rig). A CASIC
/// prints its banner once at power-up; one powered before the board listened is known only by its
/// answers to PCAS06 (`SW=URANUS5,…`, `HW=ATGM336H,…`), which the driver must read as CASIC's.
@Suite(.serialized) struct ReceiverSetupCASICTests {
    @Test func aCASICWhoseBannerWentByIsRecognisedByItsAnswersAndConfigured() throws {
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .casic), hostBaud: 9600)
        // The module was powered before the board listened: read past its banner to its antenna lines.
        var framer = ReceiverHandBack(), heard: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<100 where !heard.contains(where: { $0.contains("ANTENNA OK") }) {
            let n = try buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 200) }
            heard += framer.frame(Array(buffer[0..<n]))
        }
        #expect(heard.contains { $0.contains("SW=URANUS5") } && heard.last?.contains("ANTENNA OK") == true, "\(heard)")
        let report = ReceiverSetupTests.quick(.auto).run(port) { _ in }
        let module = replayer.module!.state
        #expect(report.family == .casic && report.configured, "\(report.summary)")
        #expect(report.summary.hasPrefix("receiver: CASIC (PCAS) at 115200 baud (found at 9600), says SW=URANUS5,V5.3.0.0;"),
                "\(report.summary)")
        #expect(module.baud == 115_200 && module.rateHz == 10 && module.enabled == ["RMC", "GGA", "GSA", "GST"] && module.dynamicModel == 3)
        replayer.unplug()
    }
}

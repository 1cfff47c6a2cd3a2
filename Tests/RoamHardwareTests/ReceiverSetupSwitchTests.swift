import Foundation
import RoamRig
import RoamPorts
import RoamSystem
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Testing

/// A baud switch the module takes but the host cannot follow: the module is lost to the host, so
/// the rest of the plan is not sent into it (each command would wait for its answer in vain).
@Suite(.serialized) struct ReceiverSetupSwitchTests {
    /// The real port, refusing one baud as a UART whose clock cannot make it would (EINVAL), and
    /// keeping what the host wrote.
    final class BaudLimitedLine: SerialLine {
        let port: BenchSerialLine
        let refused: Int
        private(set) var written: [[UInt8]] = []
        init(_ port: BenchSerialLine, refusing refused: Int) { self.port = port; self.refused = refused }
        var device: String { port.device }
        var baud: Int { port.baud }
        func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
            try port.read(into: buffer, timeoutMs: timeoutMs)
        }
        func write(_ bytes: [UInt8]) throws(DeviceError) { written.append(bytes); try port.write(bytes) }
        func setBaud(_ baud: Int) throws(DeviceError) {
            guard baud != refused else {
                throw DeviceError(.uart, .configure, device: device, detail: "\(baud) baud", errno: Errno(rawValue: EINVAL))
            }
            try port.setBaud(baud)
        }
    }

    @Test func aSwitchTheHostCannotFollowEndsThePlanAndSaysWhy() throws {
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox), hostBaud: 9600)
        let line = BaudLimitedLine(port, refusing: 115_200)
        let report = ReceiverSetupTests.quick(.ublox).run(line) { _ in }
        #expect(!report.configured)
        #expect(report.summary.contains("CFG-PRT UART1 115200 baud 8N1, UBX+NMEA: the host could not follow (uart configure on"), "\(report.summary)")
        #expect(report.summary.contains("115200 baud) failed: "), "\(report.summary)")   // the errno, in words
        #expect(report.summary.contains("nor heard at 9600 baud since, so the rest was not sent"), "\(report.summary)")
        // The module took the switch; nothing was sent after it.
        #expect(replayer.module!.state.baud == 115_200 && port.baud == 9600)
        #expect(line.written.last == UBX.setUARTPort(baud: 115_200).bytes)
        replayer.unplug()
    }

    @Test func aSearchBaudTheHostCannotSetIsNamedNotClaimedTried() throws {
        // A module at 4800 is junk at every baud; 230400 cannot be set on this host.
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, baud: 4800))
        let line = BaudLimitedLine(port, refusing: 230_400)
        let report = ReceiverSetupTests.quick(.auto).run(line) { _ in }
        #expect(report.baud == nil)
        #expect(report.summary.hasPrefix("receiver: bytes but no checksummed sentence at any baud tried (115200, 9600, 38400, 57600); "
            + "the UART could not be set to 230400 baud."), "\(report.summary)")
        replayer.unplug()
    }
}

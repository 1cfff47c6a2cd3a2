import RoamRig
import RoamPorts
import RoamSystem
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Testing

/// What the UART itself refuses during the set-up (a baud, a write) is said with the device and
/// what failed, apart from a receiver that does not answer; the set-up still ends with a report.
@Suite(.serialized) struct ReceiverSetupDeviceFailureTests {
    /// The real port, whose every write fails as a UART's that went away does (EIO).
    final class WriteFailingLine: SerialLine {
        let port: BenchSerialLine
        init(_ port: BenchSerialLine) { self.port = port }
        var device: String { port.device }
        var baud: Int { port.baud }
        func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
            try port.read(into: buffer, timeoutMs: timeoutMs)
        }
        func write(_ bytes: [UInt8]) throws(DeviceError) { throw DeviceError(.uart, .write, device: device, errno: .ioError) }
        func setBaud(_ baud: Int) throws(DeviceError) { try port.setBaud(baud) }
    }

    static func brief(_ family: ReceiverFamily) -> ReceiverSetup {
        var setup = ReceiverSetup(family: family, targetBaud: 115_200, rateHz: 10)
        setup.options.listenMs = 400
        setup.options.garbageMs = 400
        setup.options.probeListenMs = 400
        setup.options.ackTimeoutMs = 400
        return setup
    }

    @Test func aBaudTheHostCannotSetBackIsSaidNotClaimed() throws {
        // A module at 4800 is junk at every baud; going back to board.conf's 9600 is refused.
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, baud: 4800), hostBaud: 9600)
        defer { replayer.unplug() }
        let line = ReceiverSetupSwitchTests.BaudLimitedLine(port, refusing: 9600)
        let report = Self.brief(.auto).run(line) { _ in }
        #expect(report.baud == nil)
        #expect(report.summary.hasSuffix("recording takes whatever arrives at 9600 baud. During the set-up, uart configure on \(port.device) "
            + "(9600 baud) failed: the kernel refused the request as invalid. Check the baud in board.conf (supported: 4800 to 921600)."),
            "\(report.summary)")
    }

    @Test func aQueryTheUARTCannotWriteIsSaidApartFromASilentReceiver() throws {
        let (replayer, port) = try ReceiverSetupTests.rig(FakeGNSSModule(family: .ublox, ubloxModel: .m8, silentUntilAsked: true))
        defer { replayer.unplug() }
        let report = Self.brief(.ublox).run(WriteFailingLine(port)) { _ in }
        #expect(report.baud == nil)
        #expect(report.summary.hasSuffix(". During the set-up, uart write on \(port.device) failed: I/O error. "
            + "The receiver went away: check its cable or USB connection."), "\(report.summary)")
    }

    /// A UART whose every read fails (EIO, a USB adapter pulled out): no module answers it, and no
    /// more is said unless the failure is; it once read as a silent receiver.
    final class ReadFailingLine: SerialLine {
        let device = "/dev/ttyGONE0"
        var baud = 9600
        func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
            throw DeviceError(.uart, .read, device: device, errno: .ioError)
        }
        func write(_ bytes: [UInt8]) throws(DeviceError) {}
        func setBaud(_ baud: Int) throws(DeviceError) { self.baud = baud }
    }

    @Test func aReadTheUARTFailsIsSaidApartFromASilentReceiver() {
        let report = Self.brief(.ublox).run(ReadFailingLine()) { _ in }
        #expect(report.baud == nil)
        #expect(report.summary.contains("During the set-up, uart read on /dev/ttyGONE0 failed: I/O error."), "\(report.summary)")
    }
}

import RoamPorts
import RoamSystem
import Glibc
import Testing
@testable import RoamHardware

@Suite struct SerialPortTests {
    private func readAll(_ port: SerialPort, count: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while out.count < count {
            let n = try buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 2000) }
            if n == 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    @Test func carriesBytesThroughARealPseudoTerminal() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 115200)
        // Every byte value, including CR, LF and bytes a cooked tty would eat (^C, ^D, DEL).
        let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try pty.write(bytes)
        #expect(try readAll(port, count: bytes.count) == bytes)
    }

    @Test func timesOutWithZeroWhenIdle() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 20) } == 0)
    }

    @Test func unsupportedBaudIsAConfigureError() throws {
        let pty = try PseudoTerminal()
        #expect {
            _ = try SerialPort(path: pty.secondaryPath, baud: 12345)
        } throws: { error in
            let e = error as? DeviceError
            return e?.operation == .configure && e?.errno == .invalidArgument
                && e!.description.contains("Check the baud in board.conf")
        }
    }

    /// Which rates the board uses is said in Swift (TerminalSpeed); the shims set and report a termios
    /// code as it is. Each rate set on the port is the one the pty's primary side reads back.
    @Test func everyRateTheBoardUsesIsSetAndReadBack() throws {
        let termiosCodes: [Int: Int32] = [4800: B4800, 9600: B9600, 19200: B19200, 38400: B38400, 57600: B57600,
                                          115200: B115200, 230400: B230400, 460800: B460800, 921600: B921600]
        #expect(TerminalSpeed.rates.map(\.baud) == termiosCodes.keys.sorted())
        for rate in TerminalSpeed.rates { #expect(Int32(rate.code) == termiosCodes[rate.baud], "\(rate.baud) baud") }
        #expect(TerminalSpeed.code(baud: 12345) == nil)
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        for rate in TerminalSpeed.rates {
            try port.setBaud(rate.baud)
            #expect(pty.peerBaud == rate.baud)
        }
        #expect(throws: DeviceError.self) { try port.setBaud(12345) }
        #expect(port.baud == 921600)
    }

    @Test func missingDeviceNamesThePathAndWhatToCheck() {
        #expect {
            _ = try SerialPort(path: "/dev/ttyDOESNOTEXIST", baud: 9600)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("uart open on /dev/ttyDOESNOTEXIST failed: it does not exist.")
                && text.contains("enable_uart=1")
        }
    }

    @Test func vanishedReceiverIsAnIOError() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        pty.close()
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect {
            _ = try buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 1000) }
        } throws: { error in
            (error as? DeviceError)?.errno == .ioError
        }
    }

    /// A read that does not wait (the sensor thread's, once its poll said the line is readable) has
    /// no poll of its own: the termios settings alone must keep "nothing yet" (0) apart from a
    /// hang-up (EIO), here and after bytes were read.
    @Test func aReadThatDoesNotWaitTellsNothingYetFromAHangUp() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        var buffer = [UInt8](repeating: 0, count: 16)
        func readNow() throws -> Int { try buffer.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 0) } }
        #expect(try readNow() == 0)
        try pty.write(Array("$GP".utf8))
        #expect(try readAll(port, count: 3) == Array("$GP".utf8))
        #expect(try readNow() == 0)
        pty.close()
        #expect { _ = try readNow() } throws: { error in (error as? DeviceError)?.errno == .ioError }
    }

    /// A receiver that was never opened did not "go away": the hint says to plug it in or enable
    /// the UART; one that vanished after opening still says to check its cable.
    @Test(arguments: [Errno.ioError, .noSuchDevice, .noSuchDeviceOrAddress])
    func neverOpenedIsNotWentAway(_ errno: Errno) {
        let atOpen = DeviceError(.uart, .open, device: "/dev/ttyACM0", errno: errno)
        #expect(atOpen.hint.hasPrefix("No receiver answers at this device: plug the receiver in"))
        #expect(!atOpen.description.contains("went away"))
        let midRide = DeviceError(.uart, .read, device: "/dev/ttyACM0", errno: errno)
        #expect(midRide.hint == "The receiver went away: check its cable or USB connection.")
    }
}

import RoamPorts
import Testing
@testable import RoamHardware

/// The receiver's serial line through a real pseudo-terminal: closing the primary is what an
/// unplugged USB receiver looks like to the reader (EIO), and a new port stands for plugging it back.
@Suite struct GNSSReceiverTests {
    func read(_ receiver: GNSSReceiver, timeoutMs: Int32 = 2000) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeoutMs: timeoutMs) }
        return Array(buffer[0..<n])
    }

    /// Not open is what the receiver found, not an ENODEV the kernel never gave.
    @Test func readingBeforeOpeningSaysNotOpen() {
        let receiver = GNSSReceiver(device: "/dev/ttyAMA0") { () throws(DeviceError) -> any ByteSource in
            throw DeviceError(.uart, .open, device: "/dev/ttyAMA0", errno: .noSuchFile)
        }
        #expect(!receiver.isOpen)
        #expect {
            _ = try read(receiver)
        } throws: { error in
            let e = error as? DeviceError
            return e?.errno == nil && e?.finding?.kind == .notOpen
                && e?.description == "uart read on /dev/ttyAMA0: the receiver is not open (its last open failed or it went away). "
                    + "It is opened again with backoff; the open's own error says what to check."
        }
    }

    @Test func vanishingMidReadIsAnIOErrorAndReopeningPicksUpTheNewDevice() throws {
        final class Socket { var pty: PseudoTerminal? }
        let socket = Socket()
        socket.pty = try PseudoTerminal()
        let receiver = GNSSReceiver(device: "gnss") { () throws(DeviceError) -> any ByteSource in
            // An old /dev/pts/N may be reused by a parallel test, so "unplugged" is this socket's state.
            guard let pty = socket.pty else { throw DeviceError(.uart, .open, device: "gnss", errno: .noSuchFile) }
            return try SerialPort(path: pty.secondaryPath, baud: 9600)
        }
        try receiver.reopen()
        try socket.pty!.write(Array("$GPGGA,1".utf8))
        #expect(try read(receiver) == Array("$GPGGA,1".utf8))
        socket.pty!.close()  // unplugged half-way through a sentence
        socket.pty = nil
        #expect {
            _ = try read(receiver)
        } throws: { error in
            (error as? DeviceError)?.errno == .ioError && (error as? DeviceError)?.hint.contains("receiver went away") == true
        }
        #expect(!receiver.isOpen)
        #expect(throws: DeviceError.self) { try receiver.reopen() }
        #expect(!receiver.isOpen)

        socket.pty = try PseudoTerminal()  // plugged back in
        try receiver.reopen()
        try socket.pty!.write(Array("$GPRMC".utf8))
        #expect(try read(receiver) == Array("$GPRMC".utf8))
    }
}

import RoamPorts
import RoamHardware

/// The host's end of the bench's wire: the real `SerialPort` on the pty's secondary, whose writes
/// return once the bench's module has taken the bytes, as `tcdrain` returns on a UART once they
/// left it. On a pty `tcdrain` returns at once and a termios change is not ordered against the
/// bytes before it, so a command written at 9600 just before a switch to 115200 could be judged
/// at 115200 by a module link that read it late (a loaded machine).
public final class BenchSerialLine: SerialLine, PollableSource {
    public let port: SerialPort
    private let replayer: NMEAReplayer

    public init(_ replayer: NMEAReplayer, baud: Int) throws(DeviceError) {
        self.replayer = replayer
        port = try SerialPort(path: replayer.secondaryPath, baud: baud)
    }

    public var device: String { port.device }
    public var baud: Int { port.baud }
    public var readiness: PortReadiness { port.readiness }

    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
        try port.read(into: buffer, timeoutMs: timeoutMs)
    }

    public func write(_ bytes: [UInt8]) throws(DeviceError) {
        try port.write(bytes)
        replayer.module?.waitUntilTaken(wrote: bytes.count)
    }

    public func setBaud(_ newBaud: Int) throws(DeviceError) { try port.setBaud(newBaud) }
}

extension NMEAReplayer {
    /// A receiver on this bench's wire (`BenchSerialLine`), set up as `setup` says.
    public func receiver(baud: Int, setup: ReceiverSetup? = nil) -> GNSSReceiver {
        GNSSReceiver(device: secondaryPath, setup: setup) { [self] () throws(DeviceError) -> any ByteSource in
            try BenchSerialLine(self, baud: baud)
        }
    }
}

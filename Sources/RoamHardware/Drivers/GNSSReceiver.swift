/// The GNSS receiver's serial line, reopened after it vanishes. A USB receiver that is unplugged
/// fails its reads with EIO (or ENODEV) and its descriptor is dead for good; plugged back in, it
/// reappears under the same path and must be opened again. The backoff, the gap and the
/// "receiver silent" event are the sensor thread's: this only knows how to open.
public final class GNSSReceiver: ReopenableByteSource {
    public let device: String
    private let open: () throws(DeviceError) -> any ByteSource
    private var port: (any ByteSource)?

    /// Does not open: call `reopen()` (the recorder's sensor thread does, with backoff, if it was
    /// not done here). `open` makes a fresh port each time.
    public init(device: String, open: @escaping () throws(DeviceError) -> any ByteSource) {
        self.device = device; self.open = open
    }

    /// A UART at `baud`, through the real termios path.
    public static func serial(path: String, baud: Int) -> GNSSReceiver {
        GNSSReceiver(device: path) { () throws(DeviceError) -> any ByteSource in try SerialPort(path: path, baud: baud) }
    }

    public var isOpen: Bool { port != nil }

    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
        guard let port else {
            throw DeviceError(.uart, .read, device: device, detail: "not open", errno: .noSuchDevice)
        }
        do {
            return try port.read(into: buffer, timeoutMs: timeoutMs)
        } catch {
            // The descriptor of a vanished device never recovers: drop it (closing it) and report.
            self.port = nil
            throw error
        }
    }

    public func reopen() throws(DeviceError) {
        port = nil
        port = try open()
    }
}

import CShims

/// A UART opened through the real termios path: non-blocking, no controlling tty, close-on-exec,
/// raw 8N1 at the board's baud, reads bounded by poll(). Used for real receivers and, on the bench
/// and in tests, for the secondary side of a pseudo-terminal.
public final class SerialPort: ByteSource {
    public let device: String
    public let baud: Int
    private var fd: CInt

    public init(path: String, baud: Int) throws(DeviceError) {
        self.device = path
        self.baud = baud
        let opened = retryingOnInterrupt { roam_uart_open(path) }
        guard opened >= 0 else { throw DeviceError(.uart, .open, device: path, errno: Errno(shimResult: opened)) }
        let configured = roam_uart_configure(opened, UInt32(clamping: baud))
        guard configured == 0 else {
            _ = roam_fd_close(opened)
            throw DeviceError(.uart, .configure, device: path, detail: "\(baud) baud 8N1", errno: Errno(shimResult: configured))
        }
        self.fd = opened
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
        guard fd >= 0 else { throw DeviceError(.uart, .read, device: device, errno: Errno(rawValue: 9 /* EBADF */)) }
        let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let n = retryingOnInterrupt { roam_uart_read(fd, base, buffer.count, timeoutMs) }
        guard n >= 0 else { throw DeviceError(.uart, .read, device: device, errno: Errno(shimResult: n)) }
        return Int(n)
    }

    /// Closes the descriptor now; later reads fail with EBADF. Also done on deinit.
    public func close() {
        if fd >= 0 { _ = roam_fd_close(fd); fd = -1 }
    }

    deinit { close() }
}

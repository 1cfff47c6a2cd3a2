import RoamPorts
import RoamSystem
import CShims
import Glibc

/// A UART opened through the real termios path: non-blocking, no controlling tty, close-on-exec,
/// raw 8N1 at the board's baud, reads bounded by poll(), and owned (TIOCEXCL) so a second reader
/// (gpsd, a getty, a `selftest` run) cannot silently split the bytes. Used for real receivers and,
/// on the bench and in tests, for the secondary side of a pseudo-terminal.
public final class SerialPort: SerialLine {
    public let device: String
    public private(set) var baud: Int
    private var fd: CInt

    public init(path: String, baud: Int) throws(DeviceError) {
        self.device = path
        self.baud = baud
        let opened = retryingOnInterrupt { roam_uart_open(path) }
        guard opened >= 0 else {
            let errno = Errno(shimResult: opened)
            // Held exclusively by someone else: name them if /proc shows who.
            let hint = errno == .busy ? PortHolders.hint(device: path) : nil
            throw DeviceError(.uart, .open, device: path, errno: errno, hint: hint)
        }
        // A rate the board does not use is refused as termios would refuse it (EINVAL), after the open, as before.
        let configured = TerminalSpeed.code(baud: baud).map { roam_uart_configure(opened, $0) } ?? -EINVAL
        guard configured == 0 else {
            _ = roam_fd_close(opened)
            throw DeviceError(.uart, .configure, device: path, detail: "\(baud) baud 8N1", errno: Errno(shimResult: configured))
        }
        // Best effort: a tty driver without TIOCEXCL still records.
        _ = roam_uart_exclusive(opened)
        self.fd = opened
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
        guard fd >= 0 else { throw DeviceError(.uart, .read, device: device, errno: Errno(rawValue: EBADF)) }
        let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        // No wait asked (the sensor thread's poll already said the line is readable): read at once,
        // without a second poll. VMIN 1 (roam_uart_configure) keeps "nothing yet" apart from a hang-up.
        do throws(Errno) {
            return timeoutMs == 0 ? try TerminalRead.now(fd, into: base, count: buffer.count)
                                  : try TerminalRead.waiting(fd, into: base, count: buffer.count, timeoutMs: timeoutMs)
        } catch {
            throw DeviceError(.uart, .read, device: device, errno: error)
        }
    }

    /// Writes every byte (a command to the receiver) and waits until it has left the UART.
    public func write(_ bytes: [UInt8]) throws(DeviceError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBufferPointer { buf in
                retryingOnInterrupt { roam_fd_write(fd, buf.baseAddress! + offset, buf.count - offset) }
            }
            if Errno(shimResult: n) == .wouldBlock { try waitForRoom(); continue }
            guard n >= 0 else { throw DeviceError(.uart, .write, device: device, errno: Errno(shimResult: n)) }
            offset += Int(n)
        }
        try drain()
    }

    /// Waits until the UART takes bytes again. Not tcdrain: on a pseudo-terminal (the bench) it
    /// returns at once whether or not the far end has read, and the write loop would spin. A line
    /// that polls hung up or failed without room is the write's failure (EIO), not a wait.
    private func waitForRoom() throws(DeviceError) {
        let revents = retryingOnInterrupt { roam_fd_poll(fd, Int16(POLLOUT), -1) }
        guard revents >= 0 else { throw DeviceError(.uart, .write, device: device, detail: "waiting for room", errno: Errno(shimResult: revents)) }
        guard revents & CInt(POLLOUT) != 0 else { throw DeviceError(.uart, .write, device: device, detail: "waiting for room", errno: .ioError) }
    }

    /// Waits until what was written has left the UART (tcdrain); a failure is the write's.
    private func drain() throws(DeviceError) {
        let r = retryingOnInterrupt { roam_uart_drain(fd) }
        guard r == 0 else { throw DeviceError(.uart, .write, device: device, detail: "waiting for the bytes to leave", errno: Errno(shimResult: r)) }
    }

    /// Changes the host's baud on the open descriptor (the receiver was told to switch, or is being looked for).
    public func setBaud(_ newBaud: Int) throws(DeviceError) {
        let r = TerminalSpeed.code(baud: newBaud).map { roam_uart_set_speed(fd, $0) } ?? -EINVAL
        guard r == 0 else { throw DeviceError(.uart, .configure, device: device, detail: "\(newBaud) baud", errno: Errno(shimResult: r)) }
        baud = newBaud
    }

    /// Closes the descriptor now; later reads fail with EBADF. Also done on deinit.
    public func close() {
        if fd >= 0 { _ = roam_fd_close(fd); fd = -1 }
    }

    deinit { close() }
}

// The sensor thread polls the line together with its wake pipe: no timer while the receiver is quiet.
extension SerialPort: PollableSource {
    public var readiness: PortReadiness { fd >= 0 ? .descriptor(fd) : .now }
}

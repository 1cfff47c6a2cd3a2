import RoamPorts
import RoamSystem
import CShims
import Glibc

/// The primary side of a pseudo-terminal pair. The secondary's path (`/dev/pts/N`) is opened by
/// `SerialPort` exactly as a real UART would be, so the bench and the tests run the real termios code.
/// `@unchecked Sendable`: reads and writes on one descriptor are the kernel's to order; `fd`
/// changes only in `close`, called by its owner once no thread uses the terminal any more.
public final class PseudoTerminal: @unchecked Sendable {
    public let secondaryPath: String
    private var fd: CInt

    public init() throws(DeviceError) {
        var name = [CChar](repeating: 0, count: 128)
        let opened = name.withUnsafeMutableBufferPointer { roam_pty_open($0.baseAddress!, $0.count) }
        guard opened >= 0 else { throw DeviceError(.pty, .open, device: "/dev/ptmx", errno: Errno(shimResult: opened)) }
        fd = opened
        secondaryPath = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Writes every byte (looping over short writes; EINTR retried). The primary is O_NONBLOCK so
    /// that a read can never wait (poll can say readable, then the host reopens the secondary and
    /// the bytes are gone); a write that finds no room waits for it in poll, as a blocking one would.
    public func write(_ bytes: [UInt8]) throws(DeviceError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBufferPointer { buf in
                retryingOnInterrupt { roam_fd_write(fd, buf.baseAddress! + offset, buf.count - offset) }
            }
            if n == -EAGAIN {
                let revents = retryingOnInterrupt { roam_fd_poll(fd, Int16(POLLOUT), -1) }
                guard revents >= 0 else { throw DeviceError(.pty, .write, device: secondaryPath, errno: Errno(shimResult: revents)) }
                continue
            }
            guard n >= 0 else { throw DeviceError(.pty, .write, device: secondaryPath, errno: Errno(shimResult: n)) }
            offset += Int(n)
        }
    }

    /// Reads what the secondary's owner wrote (commands to a receiver), waiting at most `timeoutMs`.
    /// Empty on timeout; throws EIO while no one has the secondary open.
    public func read(timeoutMs: Int32) throws(DeviceError) -> [UInt8] {
        var buf = [UInt8](repeating: 0, count: 512)
        let read = buf.withUnsafeMutableBufferPointer { b in
            Result { () throws(Errno) in try TerminalRead.waiting(fd, into: b.baseAddress!, count: b.count, timeoutMs: timeoutMs) }
        }
        switch read {
        case .success(let n): return Array(buf[0..<n])
        case .failure(let errno): throw DeviceError(.pty, .read, device: secondaryPath, errno: errno)
        }
    }

    /// The baud the secondary's owner set (Linux reports the secondary's termios on the primary);
    /// nil when it cannot be read.
    public var peerBaud: Int? {
        let code = roam_tty_speed(fd)
        return code >= 0 ? TerminalSpeed.baud(code: speed_t(code)) : nil
    }

    /// Closing the primary makes the secondary's reads fail with EIO, as an unplugged USB receiver does.
    public func close() {
        if fd >= 0 { _ = roam_fd_close(fd); fd = -1 }
    }

    deinit { close() }
}

// The bench's fake receiver polls the primary side together with its wake pipe: no timer.
extension PseudoTerminal: PollableSource {
    public var readiness: PortReadiness { fd >= 0 ? .descriptor(fd) : .now }
}

import RoamPorts
import RoamSystem
import CShims
import Glibc
import Synchronization

/// The primary side of a pseudo-terminal pair. The secondary's path (`/dev/pts/N`) is opened by
/// `SerialPort` exactly as a real UART would be, so the bench and the tests run the real termios code.
/// `@unchecked Sendable`: reads and writes on one descriptor are the kernel's to order; `fd`
/// changes only in `close`, called by its owner once no thread uses the terminal any more.
public final class PseudoTerminal: @unchecked Sendable {
    public let secondaryPath: String
    private var fd: CInt

    /// Written once by `abandonWrites`, never drained.
    private let abandoned: (read: CInt, write: CInt)

    public init() throws(DeviceError) {
        do { abandoned = try CloseOnExecPipe.make(nonBlocking: true) } catch {
            throw DeviceError(.pty, .open, device: "/dev/ptmx", detail: "its stop pipe", errno: error)
        }
        var name = [CChar](repeating: 0, count: 128)
        let opened = name.withUnsafeMutableBufferPointer { roam_pty_open($0.baseAddress!, $0.count) }
        guard opened >= 0 else {
            _ = roam_fd_close(abandoned.read); _ = roam_fd_close(abandoned.write)
            throw DeviceError(.pty, .open, device: "/dev/ptmx", errno: Errno(shimResult: opened))
        }
        fd = opened
        secondaryPath = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Writes every byte (looping over short writes; EINTR retried). The primary is O_NONBLOCK so
    /// that a read can never wait (poll can say readable, then the host reopens the secondary and
    /// the bytes are gone); a write that finds no room waits for it (`waitForRoom`), as a blocking
    /// one would, until `abandonWrites`.
    public func write(_ bytes: [UInt8]) throws(DeviceError) {
        var offset = 0
        var backoffMs: Int32 = 20
        while offset < bytes.count {
            let n = bytes.withUnsafeBufferPointer { buf in
                retryingOnInterrupt { roam_fd_write(fd, buf.baseAddress! + offset, buf.count - offset) }
            }
            if n == -EAGAIN {
                do throws(Errno) { try waitForRoom(backoffMs: &backoffMs) } catch {
                    let why = error == Errno(rawValue: ECANCELED) ? "waiting for the host to read: the writer was stopped" : "waiting for the host to read"
                    throw DeviceError(.pty, .write, device: secondaryPath, detail: why, errno: error)
                }
                continue
            }
            guard n >= 0 else { throw DeviceError(.pty, .write, device: secondaryPath, errno: Errno(shimResult: n)) }
            offset += Int(n)
        }
    }

    /// Ends every write waiting for room, now and later, with ECANCELED: the thread that writes is
    /// being stopped (`ModuleLink.stop` joins it), and a host that stopped reading must not hold it.
    public func abandonWrites() {
        var byte: UInt8 = 1
        _ = Glibc.write(abandoned.write, &byte, 1)  // never drained: one byte ends every later wait too
    }

    /// Waits for room so far, and those that found nobody holding the secondary and backed off
    /// (`waitForRoom`): what a test looks at to know a writer is waiting, or not spinning.
    private let waits = Atomic<Int>(0), absentWaits = Atomic<Int>(0)
    var roomWaits: Int { waits.load(ordering: .relaxed) }
    var hostAbsentWaits: Int { absentWaits.load(ordering: .relaxed) }

    /// Waits until the host has read enough for the next write, or writes are abandoned. A secondary
    /// nobody holds polls as hung up at once and never writable until it is opened and read again:
    /// then it backs off (20 ms, doubling to 160) instead of spinning, as the module's link does for an
    /// absent host.
    private func waitForRoom(backoffMs: inout Int32) throws(Errno) {
        waits.add(1, ordering: .relaxed)
        var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0),
                   pollfd(fd: abandoned.read, events: Int16(POLLIN), revents: 0)]
        _ = try retryingInterrupted { poll(&fds, 2, -1) }
        if fds[1].revents != 0 { throw Errno(rawValue: ECANCELED) }
        if fds[0].revents & Int16(POLLNVAL) != 0 { throw Errno(rawValue: EBADF) }
        if fds[0].revents & Int16(POLLOUT) != 0 { backoffMs = 20; return }
        absentWaits.add(1, ordering: .relaxed)
        var stop = [fds[1]]
        if try retryingInterrupted({ poll(&stop, 1, backoffMs) }) > 0 { throw Errno(rawValue: ECANCELED) }
        backoffMs = min(backoffMs * 2, 160)
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

    deinit { close(); _ = roam_fd_close(abandoned.read); _ = roam_fd_close(abandoned.write) }
}

// The bench's fake receiver polls the primary side together with its wake pipe: no timer.
extension PseudoTerminal: PollableSource {
    public var readiness: PortReadiness { fd >= 0 ? .descriptor(fd) : .now }
}

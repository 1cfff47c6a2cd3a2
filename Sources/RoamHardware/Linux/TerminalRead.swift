import CShims
import Glibc
import RoamSystem

/// One read of a terminal: a UART (`SerialPort`) or a pseudo-terminal's primary side
/// (`PseudoTerminal`). The shims only poll and read (roam_fd_poll, roam_fd_read); what their answers
/// mean for a receiver is said here: nothing yet is 0 bytes, a hang-up is EIO.
enum TerminalRead {
    /// Waits up to `timeoutMs` for the terminal to be readable, then reads once. The bytes read
    /// (> 0), 0 when nothing came in time, or the errno to report.
    static func waiting(_ fd: CInt, into buffer: UnsafeMutablePointer<UInt8>, count: Int, timeoutMs: Int32) throws(Errno) -> Int {
        let revents = retryingOnInterrupt { roam_fd_poll(fd, Int16(POLLIN), timeoutMs) }
        guard try readable(pollResult: revents) else { return 0 }
        return try now(fd, into: buffer, count: count)
    }

    /// Reads once without waiting (the caller's own poll said the terminal is readable).
    static func now(_ fd: CInt, into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(Errno) -> Int {
        try bytes(readResult: retryingOnInterrupt { roam_fd_read(fd, buffer, count) })
    }

    /// What roam_fd_poll's answer means: true when a read is due (bytes, or a hang-up the read
    /// will report), false on timeout. A descriptor that is not open (POLLNVAL) is EBADF.
    static func readable(pollResult: CInt) throws(Errno) -> Bool {
        guard pollResult >= 0 else { throw Errno(shimResult: pollResult) }
        if pollResult & CInt(POLLNVAL) != 0 { throw Errno(rawValue: EBADF) }
        return pollResult != 0
    }

    /// What roam_fd_read's answer means. EAGAIN is nothing waiting yet (0): the UART's descriptor is
    /// O_NONBLOCK with VMIN 1 (roam_uart_configure), so "nothing yet" is never a read of 0 bytes.
    /// 0 bytes is the end of the file: the device hung up, or a readable descriptor had nothing to
    /// give because the other end is gone. Either way the receiver went away: EIO.
    static func bytes(readResult: CInt) throws(Errno) -> Int {
        if readResult > 0 { return Int(readResult) }
        if readResult == 0 { throw Errno.ioError }
        let errno = Errno(shimResult: readResult)
        guard errno == .wouldBlock else { throw errno }
        return 0
    }
}

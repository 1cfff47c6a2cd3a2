import CShims
import Glibc
import RoamSystem
import Testing
@testable import RoamHardware

/// The descriptor shims give the kernel's answer as it is (roam_fd_poll, roam_fd_read); TerminalRead
/// alone says what it means for a receiver: nothing yet is 0 bytes, the end of the file is EIO, a
/// descriptor that is not open is EBADF. A pipe with an O_NONBLOCK read end stands in for the UART.
@Suite struct TerminalReadTests {
    /// O_NONBLOCK, as roam_uart_open opens a UART; both ends are the caller's to close.
    private func nonBlockingPipe() throws -> (read: CInt, write: CInt) {
        try CloseOnExecPipe.make(nonBlocking: true)
    }

    private func readNow(_ fd: CInt, _ buffer: inout [UInt8]) throws -> Int {
        try buffer.withUnsafeMutableBufferPointer { try TerminalRead.now(fd, into: $0.baseAddress!, count: $0.count) }
    }

    private func readWaiting(_ fd: CInt, _ buffer: inout [UInt8], _ timeoutMs: Int32) throws -> Int {
        try buffer.withUnsafeMutableBufferPointer { try TerminalRead.waiting(fd, into: $0.baseAddress!, count: $0.count, timeoutMs: timeoutMs) }
    }

    @Test func theDescriptorShimsGiveTheKernelsAnswerAsItIs() throws {
        let pipe = try nonBlockingPipe()
        defer { _ = roam_fd_close(pipe.read) }
        var buffer = [UInt8](repeating: 0, count: 8)
        let shimRead = { buffer.withUnsafeMutableBufferPointer { roam_fd_read(pipe.read, $0.baseAddress!, $0.count) } }
        #expect(shimRead() == -EAGAIN, "nothing waiting is the kernel's EAGAIN, not 0")
        #expect(roam_fd_poll(pipe.read, Int16(POLLIN), 0) == 0, "a poll that timed out")
        #expect(roam_fd_close(pipe.write) == 0)
        #expect(roam_fd_poll(pipe.read, Int16(POLLIN), 0) & CInt(POLLHUP) != 0, "the writer gone is POLLHUP")
        #expect(shimRead() == 0, "the end of the file is 0 bytes, not EIO")
        #expect(roam_fd_poll(CInt.max, Int16(POLLIN), 0) == CInt(POLLNVAL), "a descriptor that is not open is POLLNVAL, not EBADF")
    }

    @Test func nothingYetIsZeroBytesAndTheEndIsAnIOError() throws {
        let pipe = try nonBlockingPipe()
        defer { _ = roam_fd_close(pipe.read) }
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(try readNow(pipe.read, &buffer) == 0)
        #expect(try readWaiting(pipe.read, &buffer, 0) == 0)
        let bytes: [UInt8] = Array("$G".utf8)
        try #require(roam_fd_write(pipe.write, bytes, bytes.count) == 2)
        #expect(try readWaiting(pipe.read, &buffer, 1000) == 2)
        #expect(Array(buffer[0..<2]) == bytes)
        _ = roam_fd_close(pipe.write)
        #expect(throws: Errno.ioError) { try readNow(pipe.read, &buffer) }
        #expect(throws: Errno.ioError) { try readWaiting(pipe.read, &buffer, 1000) }
    }

    /// Said from poll's POLLNVAL, before any read.
    @Test func aDescriptorThatIsNotOpenIsEBADF() {
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(throws: Errno(rawValue: EBADF)) { try readWaiting(CInt.max, &buffer, 1000) }
        #expect(throws: Errno(rawValue: EBADF)) { try TerminalRead.readable(pollResult: CInt(POLLNVAL)) }
    }

    /// Any other failure is reported with its own code: a pseudo-terminal's primary side says EIO
    /// itself once its secondary is closed, and a failed poll is the poll's.
    @Test func otherFailuresKeepTheirOwnCode() throws {
        #expect(throws: Errno.noSuchDevice) { try TerminalRead.bytes(readResult: -ENODEV) }
        #expect(throws: Errno.ioError) { try TerminalRead.bytes(readResult: -EIO) }
        #expect(throws: Errno(rawValue: ENOMEM)) { try TerminalRead.readable(pollResult: -ENOMEM) }
        #expect(try TerminalRead.readable(pollResult: CInt(POLLIN | POLLHUP)))
        #expect(try TerminalRead.bytes(readResult: 5) == 5)
    }
}

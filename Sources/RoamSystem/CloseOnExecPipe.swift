import Glibc

/// A pipe whose two ends are close-on-exec from the moment they exist. pipe() then fcntl() leaves
/// a window in which another thread's posix_spawn passes both ends to its child (the keeper's
/// mkfs.fat, an import's gpsbabel would then hold a pipe of their parent's open, and a reader of it
/// would never see its end). pipe2(O_CLOEXEC) closes that window.
public enum CloseOnExecPipe {
    /// The two ends, `read` and `write`, both close-on-exec; `nonBlocking` sets O_NONBLOCK on both.
    public static func make(nonBlocking: Bool = false) throws(Errno) -> (read: CInt, write: CInt) {
        var fds: [CInt] = [-1, -1]
        let flags = O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)
        guard pipe2(&fds, flags) == 0 else { throw Errno.current }
        return (fds[0], fds[1])
    }

    /// Swift's Glibc module is built without _GNU_SOURCE and so does not declare pipe2; the C
    /// library has had it since glibc 2.9. Looked up once by name, with its C signature.
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<CInt>, CInt) -> CInt
    private static let pipe2Function: Pipe2 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else {
            preconditionFailure("the C library has no pipe2 (glibc 2.9 or later is required)")
        }
        return unsafeBitCast(symbol, to: Pipe2.self)
    }()

    private static func pipe2(_ fds: UnsafeMutablePointer<CInt>, _ flags: CInt) -> CInt {
        pipe2Function(fds, flags)
    }
}

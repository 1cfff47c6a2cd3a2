import Glibc
import Testing

/// The bytes a pseudo-terminal's line holds that no read has taken yet (FIONREAD through a
/// descriptor of its own, opened before the recorder's, which may hold the line exclusively): what a
/// test waits on to know the loop has read everything written, instead of sleeping.
final class LineBacklog {
    private let fd: Int32

    init(path: String) throws {
        let fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
        try #require(fd >= 0, "opening \(path) to count its unread bytes failed: errno \(errno)")
        self.fd = fd
    }

    /// Bytes not read yet, or -1 when the kernel would not say.
    var unread: Int32 {
        var count: Int32 = -1
        guard ioctl(fd, UInt(FIONREAD), &count) == 0 else { return -1 }
        return count
    }

    deinit { close(fd) }
}

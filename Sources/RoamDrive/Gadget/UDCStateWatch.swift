import Glibc
import RoamCore
import RoamPorts
import RoamSystem

/// The controller's `state` attribute, read and waited on the way sysfs wants: the kernel calls
/// sysfs_notify on it at every state change (udc-core's usb_gadget_set_state), which wakes a
/// poll(2) for POLLPRI; reading the attribute again re-arms it. The kernel counts the changes, so
/// a change that happened while we were busy (a rebuild) still wakes the next wait, even when the
/// state is back to "configured" by then: a short reset on replug is never missed.
/// A test root's plain file never raises POLLPRI: there only the periodic look sees a change.
public final class UDCStateWatch {
    public let path: String
    private var fd: Int32 = -1

    public init(path: String) { self.path = path }
    deinit { if fd >= 0 { close(fd) } }

    /// The state as it is now ("configured", "not attached", "suspended", ...), nil when the
    /// controller is gone (its driver unloaded). Re-arms the notification.
    public func read() -> String? {
        // A controller that went away and came back (or a test's file renamed over) is another
        // file: follow the path, not the descriptor.
        var now = stat(), held = stat()
        if fd >= 0, stat(path, &now) != 0 || fstat(fd, &held) != 0 || now.st_ino != held.st_ino || now.st_dev != held.st_dev {
            close(fd)
            fd = -1
        }
        if fd < 0 { fd = (try? retryingInterrupted { open(path, O_RDONLY | O_CLOEXEC) }) ?? -1 }  // no state file: the controller is gone, said as such by the caller
        guard fd >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { raw in (try? retryingInterrupted { pread(fd, raw.baseAddress, raw.count, 0) }) ?? -1 }  // sysfs: a failed read is a controller gone
        guard n >= 0 else {
            // Removed under us (the controller went away): open anew next time.
            close(fd)
            fd = -1
            return nil
        }
        return String(decoding: buffer[0..<n], as: UTF8.self).trimmedOfWhitespace
    }

    /// Waits up to `timeoutMs` for the kernel to say the state changed, or for a followed file to
    /// change (`KeeperWait`). True when the state did (read() then says what it is now), false
    /// after a file's change or the timeout.
    public func wait(timeoutMs: Int, files: FileChanges? = nil) -> Bool {
        KeeperWait.wait(state: fd >= 0 ? fd : nil, files: files, timeoutMs: timeoutMs)
    }
}

import Glibc

/// A named POSIX thread that can be joined: the recorder's sensor, commit, button and LED threads.
///
/// Each blocks in the kernel (poll, a condition variable with a deadline) rather than on a timer,
/// so a thread of its own per device is what keeps the wake-ups down. The name (at most 15 bytes,
/// the kernel's limit) is what `top -H`, `/proc/PID/task/*/comm` and the wake-up benchmark show.
public final class SystemThread: @unchecked Sendable {
    private var thread = pthread_t()
    private var joined = false
    public let name: String

    /// Starts `body` on a new thread named `name`. Throws when the system has no room for another
    /// thread (EAGAIN: its limit on threads, or its memory): the caller refuses to start in those words.
    public init(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) {
        self.name = name
        let box = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        let result = pthread_create(&thread, nil, { raw in
            let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
            SystemThread.nameCurrent(start.name)
            start.body()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Start>.fromOpaque(box).release()  // the thread that would have taken it never ran
            throw SystemError("start the thread", name, Errno(rawValue: result), access: .run)
        }
    }

    /// Waits for the thread to return. Call once, from one other thread.
    public func join() {
        precondition(!joined, "\(name) joined twice")
        joined = true
        pthread_join(thread, nil)
    }

    /// Names the calling thread through /proc/thread-self/comm (Linux 3.17+): pthread_setname_np and
    /// prctl are not visible to Swift without _GNU_SOURCE, and a C shim for one write is not worth it.
    static func nameCurrent(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        try? Descriptor.writeAll(fd, Array(name.utf8.prefix(15)))  // ignored: the name only labels the thread in ps and top
        close(fd)
    }

    private final class Start {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
    }
}

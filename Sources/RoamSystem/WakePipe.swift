import Glibc

/// Ends a thread's wait in poll() from another thread: the thread polls its device together with
/// this pipe and no timer, and `wake()` makes it return to look at its flags (a stop request).
/// A thread that waits this way wakes for its device, its own deadlines and a stop, never on a tick.
/// `@unchecked Sendable`: two descriptors fixed at init; the kernel orders reads and writes on them.
public final class WakePipe: @unchecked Sendable {
    /// What ended a `wait`.
    public enum Outcome: Equatable, Sendable {
        /// The device is readable, hung up or failed: a read now does not block and says which.
        case ready
        /// `wake()` was called (the pipe is drained again).
        case woken
        case timedOut
        /// poll() itself failed (ENOMEM: the kernel could not allocate its wait table). Nothing is
        /// known about the device: the caller reports it and backs off, rather than reading blind.
        case failed(Errno)
    }

    private let readEnd: CInt
    private let writeEnd: CInt

    /// `owner`: whose wake-up it is ("the sensor thread"), named when the process or the system has
    /// no descriptor left (EMFILE, ENFILE): the caller refuses to start in those words.
    public init(for owner: String) throws(SystemError) {
        do { (readEnd, writeEnd) = try CloseOnExecPipe.make(nonBlocking: true) } catch {
            throw SystemError("make the wake-up pipe of", owner, error)
        }
    }

    deinit { close(readEnd); close(writeEnd) }

    /// Makes the current or the next `wait` return `.woken`. Never blocks: a full pipe already wakes.
    public func wake() {
        var byte: UInt8 = 1
        _ = try? retryingInterrupted { write(writeEnd, &byte, 1) }  // ignored: a full pipe (EAGAIN) already holds a wake-up
    }

    /// Waits until `descriptor` is readable (or hung up), `wake()` is called, or `timeoutMs` passes
    /// (-1: no limit). A signal restarts the wait with the whole timeout: callers wait for deadlines
    /// they compute again after every return.
    public func wait(for descriptor: CInt?, timeoutMs: Int32) -> Outcome {
        var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
        let n: Int32
        do { n = try retryingInterrupted { poll(&fds, nfds_t(fds.count), timeoutMs) } } catch { return .failed(error) }
        if n == 0 { return .timedOut }
        if fds[0].revents != 0 { drain(); return .woken }
        return .ready
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}

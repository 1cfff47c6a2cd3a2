import Glibc
import Testing
import RoamSystem

/// The pipes the board makes (wake pipes, a child's output) are close-on-exec from birth.
@Suite struct CloseOnExecPipeTests {
    @Test("Both ends are close-on-exec at once, and non-blocking only when asked")
    func flagsFromBirth() throws {
        for nonBlocking in [false, true] {
            let (r, w) = try CloseOnExecPipe.make(nonBlocking: nonBlocking)
            defer { close(r); close(w) }
            for fd in [r, w] {
                #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
                #expect((fcntl(fd, F_GETFL) & O_NONBLOCK != 0) == nonBlocking)
            }
        }
    }

    @Test("A child started while the pipe is open does not inherit either end")
    func childInheritsNeitherEnd() throws {
        let (r, w) = try CloseOnExecPipe.make()
        defer { close(r); close(w) }
        // Held open here, the two numbers are nobody else's while the child runs (other tests'
        // descriptors may reach it; these two must not).
        let result = try ChildProcess.run("/bin/sh", ["sh", "-c", "ls /proc/self/fd"], limit: .seconds(60))
        let inherited = Set(String(decoding: result.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int32($0) })
        #expect(inherited.contains(1), "the listing is read: \(inherited)")
        #expect(!inherited.contains(r) && !inherited.contains(w), "the child holds \(inherited), the pipe is \(r), \(w)")
    }

    @Test("A wake pipe's wait ends woken, then times out, with no device")
    func wakeThenTimeout() throws {
        let wake = try WakePipe(for: "a test")
        wake.wake()
        #expect(wake.wait(for: nil, timeoutMs: 10_000) == .woken)
        #expect(wake.wait(for: nil, timeoutMs: 1) == .timedOut)
    }
}

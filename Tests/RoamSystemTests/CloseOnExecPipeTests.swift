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
        // By the pipe's identity, not by number: `ls` opens its own listing as the child's lowest free
        // descriptor, which is the pipe's number whenever the pipe got 3 here (a flake in a loaded run).
        var st = stat()
        try #require(fstat(r, &st) == 0)
        let result = try ChildProcess.run("/bin/sh", ["sh", "-c", "ls -l /proc/self/fd"], limit: .seconds(60))
        let listing = String(decoding: result.stdout, as: UTF8.self)
        #expect(listing.contains(" 1 -> "), "the listing is read: \(listing)")
        #expect(!listing.contains("pipe:[\(st.st_ino)]"), "the child holds the pipe (\(r), \(w)): \(listing)")
    }

    @Test("A wake pipe's wait ends woken, then times out, with no device")
    func wakeThenTimeout() throws {
        let wake = try WakePipe(for: "a test")
        wake.wake()
        #expect(wake.wait(for: nil, timeoutMs: 10_000) == .woken)
        #expect(wake.wait(for: nil, timeoutMs: 1) == .timedOut)
    }
}

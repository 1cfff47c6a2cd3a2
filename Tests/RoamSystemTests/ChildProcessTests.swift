import Glibc
import Testing
import RoamSystem

/// posix_spawn children and named threads, run for real.
@Suite struct ChildProcessTests {
    @Test("A child's output, its stderr and its exit status come back apart")
    func childStreamsAndStatus() throws {
        let result = try ChildProcess.run("/bin/sh", ["sh", "-c", "printf out; printf err >&2; exit 3"])
        #expect(String(decoding: result.stdout, as: UTF8.self) == "out")
        #expect(String(decoding: result.stderr, as: UTF8.self) == "err")
        #expect(result.status == 3)
        #expect(result.signal == 0)
    }

    @Test("A child ended by a signal reports 128 + the signal, as a shell does, even when this thread blocks it")
    func signalledChild() throws {
        // The recorder blocks SIGTERM on its threads; a child must not inherit that mask.
        var blocked = sigset_t(), old = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        let result = try ChildProcess.run("/bin/sh", ["sh", "-c", "kill -TERM $$"])
        #expect(result.signal == SIGTERM)
        #expect(result.status == 128 + SIGTERM)
    }

    @Test("A program that does not exist is a SystemError naming it")
    func missingProgram() {
        #expect(throws: SystemError("start", "/nonexistent/tool", .noSuchFile)) {
            try ChildProcess.run("/nonexistent/tool", ["tool"])
        }
    }

    @Test("A SystemThread runs under its name, as /proc shows it, and join waits for its end")
    func threadsAreNamedAndJoined() {
        final class Box: @unchecked Sendable { var name = "" }
        let box = Box()
        let thread = SystemThread(name: "roam-test-thread-long-name") {
            box.name = (try? FileSystem.readText("/proc/thread-self/comm")) ?? ""
        }
        thread.join()
        #expect(box.name == "roam-test-threa\n")
    }
}

import Glibc
import Testing
import RoamSystem

/// posix_spawn children and named threads, run for real.
@Suite struct ChildProcessTests {
    @Test("A child's output, its stderr and its exit status come back apart")
    func childStreamsAndStatus() throws {
        let result = try ChildProcess.run("/bin/sh", ["sh", "-c", "printf out; printf err >&2; exit 3"], limit: .seconds(60))
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
        let result = try ChildProcess.run("/bin/sh", ["sh", "-c", "kill -TERM $$"], limit: .seconds(60))
        #expect(result.signal == SIGTERM)
        #expect(result.status == 128 + SIGTERM)
    }

    @Test("A program that does not exist is a SystemError naming it")
    func missingProgram() {
        #expect(throws: ChildProcessError.notRun(SystemError("start", "/nonexistent/tool", .noSuchFile, access: .run))) {
            try ChildProcess.run("/nonexistent/tool", ["tool"], limit: .seconds(60))
        }
    }

    @Test("A child still running at its limit is stopped, reaped and said as overrun")
    func childPastItsLimitIsStopped() throws {
        let pidFile = FileSystem.temporaryFolder + "/roam-child-limit-\(getpid())-1"
        defer { unlink(pidFile) }
        #expect(throws: ChildProcessError.overran(program: "/bin/sh", limit: .milliseconds(300))) {
            try ChildProcess.run("/bin/sh", ["sh", "-c", "echo $$ > \(pidFile); exec sleep 600"], limit: .milliseconds(300))
        }
        try Self.expectGone(pidFile)
    }

    @Test("A child that ignores SIGTERM at its limit is killed after the grace")
    func childDeafToTermIsKilled() throws {
        let pidFile = FileSystem.temporaryFolder + "/roam-child-limit-\(getpid())-2"
        defer { unlink(pidFile) }
        // An ignored SIGTERM survives exec: the sleep is deaf to it, as mtools waiting on a FIFO is.
        #expect(throws: ChildProcessError.overran(program: "/bin/sh", limit: .milliseconds(300))) {
            try ChildProcess.run("/bin/sh", ["sh", "-c", "trap '' TERM; echo $$ > \(pidFile); exec sleep 600"], limit: .milliseconds(300))
        }
        try Self.expectGone(pidFile)
    }

    @Test("An overrun says the program and the limit in words")
    func overrunWords() {
        #expect(ChildProcessError.overran(program: "/usr/bin/gpsbabel", limit: .seconds(1800)).description
                == "/usr/bin/gpsbabel was still running after 30 minutes, so it was stopped")
        #expect(ChildProcessError.words(.milliseconds(300)) == "300 ms")
        #expect(ChildProcessError.words(.seconds(45)) == "45 s")
    }

    @Test("A wait status is decoded in one place: an exit, a signal, as a shell says them")
    func waitStatusWords() {
        #expect(WaitStatus(3 << 8).words == "exit status 3")
        #expect(WaitStatus(3 << 8).shellStatus == 3)
        #expect(WaitStatus(SIGKILL).words == "killed by signal 9")
        #expect(WaitStatus(SIGKILL).shellStatus == 137)
        #expect(WaitStatus(0).succeeded && !WaitStatus(1 << 8).succeeded && !WaitStatus(SIGTERM).succeeded)
    }

    /// The child whose pid `pidFile` holds is no more: not running, and not a zombie left unreaped.
    static func expectGone(_ pidFile: String) throws {
        let text = try FileSystem.readText(pidFile)
        let pid = try #require(pid_t(text.split(separator: "\n").first.map(String.init) ?? ""), "pid file: \(text)")
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "pid \(pid) is still there")
    }

    @Test("A SystemThread runs under its name, as /proc shows it, and join waits for its end")
    func threadsAreNamedAndJoined() throws {
        final class Box: @unchecked Sendable { var name = "" }
        let box = Box()
        let thread = try SystemThread(name: "roam-test-thread-long-name") {
            box.name = (try? FileSystem.readText("/proc/thread-self/comm")) ?? ""
        }
        thread.join()
        #expect(box.name == "roam-test-threa\n")
    }
}

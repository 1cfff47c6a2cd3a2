import Glibc

/// What a finished child left: its exit status (128 + the signal when a signal ended it, as a
/// shell says it), the signal, and what it wrote.
public struct ChildResult: Sendable {
    public var status: Int32
    public var signal: Int32
    public var stdout: [UInt8]
    public var stderr: [UInt8]
    /// The wait status the two numbers above come from, and its words ("exit status 3").
    public var ending: WaitStatus
}

/// The one way the board starts another program: posix_spawn, nothing of ours inherited but
/// the streams it is given. The drive keeper runs mkfs.fat and mtools with it; the benchmarks run
/// the recorder and its peers.
public enum ChildProcess {
    /// What one standard stream of a child is connected to.
    public enum Stream: Sendable {
        case file(String, flags: CInt)
        case descriptor(CInt)
        case inherited
    }

    /// Runs `path` to its end with stdin from `stdin` (/dev/null unless said) and stdout, stderr read through two pipes
    /// (polled together, so a chatty stderr never blocks the child). `environment` nil: this process's.
    /// `limit`: the longest it may run, on the monotonic clock. A child still running then is stopped
    /// (SIGTERM, then SIGKILL after `stopGrace`) and reaped, and `.overran` says so: a tool hung on a
    /// damaged file or a stuck disk must not hold `import` or the drive keeper for ever. Each caller
    /// picks a limit far above what its tool needs on the slowest board.
    public static func run(_ path: String, _ argv: [String], stdin: Stream = .file("/dev/null", flags: O_RDONLY),
                           environment: [String]? = nil, limit: Duration) throws(ChildProcessError) -> ChildResult {
        let deadlineNs = MonotonicClock.nowNs() &+ nanoseconds(limit)
        // Close-on-exec from birth: only the dup2'd copies reach this child, and none reaches
        // another thread's child spawned meanwhile.
        let out: [Int32], err: [Int32]
        do { let p = try CloseOnExecPipe.make(); out = [p.read, p.write] } catch { throw .notRun(SystemError("make a pipe for", path, error)) }
        do { let p = try CloseOnExecPipe.make(); err = [p.read, p.write] } catch {
            close(out[0]); close(out[1]); throw .notRun(SystemError("make a pipe for", path, error))
        }
        let pid: pid_t
        do {
            pid = try spawn(path, argv: argv, streams: [stdin, .descriptor(out[1]), .descriptor(err[1])],
                            environment: environment)
        } catch {
            for fd in out + err { close(fd) }
            throw .notRun(error)
        }
        close(out[1]); close(err[1])
        let watch: CInt
        do { watch = try ProcessDescriptor.open(pid) } catch {
            // With no way to wait with a deadline, nothing is left running unwatched.
            close(out[0]); close(err[0])
            stop(pid, path)
            throw .notRun(SystemError("watch", path, error))
        }
        defer { close(watch) }
        var output = ChildOutput(stdout: out[0], stderr: err[0], end: watch)
        let ended: Bool
        do { ended = try output.collect(untilNs: deadlineNs) } catch {
            output.close()
            stop(pid, path, watch: watch)
            throw .notRun(SystemError("wait for", path, error))
        }
        output.close()
        guard ended else {
            stop(pid, path, watch: watch)
            throw .overran(program: path, limit: limit)
        }
        let status: WaitStatus
        do { status = WaitStatus(try wait(pid, path).status) } catch { throw .notRun(error) }
        return ChildResult(status: status.shellStatus, signal: status.signal, stdout: output.stdout, stderr: output.stderr, ending: status)
    }

    /// How long a child asked to stop (SIGTERM) has to end before it is killed (SIGKILL).
    public static let stopGrace: Duration = .seconds(2)

    /// Ends `pid` and reaps it: SIGTERM so it may tidy up, SIGKILL once `stopGrace` has passed
    /// (mtools catches SIGTERM and goes on waiting); no watch: SIGKILL at once.
    private static func stop(_ pid: pid_t, _ path: String, watch: CInt? = nil) {
        if let watch {
            kill(pid, SIGTERM)
            let graceEndNs = MonotonicClock.nowNs() &+ nanoseconds(stopGrace)
            if !ChildOutput.ends(watch, byNs: graceEndNs) {
                kill(pid, SIGKILL)
                // A tool stuck in the kernel (a failing card) does not die even of SIGKILL until the
                // kernel lets it go: it is left unreaped rather than hold its caller for ever.
                guard ChildOutput.ends(watch, byNs: MonotonicClock.nowNs() &+ nanoseconds(stopGrace)) else { return }
            }
        } else {
            kill(pid, SIGKILL)
        }
        // Reaped so no zombie is left; a failure here (ECHILD: reaped already) leaves nothing to do,
        // and the caller's error says what went wrong.
        do { _ = try wait(pid, path) } catch {}
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let parts = duration.components
        guard parts.seconds >= 0 else { return 0 }
        return UInt64(parts.seconds) &* 1_000_000_000 &+ UInt64(parts.attoseconds / 1_000_000_000)
    }

    /// Starts `path` with `argv` (argv[0] included) and its streams 0, 1, 2 set to `streams`.
    public static func spawn(_ path: String, argv: [String], streams: [Stream], environment: [String]? = nil) throws(SystemError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, stream) in streams.enumerated() {
            switch stream {
            case .file(let file, let flags): posix_spawn_file_actions_addopen(&actions, CInt(fd), file, flags, 0o644)
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, CInt(fd))
            case .inherited: break
            }
        }
        // The child starts with no signal blocked and the usual dispositions: the recorder blocks
        // SIGTERM and SIGINT on its threads to take them with signalfd, and an inherited mask would
        // make a stuck tool deaf to `kill` and to systemd's stop.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        markEveryDescriptorCloseOnExec()
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = (environment ?? Environment.entries).map { strdup($0) } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, cArgs, cEnv)
        guard spawned == 0 else { throw SystemError("start", path, Errno(rawValue: spawned), access: .run) }
        return pid
    }

    /// Waits for `pid` to end; its raw wait status and resource usage (CPU times, peak RSS).
    public static func wait(_ pid: pid_t, _ name: String) throws(SystemError) -> (status: CInt, usage: rusage) {
        var status: CInt = 0
        var usage = rusage()
        do { _ = try retryingInterrupted { wait4(pid, &status, 0, &usage) } } catch { throw SystemError("wait for", name, error) }
        return (status, usage)
    }

    /// Nothing else of ours reaches the child: an inherited pipe (our own caller's stdout) would
    /// stay open for as long as a stuck tool lives. Swift's Glibc has no posix_spawn closefrom.
    private static func markEveryDescriptorCloseOnExec() {
        guard let dir = opendir("/proc/self/fd") else { return }
        defer { closedir(dir) }
        let own = dirfd(dir)
        while let entry = readdir(dir) {
            guard let fd = Int32(entry.pointee.name), fd > 2, fd != own else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }
}

extension rusage {
    /// User plus system CPU time in seconds.
    public var cpuSeconds: Double {
        Double(ru_utime.tv_sec) + Double(ru_utime.tv_usec) / 1e6 + Double(ru_stime.tv_sec) + Double(ru_stime.tv_usec) / 1e6
    }
}

import Glibc

/// The process plumbing the benchmarks share: spawn a program with its standard streams set up
/// (posix_spawn file actions), wait for it with its rusage, and write whole buffers to a descriptor.
enum ProcessPlumbing {
    /// What one standard stream of the child is connected to.
    enum Stream {
        case file(String, flags: CInt)
        case descriptor(CInt)
        case inherited
    }

    /// Starts `executable` with its streams 0, 1, 2 set to `streams`. `environment` nil: this process's.
    static func spawn(_ executable: String, _ arguments: [String], streams: [Stream],
                      environment: [String]? = nil) throws(BenchmarkError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, stream) in streams.enumerated() {
            switch stream {
            case .file(let path, let flags): posix_spawn_file_actions_addopen(&actions, CInt(fd), path, flags, 0o644)
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, CInt(fd))
            case .inherited: break
            }
        }
        let argv = cStrings([executable] + arguments)
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let rc: CInt
        if let environment {
            let envp = cStrings(environment)
            defer { for p in envp { free(p) } }
            rc = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        } else {
            rc = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        }
        guard rc == 0 else { throw .errno("starting", executable, rc) }
        return pid
    }

    /// Waits for `pid`; its wait status and resource usage (CPU times, peak RSS).
    static func wait(_ pid: pid_t, _ name: String) throws(BenchmarkError) -> (status: CInt, usage: rusage) {
        var status: CInt = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw .errno("waiting for", name) }
        }
        return (status, usage)
    }

    static func cpuSeconds(_ usage: rusage) -> Double { seconds(usage.ru_utime) + seconds(usage.ru_stime) }

    /// Writes all of `bytes`, retrying short writes and EINTR.
    static func writeAll(_ fd: CInt, _ bytes: [UInt8], step: String, subject: String) throws(BenchmarkError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .errno(step, subject)
            }
            done += n
        }
    }

    private static func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }

    private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { strdup($0) } + [nil]
    }
}

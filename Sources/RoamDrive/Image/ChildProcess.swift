import Glibc

struct ChildResult {
    var status: Int32
    var signal: Int32
    var stdout: [UInt8]
    var stderr: [UInt8]
}

/// One child process through posix_spawn: stdin /dev/null, stdout and stderr read to the end
/// through two pipes (polled together, so a chatty stderr never blocks the child), then reaped.
enum ChildProcess {
    struct Failure: Error { var code: Int32 }

    static func run(_ path: String, _ argv: [String], environment: [String]) throws -> ChildResult {
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { throw Failure(code: errno) }
        guard pipe(&err) == 0 else { let e = errno; close(out[0]); close(out[1]); throw Failure(code: e) }
        // Only the dup2'd copies reach the child.
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        markEveryDescriptorCloseOnExec()
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, cArgs, cEnv)
        close(out[1]); close(err[1])
        guard spawned == 0 else { close(out[0]); close(err[0]); throw Failure(code: spawned) }
        var stdout: [UInt8] = [], stderr: [UInt8] = []
        drain(out[0], err[0], &stdout, &stderr)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand: Glibc's macros are not imported.
        let signal = status & 0x7f
        return ChildResult(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, signal: signal, stdout: stdout, stderr: stderr)
    }

    /// Nothing else of ours reaches the child: an inherited pipe (our own caller's stdout) would
    /// stay open for as long as a stuck tool lives. Swift's Glibc has no posix_spawn closefrom.
    private static func markEveryDescriptorCloseOnExec() {
        guard let dir = opendir("/proc/self/fd") else { return }
        defer { closedir(dir) }
        let own = dirfd(dir)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let fd = Int32(name), fd > 2, fd != own else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    private static func drain(_ outFd: Int32, _ errFd: Int32, _ stdout: inout [UInt8], _ stderr: inout [UInt8]) {
        var fds = [pollfd(fd: outFd, events: Int16(POLLIN), revents: 0), pollfd(fd: errFd, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while fds.contains(where: { $0.fd >= 0 }) {
            if poll(&fds, nfds_t(fds.count), -1) < 0 { if errno == EINTR { continue } else { break } }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(fds[i].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    if i == 0 { stdout += buffer[0..<n] } else { stderr += buffer[0..<n] }
                } else if n == 0 || errno != EINTR {
                    close(fds[i].fd)
                    fds[i].fd = -1
                }
            }
        }
    }
}

import Glibc
import RoamPorts
import RoamSystem

/// Where the keeper sleeps between looks: one poll() on the controller's state (POLLPRI) and on
/// the database's files (`FileChanges`, inotify), so an idle board wakes it only at the safety
/// net's period (`--poll-ms`), for what notifies nothing: another gadget freeing the controller,
/// room freed on the card, a test's plain state file. Without a file watch it looks every second.
enum KeeperWait {
    /// The period of the looks when the database's folder cannot be watched (as before the watch).
    static let unwatchedPeriodMs = 1000

    /// The period between looks with nothing notified.
    static func periodMs(_ pollMs: Int, watched: Bool) -> Int { max(watched ? pollMs : min(pollMs, unwatchedPeriodMs), 10) }

    /// Waits until the kernel says the controller's state changed (true), a followed file changed,
    /// or `timeoutMs` passed (false). Notes about other files (the image being built) are drained
    /// and the wait goes on to the same deadline: they cause no look. Files whose folder went (removed
    /// or renamed) are waited for as without a watch, every second, and watched again once it is back:
    /// the wait then ends at once, as what changed meanwhile was noted by nothing. A file the kernel
    /// refused to watch (`refusal`) is tried again at each wait, which lasts a second meanwhile.
    /// `poll`: a test's, to count the calls.
    static func wait(state: Int32?, files: FileChanges?, timeoutMs: Int,
                     poll: (UnsafeMutablePointer<pollfd>, nfds_t, Int32) -> Int32 = { Glibc.poll($0, $1, $2) }) -> Bool {
        if let files, !files.isWatching {
            if files.rewatch() { return false }
            return wait(state: state, files: nil, timeoutMs: min(timeoutMs, unwatchedPeriodMs), poll: poll)
        }
        var timeoutMs = timeoutMs
        if let files, files.refusal != nil {
            if files.rewatch() { return false }
            timeoutMs = min(timeoutMs, unwatchedPeriodMs)
        }
        let deadline = MonotonicClock.nowNs() &+ UInt64(max(timeoutMs, 0)) * 1_000_000
        var fds: [pollfd] = []
        if let state { fds.append(pollfd(fd: state, events: Int16(POLLPRI), revents: 0)) }
        if let files { fds.append(pollfd(fd: files.descriptor, events: Int16(POLLIN), revents: 0)) }
        while true {
            let now = MonotonicClock.nowNs()
            guard now < deadline else { return false }
            let left = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            guard !fds.isEmpty else {
                MonotonicClock.sleep(ns: deadline - now)
                return false
            }
            for i in fds.indices { fds[i].revents = 0 }
            let n = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress!, nfds_t($0.count), left) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }  // a poll that fails (EINVAL, ENOMEM) is a look now, as a timeout
            // A descriptor closed under the wait (POLLNVAL), or the files' hung up or failing with nothing
            // to read, answers every poll at once: left out for the rest of this wait (a negative fd is
            // skipped by poll), which goes on with the other or sleeps to its deadline, not spinning on it.
            var dropped = false
            for i in fds.indices where fds[i].revents & Int16(POLLNVAL) != 0
                || (files != nil && i == fds.count - 1 && fds[i].revents & Int16(POLLHUP | POLLERR) != 0 && fds[i].revents & Int16(POLLIN) == 0) {
                fds[i].fd = -1
                dropped = true
            }
            if dropped { continue }
            let notified = state != nil && fds[0].revents & Int16(POLLPRI | POLLERR) != 0
            // Drained at every wake, the controller's too: the look that follows sees what they said.
            let changed = files.map { f in fds[fds.count - 1].revents != 0 && f.drain() } ?? false
            if notified || changed { return notified }
        }
    }
}

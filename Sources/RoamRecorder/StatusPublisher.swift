import Synchronization

/// Keeps the recorder's status current for other threads (`Recorder.status`, the LED) and
/// mirrors it into the status file: at once when something the rider must know changes (ride,
/// alarm), otherwise at most once per `interval`, so a healthy 10 Hz recorder rewrites one
/// block every few seconds instead of every batch. A failing status file is announced once per
/// streak and never stops recording.
final class StatusPublisher: Sendable {
    private struct State {
        var status: RecorderStatus
        var file: RecorderStatusFile?
        var lastWriteNs: UInt64 = 0
        var lastAttemptNs: UInt64 = 0
        var dirty = false
        var failing = false
    }

    private let state: Mutex<State>
    private let clock: @Sendable () -> UInt64
    private let realtimeMs: @Sendable () -> Int64
    private let emit: @Sendable (RecorderEvent) -> Void
    private let healthyIntervalNs: UInt64
    private let alarmIntervalNs: UInt64

    init(pid: Int32, bootID: String, healthyIntervalS: Double, alarmIntervalS: Double,
         clock: @escaping @Sendable () -> UInt64, realtimeMs: @escaping @Sendable () -> Int64,
         emit: @escaping @Sendable (RecorderEvent) -> Void) {
        state = Mutex(State(status: RecorderStatus(pid: pid, bootID: bootID)))
        self.clock = clock; self.realtimeMs = realtimeMs; self.emit = emit
        healthyIntervalNs = UInt64(healthyIntervalS * 1e9); alarmIntervalNs = UInt64(alarmIntervalS * 1e9)
    }

    var current: RecorderStatus { state.withLock { $0.status } }

    /// Hands over the opened file (the recorder opens it at start) and writes the status into it.
    func attach(_ file: RecorderStatusFile) {
        state.withLock { $0.file = file; $0.dirty = true }
        flush(force: true)
    }

    /// Writes the last status and lets the file go, its lock with it: readers then see that no
    /// recorder is running, and the next recorder can take it over in this same process.
    func detach() {
        flush(force: true)
        state.withLock { $0.file = nil }
    }

    func update(urgent: Bool = false, _ change: (inout RecorderStatus) -> Void) {
        note(change)
        flush(force: urgent)
    }

    /// A change from a thread that must not write the file (the sensor thread never waits on
    /// storage): the commit thread's next status write takes it, at its next wake, with no wake-up
    /// of its own (while riding, within the healthy interval; idle, at the next storage check).
    func note(_ change: (inout RecorderStatus) -> Void) {
        state.withLock { s in
            change(&s.status)
            s.dirty = true
        }
    }

    /// When a pending change is due to be written (nil: none is pending): the commit thread waits
    /// for it, so a change held back by the interval is written on time with no periodic wake-up.
    /// A failing file is tried again no sooner than a second after the last attempt.
    var nextFlushDueNs: UInt64? {
        state.withLock { s in
            guard s.dirty, s.file != nil else { return nil }
            let interval = s.status.alarm == nil ? healthyIntervalNs : alarmIntervalNs
            return s.failing ? max(s.lastWriteNs &+ interval, s.lastAttemptNs &+ 1_000_000_000) : s.lastWriteNs &+ interval
        }
    }

    /// Writes a pending change once its interval has passed (the commit thread calls this when it wakes).
    func flush(force: Bool = false) {
        let outcome = state.withLock { s -> Result<Bool, RecorderStatusFile.Failure>? in
            guard s.dirty, let file = s.file else { return nil }
            let now = clock()
            let interval = s.status.alarm == nil ? healthyIntervalNs : alarmIntervalNs
            guard force || now &- s.lastWriteNs >= interval else { return nil }
            s.status.updatedMonoNs = now
            s.status.updatedUTCms = realtimeMs()
            s.lastAttemptNs = now
            do throws(RecorderStatusFile.Failure) {
                try file.write(s.status)
                s.lastWriteNs = now
                s.dirty = false
                let recovered = s.failing
                s.failing = false
                return .success(recovered)
            } catch {
                let first = !s.failing
                s.failing = true
                return first ? .failure(error) : nil
            }
        }
        if case .failure(let error) = outcome { emit(.statusFileFailed(error: error.description)) }
    }
}

import RoamPorts
import RoamSystem
import Glibc
import RoamCore
import RoamHardware
import RoamStore
import Synchronization

/// Wires the receiver and barometer to the pipeline and the store through the two threads of
/// docs/DESIGN.md §3. Start-up order (P7): the store is open and the active ride row read before this
/// is built; `start()` starts reading the receiver first, then re-arms the ride (its restart gap
/// committed), then starts the commit thread. `start`, `rearm` and `stop` are idempotent: a
/// second call opens nothing, starts no thread, creates no ride and writes no second gap.
/// `@unchecked Sendable`: its lifecycle flags are behind a `Mutex`; the loops it owns are `let`s,
/// each safe to share for its own reason (see them).
public final class Recorder: @unchecked Sendable {
    public struct Options: Sendable {
        public var sensor = SensorLoop.Options()
        public var commit = CommitLoop.Options()
        public var queueCapacity = 4096
        /// Resume or close a ride found recording at start (see `RearmPolicy`).
        public var rearm = RearmPolicy()
        /// The status file; nil: beside the database (`RecorderStatusFile.path(forDatabase:)`).
        public var statusFilePath: String?
        public var writesStatusFile = true
        /// How often the status file is rewritten at most while healthy; with the alarm up every change
        /// is written at once (the file is then the only place that shows the outage).
        public var statusIntervalS = 5.0
        public var statusAlarmIntervalS = 0.0
        /// This boot's id, written into the status file and compared with the last recorder's there:
        /// re-arm ages a commit of this boot by the monotonic clock (`RearmPolicy`). Tests set one to model a reboot.
        public var bootID = RecorderStatusFile.bootID
        public init() {}
    }

    private struct Lifecycle {
        var started = false
        var rearmed = false
        var stopped = false
    }

    public let sensor: SensorLoop
    private let commits: CommitLoop
    /// Tries of what is parked made since `stop` began (tests wait on it).
    var exitTries: Int { commits.exitTries.load(ordering: .acquiring) }
    private let queue: SensorQueue
    private let activeRide: RideRow?
    private let options: Options
    private let statusPath: String
    private let lifecycle = Mutex(Lifecycle())
    /// Set once by `start` (under `lifecycle`), joined once by `stop`.
    private var sensorThread: SystemThread?
    private var commitThread: SystemThread?
    private let clock: @Sendable () -> UInt64
    private let realtimeMs: @Sendable () -> Int64
    private let emit: @Sendable (RecorderEvent) -> Void

    public init(store: RideStore, activeRide: RideRow?, source: ByteSource, barometer: BarometerSource?,
                options: Options = .init(), clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nowNs,
                realtimeMs: @escaping @Sendable () -> Int64 = WallClock.nowUTCms,
                emit: @escaping @Sendable (RecorderEvent) -> Void) throws(SystemError) {
        self.queue = SensorQueue(capacity: options.queueCapacity)
        self.sensor = try SensorLoop(source: source, barometer: barometer, queue: queue, options: options.sensor,
                                 clock: clock, emit: emit)
        let status = StatusPublisher(pid: getpid(), bootID: options.bootID,
                                     healthyIntervalS: options.statusIntervalS, alarmIntervalS: options.statusAlarmIntervalS,
                                     clock: clock, realtimeMs: realtimeMs, emit: emit)
        var commitOptions = options.commit
        commitOptions.rearm = options.rearm
        self.commits = CommitLoop(store: store, queue: queue, options: commitOptions, status: status, clock: clock,
                                  realtimeMs: realtimeMs, emit: emit)
        // The log says each set-up again in words (`GNSSReceiver.onReport`); the status file keeps the latest.
        sensor.onReceiverSetupAgain = { again in status.note { $0.receiverSetupAgain = again } }
        self.activeRide = activeRide
        self.options = options
        self.statusPath = options.statusFilePath ?? RecorderStatusFile.path(forDatabase: store.path)
        self.clock = clock
        self.realtimeMs = realtimeMs
        self.emit = emit
    }

    /// Starts the sensor thread, re-arms the active ride (its restart gap committed), then the commit thread.
    /// Throws when the system has no thread left for them (nothing then runs: `stop` has nothing to do).
    public func start() throws(SystemError) {
        try lifecycle.withLock { s throws(SystemError) in
            guard !s.started else { return }
            // A file-size limit must reach the commit as an error to park on, not kill the logger.
            signal(SIGXFSZ, SIG_IGN)
            let sensor = self.sensor
            sensorThread = try SystemThread(name: "roam-sensor") { sensor.run() }
            s.started = true
            // What the last recorder could not commit before it exited is in its status file, which
            // this one is about to take over: read first, recorded in the ride it re-arms (P2).
            let last = options.writesStatusFile ? lastRecorderStatus() : nil
            openStatusFile()
            rearmLocked(&s, lastExit: last)
            let commits = self.commits
            do throws(SystemError) { commitThread = try SystemThread(name: "roam-commit") { commits.run() } } catch {
                // What the sensor read meanwhile is committed here, as the commit thread's exit would (P3).
                s.stopped = true
                sensor.requestStop()
                sensorThread?.join()
                queue.close()
                commits.run()
                throw error
            }
        }
    }

    /// Re-arms the ride that was recording when the recorder last stopped. Idempotent (P7).
    public func rearm() {
        lifecycle.withLock { rearmLocked(&$0, lastExit: nil) }
    }

    /// `lastExit`: the last recorder's status. Its exit loss goes into the resumed ride's restart
    /// commit; with no ride to resume it is only said (a new ride did not lose it).
    private func rearmLocked(_ s: inout Lifecycle, lastExit: RecorderStatus?) {
        guard !s.rearmed else { return }
        let loss = lastExit.map { (epochs: $0.lostAtExitEpochs, presses: $0.lostAtExitPresses) }
        guard let activeRide else {
            if let loss { commits.carryLossFromLastExit(epochs: loss.epochs, presses: loss.presses, intoRide: false) }
            return
        }
        s.rearmed = true
        // The restart commit runs the whole commit path (the ride session, SQLite): about 80 KiB of stack
        // below this call on x86-64, which the main thread, start()'s caller, would keep resident for the
        // recorder's life. A thread's stack goes back to the kernel when it ends (glibc), so the commit runs
        // on a thread of its own, waited for: start() still returns with the restart gap committed (P7).
        do {
            let rearming = try SystemThread(name: "roam-rearm") { [self] in
                resumeOrClose(activeRide, loss: loss, lastExit: lastExit)
            }
            rearming.join()
        } catch {
            // No thread to spare: the commit runs here all the same; only its stack stays resident.
            resumeOrClose(activeRide, loss: loss, lastExit: lastExit)
        }
    }

    /// Resumes the ride found recording, its restart gap committed, or closes it (`RearmPolicy`).
    private func resumeOrClose(_ activeRide: RideRow, loss: (epochs: Int, presses: Int)?, lastExit: RecorderStatus?) {
        // Before `commits.rearm`: its restart commit is the one that records the loss.
        let carry = { (intoRide: Bool) in
            if let loss { self.commits.carryLossFromLastExit(epochs: loss.epochs, presses: loss.presses, intoRide: intoRide) }
        }
        let sameBootAgeS = RearmPolicy.sameBootAgeS(lastExit: lastExit, rideID: activeRide.id, bootID: options.bootID,
                                                    nowMonoNs: clock())
        switch options.rearm.decide(activeRide, nowUTCms: realtimeMs(), sameBootAgeS: sameBootAgeS) {
        case .resume:
            carry(true)
            commits.rearm(activeRide)
        case .close(let reason):
            do {
                try commits.close(activeRide, reason: reason)
                carry(false)
            } catch {
                // Storage refuses the close: resume instead, which loses nothing (the alarm follows if it keeps failing).
                emit(.commitFailed(error: "closing ride \(activeRide.id) at restart: \(StorageWords.of(error))", parkedEpochs: 0, retryInS: 0, unsaidTries: 0))
                carry(true)
                commits.rearm(activeRide)
            }
        }
    }

    /// The last recorder's status; a file that cannot be read is said, never taken for "nothing lost" (P3).
    private func lastRecorderStatus() -> RecorderStatus? {
        do { return try RecorderStatusFile.read(path: statusPath)?.status } catch {
            emit(.lastStatusUnread(error: error.description))
            return nil
        }
    }

    private func openStatusFile() {
        guard options.writesStatusFile else { return }
        do {
            commits.status.attach(try RecorderStatusFile(path: statusPath))
        } catch {
            emit(.statusFileFailed(error: error.description))
        }
    }

    /// A debounced button press, in order with the epochs.
    public func press(monoNs: UInt64? = nil) { queue.push(.press(monoNs: monoNs ?? clock())) }

    /// A long press, "new ride", in order with the epochs: the session ends the ride recording, if any, and starts the next.
    public func longPress(monoNs: UInt64? = nil) { queue.push(.longPress(monoNs: monoNs ?? clock())) }

    /// Stops reading, commits everything already read, and returns when both threads have ended
    /// and the store is closed.
    public func stop() {
        let running = lifecycle.withLock { s -> Bool in
            guard s.started, !s.stopped else { return false }
            s.stopped = true
            return true
        }
        guard running else { return }
        sensor.requestStop()
        sensorThread?.join()
        queue.close()
        commitThread?.join()
    }

    /// The recorder's status now: ride, alarm, parked and lost counts, last commit (any thread).
    public var status: RecorderStatus { commits.status.current }

    public var isRecording: Bool { status.rideID != nil }

    /// Epochs assembled by the sensor thread and not yet taken by the commit thread (nor skipped by
    /// the queue with no ride to record them).
    public var queuedEpochs: Int {
        sensor.epochsAssembled.load(ordering: .acquiring) - commits.epochsTaken.load(ordering: .acquiring)
            - queue.epochsSkippedIdle.load(ordering: .acquiring)
    }
}

import RoamSystem
import RoamCore
import RoamHardware
import RoamStore
import Synchronization

/// The commit thread (docs/DESIGN.md §3). Takes what arrived within one commit interval as one batch,
/// hands it to the ride session (`RideSession`: the lifecycle and its guards) and carries out
/// what it asks (`CommitLoop+Session`): commit the batch in one transaction (P1), start or stop a
/// ride, tell the world. A failed commit keeps the raw items parked, in order, raises the alarm and retries with backoff (P3). The session is pure and only the
/// committed state is kept, so a retried batch is processed again from that state and the stored
/// totals always match the stored fixes (P2). When storage comes back, the first batch that lands
/// records the outage (`alarm`, `recovered`, `lost` events) and the alarm goes down.
/// `@unchecked Sendable`: the session, the parked batches and the outage belong to the commit thread
/// (`run`); other threads read only the atomics (`epochsTaken`) and the status behind its lock.
public final class CommitLoop: @unchecked Sendable {
    public struct Options: Sendable {
        /// At least an hour at 10 Hz: beyond it the oldest parked epochs are dropped and counted.
        public var parkedEpochLimit = 40_000
        /// Parked epochs land, and are retried, in commits of at most this many, each decoded for its
        /// own commit: a retry costs the memory of one such commit, not of the whole parking space
        /// again (docs/BENCHMARKS.md, "An outage"). A fresh hand-over is far smaller.
        public var parkedEpochsPerCommit = 1_000
        /// The commit cadence (board.conf `commit_interval_s`): epochs arriving within this many
        /// seconds of the last hand-over wait and commit together, one transaction and one fdatasync
        /// (P1). 0 hands over whatever is queued at once (one epoch per batch in calm conditions).
        /// A press, a silent receiver and shutdown never wait for it (`SensorQueue`).
        public var commitIntervalS = 1.0
        public var retryInitialS = 0.25
        public var retryMaxS = 8.0
        public var parameters = PipelineParameters()
        /// A ride auto-paused or without a fix this long was forgotten (`AutoPause.stillForS`): it
        /// ends itself with a stop event saying why, so a bike left in the shed does not record all
        /// night. Long enough that no tunnel while riding reaches it.
        public var forgottenAfterS = 4 * 3600.0
        /// From this long auto-paused or without a fix on, the LED shows the forgotten-ride pattern, so a rider who
        /// walks past the bike sees it before the ride ends itself.
        public var forgottenWarnAfterS = 3600.0
        public var lowStorage = LowStorageRule()
        /// At exit, parked items are retried this long (storage may come back: a reader's lock let go,
        /// space freed) before what is left is named and handed to the next recorder. Well under
        /// systemd's stop timeout (90 s by default).
        public var exitRetryS = 15.0
        /// The recorder's re-arm policy (`Recorder` passes its own): a resumed ride is checked
        /// again by GNSS time at the first fix after the restart.
        public var rearm = RearmPolicy()
        public init() {}
    }

    struct Outage {
        var sinceNs: UInt64
        var firstError: String
        var failures = 0
        /// Which failed retries the log says: not every one (`RefusedRetryLines`).
        var lines = RefusedRetryLines()
    }

    let store: RideStore
    private let queue: SensorQueue
    let options: Options
    let clock: @Sendable () -> UInt64
    let realtimeMs: @Sendable () -> Int64
    let emit: @Sendable (RecorderEvent) -> Void
    let status: StatusPublisher
    /// Epochs taken from the queue (or counted lost in it) so far: with the sensor loop's
    /// `epochsAssembled`, how far the commit thread is behind (the bench replay paces itself on it).
    let epochsTaken = Atomic<Int>(0)
    /// Tries of the parked items made while the recorder exits (`settleParkedBeforeExit`): what a test
    /// waits on to bring storage back during those retries, not before them.
    let exitTries = Atomic<Int>(0)

    /// The ride lifecycle as last committed (`RideSession`): handled on a copy, kept when the store agreed.
    var session: RideSession
    /// Raw items not yet committed, oldest first: the parking space, packed while it waits.
    var parked = ParkedItems()
    var parkedEpochs: Int { parked.epochs }
    /// Hand-overs from the queue among `parked` (one per `takeBatch` that brought epochs).
    private var parkedBatches = 0
    /// Epochs dropped and not yet recorded as a `lost` event.
    var lostEpochs = 0
    var outage: Outage?
    private var alarm: Alarm?
    private var retryDelayS: Double
    var nextRetryNs: UInt64 = 0
    /// What the last recorder could not commit before it exited, until a ride's commit records it.
    var lossFromLastExit: ExitLoss?
    var storage: StorageWatch

    init(store: RideStore, queue: SensorQueue, options: Options, status: StatusPublisher,
         clock: @escaping @Sendable () -> UInt64, realtimeMs: @escaping @Sendable () -> Int64,
         emit: @escaping @Sendable (RecorderEvent) -> Void) {
        self.store = store; self.queue = queue; self.options = options; self.status = status
        self.clock = clock; self.realtimeMs = realtimeMs; self.emit = emit
        self.retryDelayS = options.retryInitialS
        self.storage = StorageWatch(rule: options.lowStorage)
        self.session = RideSession(rules: options.sessionRules)
    }

    /// Runs until the queue is closed and drained.
    public func run() {
        // On the monotonic clock the queue waits on, never the injectable one (tests may stop it).
        let intervalNs = UInt64(max(0, options.commitIntervalS) * 1e9)
        var nextHandOverNs: UInt64 = 0
        while true {
            if storage.isDue(nowNs: clock()) { checkStorage() }
            // Idle (no ride, nothing parked): epochs would not be recorded, so the queue need not hand them over.
            let idle = session.isIdle && parked.isEmpty
            guard let (items, lost) = queue.takeBatch(notBeforeNs: nextHandOverNs, timeoutNs: timeUntilDueNs(intervalNs),
                                                      consumerIdle: idle) else { break }
            if !items.isEmpty || lost > 0 { nextHandOverNs = MonotonicClock.nowNs() + intervalNs }
            let epochs = items.reduce(0) { $0 + ($1.isEpoch ? 1 : 0) }
            epochsTaken.add(epochs + lost, ordering: .releasing)
            noteLost(lost)
            park(items, epochs: epochs)
            if !parked.isEmpty && clock() >= nextRetryNs { commitParked() }
            // After the first commit (its frame), once: later commits write in place (RideStore.makeWALRoomOnce).
            store.makeWALRoomOnce()
            status.flush()
        }
        settleParkedBeforeExit()
        status.detach()
        // Closed here, on the thread that owns it, so `Recorder.stop()` returns with the WAL
        // checkpointed rather than whenever the last reference to the store happens to go.
        store.close()
    }

    /// How long the queue may keep this thread asleep: until the next thing due on its own (the
    /// retry of parked batches, the storage check, a status change held back by its interval),
    /// whichever is first. Nothing else needs it: batches, presses and shutdown come through the queue.
    /// A held-back status change and the storage check may wait one commit interval more: while
    /// riding, the next batch's wake does them (`status.flush()` after each take, the check at the
    /// top of the loop), so they cost no wake-up of their own.
    private func timeUntilDueNs(_ commitIntervalNs: UInt64) -> UInt64 {
        let now = clock()
        var due = storage.nextCheckDueNs &+ commitIntervalNs
        if !parked.isEmpty { due = min(due, nextRetryNs) }
        if let flush = status.nextFlushDueNs { due = min(due, flush &+ commitIntervalNs) }
        return due > now ? due - now : 0
    }

    private func park(_ items: [SensorItem], epochs: Int) {
        guard !items.isEmpty else { return }
        parked.append(contentsOf: items)
        if epochs > 0 { parkedBatches += 1 }
        // Drop the oldest epochs, never a press or a gap marker, and count them (P3).
        noteLost(parked.dropOldestEpochs(parkedEpochs - options.parkedEpochLimit))
        if outage != nil {
            parked.pack()  // the retry is not due yet, or storage refuses it: they wait
            status.update { [parkedEpochs, parkedBatches] s in s.parkedEpochs = parkedEpochs; s.parkedBatches = parkedBatches }
        }
    }

    private func noteLost(_ count: Int) {
        guard count > 0 else { return }
        lostEpochs += count
        var raised: Alarm?
        if alarm == nil {
            alarm = Alarm(cause: .fixesLost, sinceMonoNs: clock(), sinceUTCms: realtimeMs(),
                          detail: "\(Plural.count(count, "fix", "fixes")) dropped: the memory that holds them until storage takes them was full")
            raised = alarm
        }
        status.update(urgent: raised != nil) { [alarm, lostEpochs] s in
            s.alarm = alarm; s.lostEpochsPending = lostEpochs; s.lostEpochsTotal += count
        }
        if let raised { emit(.alarmRaised(raised)) }
    }

    /// Commits parked items in order: runs between presses become batches, presses start or stop rides.
    func commitParked() {
        var index = 0
        // Only batches held back by a failed commit count as parked; a normal hand-over is not.
        var landedBatches = outage != nil ? parkedBatches : 0
        // When the attempt that fails began: a commit refused by another writer's lock fails only
        // after the busy timeout (5 s), and the fixes waited from its start, not from its failure.
        var attemptNs = clock()
        while index < parked.count {
            var end = index
            while end < parked.count, !parked.isPress(at: end) { end += 1 }
            do {
                if end > index {
                    while index < end {
                        let landing = parked.end(from: index, before: end, epochs: max(1, options.parkedEpochsPerCommit))
                        attemptNs = clock()
                        try commitBatch(parked.items(index..<landing), parkedBatches: landedBatches)
                        landedBatches = 0
                        index = landing  // committed: a failing commit or stop below must not park it again
                    }
                    attemptNs = clock()
                    try run { .batchSettled(nowNs: self.clock()) }
                }
                index = end
                if end < parked.count, let press = parked[end].pressEvent {
                    attemptNs = clock()
                    try run { press }
                    index = end + 1
                }
            } catch {
                parked.removeFirst(index)
                parked.pack()
                fail(error, attemptStartedNs: attemptNs)
                return
            }
        }
        let landed = parkedEpochs
        parked.removeAll()
        parkedBatches = 0
        retryDelayS = options.retryInitialS
        guard let cleared = alarm, lostEpochs == 0 else { return }
        alarm = nil
        status.update(urgent: true) { s in
            s.alarm = nil; s.parkedEpochs = 0; s.parkedBatches = 0; s.lostEpochsPending = 0; s.lastError = nil
        }
        emit(.alarmCleared(cleared, landedEpochs: landed))
    }

    private func fail(_ error: any Error, attemptStartedNs: UInt64) {
        let now = clock()
        let text = StorageWords.of(error)
        let since = min(attemptStartedNs, now)
        if outage == nil { outage = Outage(sinceNs: since, firstError: text) }
        outage?.failures += 1
        nextRetryNs = now + UInt64(retryDelayS * 1e9)
        var raised: Alarm?
        if alarm?.cause != .storageFailing {
            let sinceUTCms = realtimeMs() - Int64((now - since) / 1_000_000)
            alarm = Alarm(cause: .storageFailing, sinceMonoNs: since, sinceUTCms: sinceUTCms, detail: text)
            raised = alarm
        }
        status.update(urgent: raised != nil) { [alarm, parkedEpochs, parkedBatches] s in
            s.alarm = alarm; s.parkedEpochs = parkedEpochs; s.parkedBatches = parkedBatches; s.lastError = text
        }
        if let raised { emit(.alarmRaised(raised)) }
        if outage?.lines.says(text, nowNs: now) ?? true {
            emit(.commitFailed(error: text, parkedEpochs: parkedEpochs, retryInS: retryDelayS, unsaidTries: outage?.lines.unsaid ?? 0))
            outage?.lines.said()
        }
        retryDelayS = min(retryDelayS * 2, options.retryMaxS)
    }
}

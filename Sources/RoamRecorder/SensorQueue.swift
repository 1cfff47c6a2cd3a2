import RoamSystem
import RoamCore
import RoamHardware
import Synchronization

/// The bounded hand-over from the sensor thread to the commit thread (docs/DESIGN.md §3).
/// The sensor side never waits: when `capacity` epochs are queued the next epoch is counted as
/// lost (P3), and the commit thread records the count as an event once it can write again.
/// Control items (a press, the receiver silent or back, a restart) do not count against the
/// capacity and are never dropped: the rider's stop must land even while the queue is full. They
/// come one per press or per silence (seconds apart), so the room they take stays small.
///
/// The commit cadence lives here: the commit thread asks for a batch no earlier than a moment it
/// names (the last hand-over plus the commit interval), so at 10 Hz one transaction holds about a
/// second of epochs. Some items cannot wait for that moment and hand over at once with everything
/// queued before them: a press (stop, long press: the rider's word lands now), the receiver going
/// silent (no more epochs are coming to fill the batch), the queue half full (the cadence must
/// never make the queue drop an epoch), and `close` (shutdown: everything read is committed).
///
/// Every wait runs on the monotonic clock (`MonotonicCondition`): its deadlines are what bring the
/// next batch and the retry of parked batches (P3), and a wall clock set back mid-wait must not
/// postpone either by the size of the jump. A push wakes the consumer only when that changes what
/// it waits for (an item that hands over at once, closing, or the first item once the consumer's
/// moment has come): until its moment the consumer sleeps on its own deadline, so at 1 Hz and at
/// 10 Hz the commit thread wakes once per batch, not once per epoch nor once for the batch's first
/// epoch and again for its moment. The signal is sent after the lock is released, so the woken
/// thread does not go back to sleep on the lock the pusher still holds.
///
/// With no ride recording, epochs are not recorded (`RideSession`), so handing them over would only
/// wake the commit thread once per epoch for nothing. The consumer says at each take whether it is
/// idle (no ride, nothing parked); from then until a press is queued, an epoch pushed is counted in
/// `epochsSkippedIdle` and not queued. A press queued before an epoch keeps that epoch (the press may
/// start a ride), and taking a press ends the idle state until the consumer declares it again.
///
/// The sensor thread does not wake for an epoch's quiet time (`SensorLoop`): the next epoch's bytes
/// settle it. So a press can come while the sensor holds an epoch already complete before it. Such a
/// press is held (`heldPressTicket`) and wakes the sensor thread, which settles that epoch in front of
/// it (`pushSettled`) and acknowledges: at once, or at most the epoch's quiet time later for a press
/// just after its last byte (the line then says whether it was over); a press held longer than
/// `pressHoldLimitNs` (a sensor thread busy elsewhere) hands over anyway. A press while the sensor holds no bytes is not held.
/// `@unchecked Sendable`: every mutable field is read and written only with `condition` locked.
public final class SensorQueue: @unchecked Sendable {
    private let condition = MonotonicCondition()
    private var items: [SensorItem] = []
    /// Epochs among `items` (what `capacity` bounds).
    private var queuedEpochs = 0
    private var lostEpochs = 0
    private var closed = false
    /// An item that hands over at once is queued (see the type's comment).
    private var urgent = false
    /// The `notBeforeNs` of the consumer's current or last wait: a non-urgent push before it
    /// wakes nobody, the consumer's own deadline brings it.
    private var consumerNotBeforeNs: UInt64 = 0
    /// The consumer's word at its last take: no ride and nothing parked (see the type's comment).
    private var consumerIdle = false
    /// Presses among `items`: while one is queued, epochs are queued behind it whatever the consumer said.
    private var queuedPresses = 0
    /// Epochs not queued because nobody would record them: with `epochsAssembled` and the commit
    /// thread's `epochsTaken`, how far the commit thread is behind.
    public let epochsSkippedIdle = Atomic<Int>(0)
    /// Called after a press is queued: the sensor thread may hold an epoch complete before it.
    private var pressWake: (@Sendable () -> Void)?
    /// The sensor thread's word: it holds bytes of an epoch it has not settled yet.
    public let sensorHoldsEpoch = Atomic<Bool>(false)
    /// How often the consumer has gone to sleep in `takeBatch` (counted with `condition` locked, just
    /// before it waits): what a test waits on to know a push finds the consumer asleep.
    public let consumerWaits = Atomic<Int>(0)
    /// The ticket of the last press held for the sensor thread (0: none yet); it acknowledges with it.
    public let heldPressTicket = Atomic<Int>(0)
    private var pressTickets = 0
    /// Index in `items` of the first press held, and when it was held.
    private var heldAt: Int?
    private var heldSinceNs: UInt64 = 0
    /// A held press hands over after this long without the sensor thread's acknowledgement.
    public let pressHoldLimitNs: UInt64
    public let capacity: Int

    public init(capacity: Int, pressHoldLimitNs: UInt64 = 2_000_000_000) {
        self.capacity = capacity; self.pressHoldLimitNs = pressHoldLimitNs
    }

    /// Never blocks. Returns false when an epoch was dropped because `capacity` epochs are queued;
    /// a control item is always queued.
    @discardableResult
    public func push(_ item: SensorItem) -> Bool {
        condition.lock()
        let (kept, wake) = enqueue(item)
        let wakeSensor = item.isPress ? pressWake : nil
        condition.unlock()
        if wake { condition.signal() }
        wakeSensor?()
        return kept
    }

    /// With `condition` locked: queues `item` (or skips or drops it, see the type's comment). Returns
    /// whether it was not dropped, and whether the consumer must be woken.
    private func enqueue(_ item: SensorItem) -> (kept: Bool, wake: Bool) {
        if item.isEpoch && consumerIdle && queuedPresses == 0 {
            epochsSkippedIdle.add(1, ordering: .releasing)
            return (true, false)
        }
        // A press held now: the consumer, maybe asleep until its own next deadline, must wake to add
        // the hold's limit to it, or a sensor thread busy elsewhere (configuring the receiver, say)
        // would hold the press until that deadline rather than for `pressHoldLimitNs`.
        var newlyHeld = false
        if item.isPress {
            queuedPresses += 1
            pressTickets += 1
            // Behind a held press every press waits too: they keep their order.
            if heldAt != nil || sensorHoldsEpoch.load(ordering: .acquiring) {
                if heldAt == nil { heldAt = items.count; heldSinceNs = MonotonicClock.nowNs(); newlyHeld = true }
                heldPressTicket.store(pressTickets, ordering: .releasing)
            }
        }
        let wasPending = !items.isEmpty || lostEpochs > 0, wasUrgent = urgent
        let isEpoch = item.isEpoch, dropped = isEpoch && queuedEpochs >= capacity
        if dropped {
            lostEpochs += 1
            urgent = true
        } else {
            items.append(item)
            if isEpoch { queuedEpochs += 1 }
            if item.handsOverAtOnce || queuedEpochs * 2 >= capacity { urgent = true }
        }
        // While a press is held the consumer waits for the acknowledgement, which wakes it, or for the limit.
        let wake = newlyHeld || heldAt == nil && ((urgent && !wasUrgent) || (!wasPending && MonotonicClock.nowNs() >= consumerNotBeforeNs))
        return (!dropped, wake)
    }

    /// Waits until something is queued (or the queue is closed), then takes everything: one batch.
    /// Returns nil once closed and empty. `timeout` lets the caller retry parked batches meanwhile.
    public func takeAll(timeout: Double) -> (items: [SensorItem], lostEpochs: Int)? {
        takeBatch(notBeforeNs: 0, timeout: timeout)
    }

    public func takeBatch(notBeforeNs: UInt64, timeout: Double) -> (items: [SensorItem], lostEpochs: Int)? {
        takeBatch(notBeforeNs: notBeforeNs, timeoutNs: UInt64(max(0, timeout) * 1e9))
    }

    /// Like `takeAll`, but items queued before `notBeforeNs` (a `MonotonicClock.nowNs()` reading)
    /// wait for it unless one of them hands over at once. Returns an empty hand-over when `timeoutNs`
    /// passes first (what is queued stays queued; nil: no limit); nil once closed and empty.
    /// `consumerIdle`: the consumer records nothing now (no ride, nothing parked), so epochs pushed
    /// from now until a press is queued need not be handed over (see the type's comment).
    public func takeBatch(notBeforeNs: UInt64, timeoutNs: UInt64?,
                          consumerIdle idle: Bool = false) -> (items: [SensorItem], lostEpochs: Int)? {
        condition.lock(); defer { condition.unlock() }
        consumerIdle = idle
        let start = MonotonicClock.nowNs()
        let deadline = timeoutNs.map { start &+ $0 < start ? UInt64.max : start + $0 } ?? UInt64.max
        while !closed {
            let now = MonotonicClock.nowNs()
            if heldAt != nil && now >= heldSinceNs &+ pressHoldLimitNs { releaseHeldPresses() }
            let pending = !items.isEmpty || lostEpochs > 0
            if pending && heldAt == nil && (urgent || now >= notBeforeNs) { break }
            if now >= deadline { return ([], 0) }
            // Before its moment the consumer sleeps until then, queued items or not (a push does not wake it).
            var until = now < notBeforeNs ? min(deadline, notBeforeNs) : deadline
            if heldAt != nil { until = min(until, heldSinceNs &+ pressHoldLimitNs) }
            consumerNotBeforeNs = notBeforeNs
            consumerWaits.add(1, ordering: .releasing)
            if until == UInt64.max { condition.wait() } else { condition.wait(untilNs: until) }
        }
        if items.isEmpty && lostEpochs == 0 && closed { return nil }
        // Closed: the sensor thread has stopped and settled what it held.
        heldAt = nil
        let taken = items, lost = lostEpochs
        // A press taken may start a ride: epochs are wanted until the consumer says otherwise.
        if queuedPresses > 0 { consumerIdle = false }
        queuedPresses = 0
        items.removeAll(keepingCapacity: true)
        queuedEpochs = 0
        lostEpochs = 0
        urgent = false
        return (taken, lost)
    }

    /// Epochs the sensor thread settled after a wait (their quiet time passed before it looked): complete
    /// before any press held meanwhile, so they go in front of it, or are skipped when nobody recorded
    /// before that press. Without a held press, as `push`. False when one was dropped (queue full).
    @discardableResult
    public func pushSettled(_ settled: [SensorItem]) -> Bool {
        condition.lock()
        var kept = true, wake = false
        for item in settled {
            guard let at = heldAt else {
                let queued = enqueue(item)
                kept = kept && queued.kept; wake = wake || queued.wake
                continue
            }
            if item.isEpoch && consumerIdle && !items[..<at].contains(where: { $0.isPress }) {
                epochsSkippedIdle.add(1, ordering: .releasing)
            } else if item.isEpoch && queuedEpochs >= capacity {
                lostEpochs += 1; kept = false
            } else {
                items.insert(item, at: at)
                heldAt = at + 1
                if item.isEpoch { queuedEpochs += 1 }
            }
        }
        condition.unlock()
        if wake { condition.signal() }
        return kept
    }

    /// The sensor thread has settled what it held when it read `ticket` from `heldPressTicket`: the
    /// presses held up to that ticket hand over now (a later one waits for its own acknowledgement).
    public func acknowledgeHeldPresses(through ticket: Int) {
        condition.lock()
        let release = heldAt != nil && ticket >= heldPressTicket.load(ordering: .acquiring)
        if release { releaseHeldPresses() }
        condition.unlock()
        if release { condition.signal() }
    }

    /// With `condition` locked.
    private func releaseHeldPresses() {
        heldAt = nil
        urgent = true
    }

    /// Whether an epoch pushed now would be queued: false while the consumer is idle and no press is
    /// queued. The sensor thread reads the barometer only for epochs somebody records.
    public var wantsEpochs: Bool {
        condition.lock(); defer { condition.unlock() }
        return !consumerIdle || queuedPresses > 0
    }

    /// `wake` runs after every press is queued (the sensor thread's wake pipe).
    public func wakeOnPress(_ wake: @escaping @Sendable () -> Void) {
        condition.lock(); pressWake = wake; condition.unlock()
    }

    /// No more items will be pushed; the consumer drains what is left at once and stops.
    public func close() {
        condition.lock(); closed = true; condition.signal(); condition.unlock()
    }
}

extension SensorItem {
    /// Items after which no epoch should wait for the cadence (see `SensorQueue`).
    var handsOverAtOnce: Bool {
        switch self {
        case .press, .longPress, .batched(.receiverSilent), .batched(.receiverSetUpAgain), .batched(.restarted): return true
        case .batched(.epoch), .batched(.receiverBack), .batched(.barometerMissing), .batched(.barometerBack): return false
        }
    }
}

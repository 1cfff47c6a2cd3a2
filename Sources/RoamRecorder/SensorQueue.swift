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
    /// Called after a press is queued: the sensor thread's wait may be one that skips the quiet time.
    private var pressWake: (@Sendable () -> Void)?
    public let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    /// Never blocks. Returns false when an epoch was dropped because `capacity` epochs are queued;
    /// a control item is always queued.
    @discardableResult
    public func push(_ item: SensorItem) -> Bool {
        condition.lock()
        if item.isEpoch && consumerIdle && queuedPresses == 0 {
            condition.unlock()
            epochsSkippedIdle.add(1, ordering: .releasing)
            return true
        }
        let wakeSensor = item.isPress ? pressWake : nil
        if item.isPress { queuedPresses += 1 }
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
        let wake = (urgent && !wasUrgent) || (!wasPending && MonotonicClock.nowNs() >= consumerNotBeforeNs)
        condition.unlock()
        if wake { condition.signal() }
        wakeSensor?()
        return !dropped
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
            let pending = !items.isEmpty || lostEpochs > 0
            let now = MonotonicClock.nowNs()
            if pending && (urgent || now >= notBeforeNs) { break }
            if now >= deadline { return ([], 0) }
            // Before its moment the consumer sleeps until then, queued items or not (a push does not wake it).
            let until = now < notBeforeNs ? min(deadline, notBeforeNs) : deadline
            consumerNotBeforeNs = notBeforeNs
            if until == UInt64.max { condition.wait() } else { condition.wait(untilNs: until) }
        }
        if items.isEmpty && lostEpochs == 0 && closed { return nil }
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

    /// Whether an epoch pushed now would be handed over: false while the consumer is idle and no
    /// press is queued. The sensor thread then does not wake for an epoch's quiet time: it settles
    /// the epoch at its next wake (nobody is waiting for it), and a press wakes it (`wakeOnPress`).
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
        case .press, .batched(.receiverSilent), .batched(.restarted): return true
        case .batched(.epoch), .batched(.receiverBack): return false
        }
    }
}

import RoamSystem
import Foundation
import Synchronization
import Testing


/// `MonotonicCondition`: timed waits whose deadline is a CLOCK_MONOTONIC reading, so setting the
/// wall clock cannot move it. Nothing here times anything: a wait either reached its deadline or
/// was woken, and the tests say which.
@Suite struct MonotonicConditionTests {
    @Test("A timed wait returns once the monotonic clock has passed its deadline, not before")
    func timedWaitEndsAfterItsMonotonicDeadline() {
        let condition = MonotonicCondition()
        let deadline = MonotonicClock.nowNs() + 20_000_000
        condition.lock()
        var woken = 0
        // True means woken early (spuriously: nobody signals here); only the deadline ends the loop.
        while condition.wait(untilNs: deadline) { woken += 1 }
        condition.unlock()
        // Read as a CLOCK_REALTIME instant, this deadline (uptime in ns) lies in 1970 and the wait
        // would have returned at once, before the monotonic clock got there.
        #expect(MonotonicClock.nowNs() >= deadline, "returned before its deadline after \(woken) early wakes")
    }

    @Test("A deadline already passed returns at once as timed out")
    func pastDeadlineTimesOut() {
        let condition = MonotonicCondition()
        let timedOut = condition.withLock { !condition.wait(untilNs: MonotonicClock.nowNs() - 1) }
        #expect(timedOut)
        #expect(condition.withLock { !condition.wait(timeoutNs: 0) })
    }

    @Test("A signal wakes a waiter long before its deadline", arguments: [false, true])
    func signalWakesTheWaiter(broadcast: Bool) {
        let condition = MonotonicCondition()
        let state = WaiterState()
        let finished = DispatchSemaphore(value: 0)
        // The deadline is a failure bound: if the signal is lost, the waiter times out and says so.
        let deadline = MonotonicClock.nowNs() + 60_000_000_000
        let waiter = Thread {
            condition.lock()
            state.waiting = true
            while !state.released {
                if !condition.wait(untilNs: deadline) { state.timedOut = true; break }
            }
            condition.unlock()
            finished.signal()
        }
        waiter.start()
        // The waiter set `waiting` under the lock and releases it only inside the wait, so once we
        // hold the lock and see it set, the waiter is blocked in pthread_cond_timedwait.
        while !condition.withLock({ state.waiting }) { sched_yield() }
        condition.withLock {
            state.released = true
            if broadcast { condition.broadcast() } else { condition.signal() }
        }
        finished.wait()
        let (timedOut, released) = condition.withLock { (state.timedOut, state.released) }
        #expect(!timedOut, "the waiter reached its deadline: the signal did not wake it")
        #expect(released)
    }

    @Test("wait(timeoutNs:) saturates instead of wrapping around to a deadline in the past")
    func hugeTimeoutDoesNotWrap() {
        let condition = MonotonicCondition()
        let state = WaiterState()
        let finished = DispatchSemaphore(value: 0)
        let waiter = Thread {
            condition.lock()
            state.waiting = true
            // A wrapped deadline would be in the past: the wait would return false at once.
            while !state.released { if !condition.wait(timeoutNs: .max) { state.timedOut = true; break } }
            condition.unlock()
            finished.signal()
        }
        waiter.start()
        while !condition.withLock({ state.waiting }) { sched_yield() }
        condition.withLock { state.released = true; condition.signal() }
        finished.wait()
        #expect(!condition.withLock { state.timedOut }, "a deadline wrapped into the past times out at once")
    }
}

/// What the waiter thread and the test share, always under the condition's lock.
private final class WaiterState: @unchecked Sendable {
    var waiting = false
    var released = false
    var timedOut = false
}

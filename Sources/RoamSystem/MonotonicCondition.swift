import Glibc

/// A lock with a condition variable whose timed waits run on CLOCK_MONOTONIC.
///
/// `NSCondition.wait(until:)` and Dispatch's timed semaphore waits hand the kernel an absolute
/// CLOCK_REALTIME deadline (pthread_cond_timedwait's default clock, sem_timedwait). A Pi has no
/// RTC: its wall clock is set while threads wait (fake-hwclock, NTP, GNSS time), and a jump back
/// by a day moves such a deadline a day away, so a thread that should wake for a retry or an LED
/// step sleeps on. Here the condition variable is made with `pthread_condattr_setclock(CLOCK_MONOTONIC)`:
/// a deadline is a reading of `MonotonicClock.nowNs()`, which nothing can set.
///
/// The pthread objects have their own allocations because they must never move once initialised,
/// and Swift promises no fixed address for stored properties. `@unchecked Sendable`: its only state
/// is that mutex and condition, made to be shared between threads, behind pointers that never change.
public final class MonotonicCondition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        // These fail only for invalid attributes or clocks (a programmer error, never the field's).
        let mutexResult = pthread_mutex_init(mutex, nil)
        precondition(mutexResult == 0, "pthread_mutex_init: \(mutexResult)")
        var attributes = pthread_condattr_t()
        withUnsafeMutablePointer(to: &attributes) { attr in
            precondition(pthread_condattr_init(attr) == 0, "pthread_condattr_init")
            let clockResult = pthread_condattr_setclock(attr, CLOCK_MONOTONIC)
            precondition(clockResult == 0, "pthread_condattr_setclock(CLOCK_MONOTONIC): \(clockResult)")
            let condResult = pthread_cond_init(condition, attr)
            precondition(condResult == 0, "pthread_cond_init: \(condResult)")
            pthread_condattr_destroy(attr)
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock(); defer { unlock() }
        return try body()
    }

    /// Wakes one waiter. Call with the lock held, after changing what the waiter tests.
    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits for a signal with no deadline. Call with the lock held; returns with it held.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for a signal or until the monotonic clock reads `deadlineNs` (a `MonotonicClock.nowNs()`
    /// reading). Call with the lock held; returns with it held. Returns false once the deadline has
    /// passed, true when woken before it (by a signal, or spuriously: callers loop on their condition).
    @discardableResult
    public func wait(untilNs deadlineNs: UInt64) -> Bool {
        var deadline = timespec(tv_sec: Int(deadlineNs / 1_000_000_000), tv_nsec: Int(deadlineNs % 1_000_000_000))
        let result = pthread_cond_timedwait(condition, mutex, &deadline)
        // pthread_cond_timedwait returns its error number; EINVAL would mean a bad timespec (ours).
        precondition(result == 0 || result == ETIMEDOUT, "pthread_cond_timedwait: \(result)")
        return result == 0
    }

    /// `wait(untilNs:)` with the deadline `timeoutNs` from now on the monotonic clock.
    @discardableResult
    public func wait(timeoutNs: UInt64) -> Bool {
        let now = MonotonicClock.nowNs()
        return wait(untilNs: now &+ timeoutNs < now ? UInt64.max : now + timeoutNs)
    }
}

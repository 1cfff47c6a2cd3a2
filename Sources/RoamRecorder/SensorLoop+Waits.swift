import RoamSystem

extension SensorLoop {
    /// Sleeps `ms` unless a stop is requested first; returns true when stopping. On the monotonic
    /// clock: a timed Dispatch semaphore wait has a CLOCK_REALTIME deadline, and a wall clock set
    /// back mid-backoff would postpone the receiver's reopen by the size of the jump.
    func waitForStop(ms: UInt64) -> Bool {
        let deadline = MonotonicClock.nowNs() + ms * 1_000_000
        return stopSignal.withLock {
            while !isStopping { if !stopSignal.wait(untilNs: deadline) { break } }
            return isStopping
        }
    }
}

extension SensorLoop {
    /// The sensor thread's times (docs/DESIGN.md §3).
    public struct Options: Sendable {
        /// A 1 Hz receiver sends its burst then stays quiet; after this much quiet the epoch is complete.
        /// A press just after an epoch's last byte waits at most this long for the line to say it was over.
        public var epochQuietMs: UInt64 = 300
        /// The thread does not wake for that quiet time: the next epoch's bytes close the epoch. With
        /// no bytes this long after the last, it wakes to settle it (the last epoch before a stop). Above
        /// a 1 Hz receiver's second between bursts, below `silentAfterMs`.
        public var epochSettleMs: UInt64 = 1500
        /// No bytes at all for this long: the receiver is silent (a gap, P5).
        public var silentAfterMs: UInt64 = 3000
        /// The longest single wait for bytes from a source that cannot be polled (a test double):
        /// how soon it notices a stop request. Pollable sources (`PollableSource`) wait without it.
        public var readTimeoutMs: Int32 = 250
        public var barometerRetryMs: UInt64 = 2000
        /// Backoff between attempts to reopen a receiver that failed: doubles up to the maximum.
        public var reopenInitialMs: UInt64 = 500
        public var reopenMaxMs: UInt64 = 8000
        public init() {}
    }
}

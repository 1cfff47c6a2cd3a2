/// When the receiver sets its module up again, and how it backs off (`GNSSReceiver.watch`).
extension GNSSReceiver {
    public struct Watch: Sendable {
        /// Bytes resuming after this much quiet: the module may have been power-cycled.
        public var silenceMs: UInt64 = 3000
        /// Bytes without one valid sentence for this long: a wrong baud.
        public var junkMs: UInt64 = 4000
        /// After a configuration that found nothing, wait this long before the next (doubling, at most `retryMaxMs`).
        public var retryMs: UInt64 = 30_000
        /// After one that found the module but left it unconfigured (a command unanswered or refused, a
        /// baud switch it missed), the same wait, doubling, while it keeps talking: else it runs at its
        /// own baud and rate for the rest of the ride (`ReceiverUnconfiguredRetry`).
        public var unconfiguredRetryMs: UInt64 = 30_000
        /// Set-ups in a row that a module refused alike (the same commands, the same answers) before it is
        /// asked no more in this run (the first and two more: with the default waits, within 90 s).
        public var sameRefusalsToStop = 3
        /// The longest of those two waits (5 min): a module left unconfigured costs a set-up's seconds, not more.
        public var retryMaxMs: UInt64 = 300_000
        /// A configuration asked for by junk that mended nothing (found the module where it was,
        /// sending as it was: a marginal line, one good sentence now and then) backs off as one that
        /// found nothing, doubling while junk keeps coming; a line clean this long forgets the backoff.
        public var helpedAfterMs: UInt64 = 60_000
        /// A line silent past the sensor thread's deadline is set up again at once (a module power-cycled
        /// comes back at its factory settings; one that sends nothing until asked stays silent), then,
        /// while it stays silent, after this long, doubling up to `silenceRetryMaxMs`: a dead line
        /// costs a few wake-ups per set-up (`ReceiverLineIO`), not a timer. Two minutes: a silent line
        /// tried every minute, about 20 wake-ups a try, took issue 25's idle budget (0.3/s) whole.
        public var silenceRetryMs: UInt64 = 120_000
        public var silenceRetryMaxMs: UInt64 = 600_000
        /// Epochs slower than the rate set up, over this much UTC time: set up again (`ReceiverRateWatch`;
        /// a module that kept its baud through a reset sends at its factory 1 Hz), then, while they stay
        /// slow, after the silence's waits.
        public var lowerRateWindowMs: Int64 = 5000
        public init() {}
    }
}

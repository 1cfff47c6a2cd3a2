/// When a set-up that found the module but left it unconfigured runs again (a command unanswered or
/// refused, a baud switch missed: else it runs at its own baud and rate for the rest of the ride):
/// after `Watch.unconfiguredRetryMs`, doubling up to `retryMaxMs` while it stays so, at the next read
/// that brings bytes. A module that refused the same commands the same way at
/// `Watch.sameRefusalsToStop` set-ups in a row is not asked again in this run: a refusal (ACK-NAK,
/// PMTK001 flag other than 3) is its firmware's answer, not the line's, and asked again it answers alike.
/// What it sends is still recorded, and a set-up for another cause (junk, a silence, a slow rate:
/// a module that lost power) still runs.
struct ReceiverUnconfiguredRetry {
    private var waitMs: UInt64 = 0
    /// When the next may run (nil: none due).
    private var dueNs: UInt64?
    private var lastRefusal: [String]?
    private var sameRefusals = 0

    /// After each set-up, `unconfigured`: found, of a known family, and left unconfigured (not by a
    /// stop). Returns the sentence its report adds when the module is not asked again.
    mutating func setUpEnded(_ report: ReceiverSetupReport, unconfigured: Bool, at now: UInt64,
                             watch: GNSSReceiver.Watch) -> String? {
        let refusal = unconfigured && report.refused ? report.failures : nil
        sameRefusals = refusal == nil ? 0 : refusal == lastRefusal ? sameRefusals + 1 : 1
        lastRefusal = refusal
        guard unconfigured, sameRefusals < watch.sameRefusalsToStop else {
            (waitMs, dueNs) = (0, nil)
            return unconfigured ? "The same refusal at \(sameRefusals) set-ups in a row: not asked again in this run." : nil
        }
        waitMs = waitMs == 0 ? watch.unconfiguredRetryMs : min(waitMs * 2, watch.retryMaxMs)
        dueNs = now + waitMs * 1_000_000
        return nil
    }

    /// Whether the next set-up is due at `now` (a read that brought bytes).
    func isDue(at now: UInt64) -> Bool { dueNs.map { now >= $0 } ?? false }
}

import RoamCore

/// The barometer as the sensor thread samples it: once per epoch, re-probed with backoff after it
/// vanished (fixes meanwhile carry no sample: the barometer-missing flag, P6). A skipped
/// measurement (BMP280 0x80000: a chip reset and not yet converting) is no sample either: the
/// previous one again would be stored as this epoch's measured pressure (P4).
///
/// Each stretch without samples is said once, with its cause in words (`BarometerGapCause`), as a
/// sensor item ahead of the epoch it begins at, and its end likewise: the ride records where climb
/// went missing and why, not only the log (P5).
struct BarometerPoller {
    let barometer: BarometerSource?
    let retryMs: UInt64
    let emit: @Sendable (RecorderEvent) -> Void
    /// Why samples are missing, from the first epoch without one until the next sample.
    var missingCause: String?
    /// The last try threw, or the sensor was never set up: it is probed again at `nextProbeNs`, not before.
    var needsProbe = false
    var nextProbeNs: UInt64 = 0
    /// The stretch missing now holds only epochs heard during a receiver's set-up (`notSampled`):
    /// the barometer was fine, so the log was told nothing of it.
    private var setUpStretch = false
    /// What the rig said at start about a sensor whose probe failed there, until the first probe
    /// here: that probe says it again only when it found something else, or that the sensor answers.
    private var saidAtStart: String?

    /// A sensor never set up (its probe at start failed; the rig keeps it) is probed at the first
    /// epoch, before any sample: a sample could only say "not set up", the probe says why.
    init(barometer: BarometerSource?, retryMs: UInt64, emit: @escaping @Sendable (RecorderEvent) -> Void) {
        self.barometer = barometer; self.retryMs = retryMs; self.emit = emit
        needsProbe = barometer.map { !$0.isProbed } ?? false
        if needsProbe { saidAtStart = barometer?.probeFailure.map { "\($0)" } }
    }

    /// The sample for the epoch now, and the item that says the stretch without samples began or ended.
    mutating func sample(now: UInt64) -> (BarometerSample?, RideSessionItem?) {
        guard let barometer, !needsProbe || now >= nextProbeNs else { return (nil, nil) }
        do {
            if needsProbe { try barometer.reprobe(); needsProbe = false }
            guard let sample = try barometer.sample() else {
                return (nil, missing(BarometerGapCause.skipped, at: now))
            }
            guard missingCause != nil || saidAtStart != nil else { return (sample, nil) }
            // Back after a stretch the ride records, or after a start that only the log said.
            let item = missingCause.map { _ in RideSessionItem.barometerBack(monoNs: now) }
            missingCause = nil
            saidAtStart = nil
            if !setUpStretch { emit(.barometerBack) }
            setUpStretch = false
            return (sample, item)
        } catch {
            needsProbe = true
            nextProbeNs = now + retryMs * 1_000_000
            return (nil, missing(BarometerGapCause.words(for: error), at: now, log: "\(error)"))
        }
    }

    /// The item that begins a stretch, nil inside one: a re-probe that found the chip still
    /// converting keeps the cause it went missing for.
    private mutating func missing(_ cause: String, at now: UInt64, log: String? = nil) -> RideSessionItem? {
        if setUpStretch {
            // The sensor failing right after a set-up's epochs: the log says so; the ride's stretch,
            // begun for those epochs, goes on under its first cause until a sample comes back.
            (setUpStretch, missingCause) = (false, cause)
            emit(.barometerMissing(reason: log ?? cause))
            return nil
        }
        guard missingCause == nil else { return nil }
        missingCause = cause
        if log ?? cause != saidAtStart { emit(.barometerMissing(reason: log ?? cause)) }
        saidAtStart = nil
        return .barometerMissing(monoNs: now, cause: cause)
    }

    /// The item for epochs heard before `now`, while the receiver was being set up (`GNSSReceiver`
    /// hands them back afterwards): a sample read now is not theirs, so they carry none, as a missed
    /// sample is stored (flagged barometer-missing, P6), and the ride records why. Inside a stretch
    /// already missing they join it. The log says nothing: the barometer is fine.
    mutating func notSampled(heardBefore now: UInt64) -> RideSessionItem? {
        guard barometer != nil, !needsProbe, missingCause == nil else { return nil }
        (setUpStretch, missingCause) = (true, BarometerGapCause.heardDuringSetUp)
        return .barometerMissing(monoNs: now, cause: BarometerGapCause.heardDuringSetUp)
    }
}

import RoamCore

/// The barometer as the sensor thread samples it: once per epoch, re-probed with backoff after it
/// vanished (fixes meanwhile carry no sample: the barometer-missing flag, P6). A skipped
/// measurement (BMP280 0x80000: a chip reset and not yet converting) is no sample either: the
/// previous one again would be stored as this epoch's measured pressure (P4).
struct BarometerPoller {
    let barometer: BarometerSource?
    let retryMs: UInt64
    let emit: @Sendable (RecorderEvent) -> Void
    var missingSince: UInt64?
    var nextProbeNs: UInt64 = 0

    mutating func sample(now: UInt64) -> BarometerSample? {
        guard let barometer, missingSince == nil || now >= nextProbeNs else { return nil }
        do {
            if missingSince != nil { try barometer.reprobe() }
            let sample = try barometer.sample()
            if missingSince != nil { missingSince = nil; emit(.barometerBack) }
            return sample
        } catch {
            if missingSince == nil { missingSince = now; emit(.barometerMissing(reason: "\(error)")) }
            nextProbeNs = now + retryMs * 1_000_000
            return nil
        }
    }
}

/// Which epochs of a feed a fake module sends at its own rate. The bench paces the feed (the
/// simulated ride at the rate the module had when the ride started, or a test's own); a real module
/// computes a fix per navigation period, so a module at 1 Hz fed ten epochs a second sends the
/// first of each second and drops the nine between, as the same module reset mid-ride would.
/// An epoch opens with a sentence carrying a time (RMC, GGA, GST, ZDA, GNS; GLL's is its fifth
/// field) and goes out when it is the first in a new period of 1/rate s; the sentences without a
/// time (GSA, GSV, VTG) follow their epoch. A feed at or below the rate goes out whole.
/// With its line modelled (`sends(…, lineBaud:)`), bytes take time on the wire, 10 bit times each on
/// the module's clock (the epochs' own times, no timer): an epoch computed while the last one's
/// sentences are still going out is skipped whole, as a module whose output buffer holds one epoch
/// does. So a module whose sentences at its rate need more bytes a second than its baud carries
/// sends fewer epochs than it acknowledged, evenly spaced.
struct ModuleRatePacer: Sendable {
    private var lastPeriod: Int?
    private var lastMs: Int?
    private var sending = true
    /// Microseconds of bytes still on the wire at `lastMs`.
    private var onWireUs = 0

    /// Whether the sentence `text` of type `type` ("RMC"; nil: not a `$G` talker sentence) goes out at
    /// `rateHz`; with `lineBaud`, only when the line has sent the last epoch (then report `wrote`).
    mutating func sends(_ text: String, type: String?, rateHz: Int, lineBaud: Int? = nil) -> Bool {
        guard let type, let timeField = Self.timeField[type] else { return sending }
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count > timeField, let ms = Self.timeOfDayMs(fields[timeField]) else { return sending }
        let period = ms * max(1, rateHz) / 1000
        // A second sentence of the same epoch (GGA after RMC) follows the first's decision.
        if ms != lastMs {
            let elapsedMs = lastMs.map { (ms - $0 + 86_400_000) % 86_400_000 } ?? 0
            onWireUs = max(0, onWireUs - elapsedMs * 1000)
            sending = period != lastPeriod && (lineBaud == nil || onWireUs == 0)
        }
        (lastPeriod, lastMs) = (period, ms)
        return sending
    }

    /// `count` bytes went out at `baud`: the line is busy 10 bit times for each.
    mutating func wrote(_ count: Int, baud: Int) {
        onWireUs += count * 10_000_000 / max(1, baud)
    }

    private static let timeField = ["RMC": 1, "GGA": 1, "GST": 1, "ZDA": 1, "GNS": 1, "GLL": 5]

    /// `hhmmss.ss` (any number of decimals) as milliseconds since midnight; nil when empty or malformed.
    static func timeOfDayMs(_ field: Substring) -> Int? {
        let parts = field.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole.count == 6, let hms = Int(whole) else { return nil }
        var ms = (hms / 10_000 * 3600 + hms / 100 % 100 * 60 + hms % 100) * 1000
        if parts.count == 2, !parts[1].isEmpty {
            guard let fraction = Int(parts[1].prefix(3)) else { return nil }
            var scale = 1
            for _ in parts[1].prefix(3).count..<3 { scale *= 10 }
            ms += fraction * scale
        }
        return ms
    }
}

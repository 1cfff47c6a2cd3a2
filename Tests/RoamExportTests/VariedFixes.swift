import RoamCore
@testable import RoamExport
import RoamSimulator

/// Seeded rides that reach every branch of the writers' number and text formatting: missing
/// values, negative and tiny values, values Swift prints with an exponent, values too large for
/// fixed point, NaN and infinity, -0.0, flags in any combination, segments of one fix, sentences
/// with quotes, commas, CR/LF and non-ASCII text, times before 1970 and after 9999.
struct VariedFixes {
    /// The simulator's SplitMix64: the same on every machine.
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A double from the awkward palette, or a plain one in `range`.
    mutating func double(_ range: ClosedRange<Double>) -> Double {
        switch below(24) {
        case 0: return Double(below(2000)) - 1000                     // integral: "12.0" becomes "12"
        case 1: return (unit() - 0.5) * 1e-4                          // exponent notation in Swift
        case 2: return (unit() - 0.5) * 1e-9                          // rounds to zero at most digits
        case 3: return (unit() + 0.1) * 1e17                          // "1.2e+17"
        case 4: return (unit() - 0.5) * 1e300                         // too large for fixed point
        case 5: return chance(50) ? -0.0 : 0.0                        // equal, printed differently
        case 6: return .nan
        case 7: return chance(50) ? .infinity : -.infinity
        case 8: return Double(bitPattern: next())                    // any bit pattern at all
        case 9: return (Double(below(20_000)) - 10_000) / 1000 + 0.0005 // ties at 3 digits
        default: return range.lowerBound + unit() * (range.upperBound - range.lowerBound)
        }
    }

    mutating func optional(_ range: ClosedRange<Double>) -> Double? { chance(15) ? nil : double(range) }
    mutating func optionalInt(_ range: ClosedRange<Int>) -> Int? { chance(15) ? nil : range.lowerBound + below(range.count) }

    private static let sentencePieces = ["$GPRMC,102030.00,A,4759.4,N,00750.4,E,12.6,87.5,140626,,,A*5E", "$GPGGA,\"x\",1*00",
                                         "", "plain", "comma,inside", "quote\"inside", "cr\rinside", "tab\tand\u{1}",
                                         "\u{e9}t\u{e9} \u{1F6B2}", "\"\u{301}", ",\u{301}"]

    mutating func fix(rideID: Int64, seq: Int64, segment: Int) -> FixRecord {
        var e = Epoch()
        e.timeOfDayMs = optionalInt(0...86_399_999)
        if !chance(15) { e.date = UTCDate(year: 1990 + below(120), month: 1 + below(12), day: 1 + below(28)) }
        e.fixMode = FixMode(rawValue: below(4))!
        if !chance(10) { e.latDeg = double(-90...90); e.lonDeg = double(-180...180) }
        e.altMSLm = optional(-400...4000); e.geoidSepM = optional(-100...100)
        e.speedMps = optional(0...30); e.courseDeg = optional(0...360)
        e.quality = optionalInt(-1...8); e.satellitesUsed = optionalInt(-2...40)
        e.hdop = optional(0...50); e.vdop = optional(0...50); e.pdop = optional(0...50)
        e.gstLatErrM = optional(0...10); e.gstLonErrM = optional(0...10); e.gstAltErrM = optional(0...10)
        e.sentences = (0..<below(4)).map { _ in Self.sentencePieces[below(Self.sentencePieces.count)] }
        let utcMs: Int64? = chance(10) ? nil : Int64(bitPattern: next() % 600_000_000_000_000) - 300_000_000_000_000
        let flags = FixFlags(rawValue: chance(40) ? 0 : Int(next() % (1 << 14)))
        return FixRecord(rideID: rideID, seq: seq, monoNs: chance(5) ? UInt64.max - next() % 1000 : next() % (1 << 50),
                         epoch: e, pressurePa: optional(30_000...110_000), temperatureC: optional(-30...60),
                         utcMs: utcMs, timeSource: TimeSource(rawValue: below(4))!, flags: flags, segment: segment,
                         smoothedLatDeg: optional(-90...90), smoothedLonDeg: optional(-180...180),
                         baroAltM: optional(-400...4000), distanceAddedM: chance(3) ? double(0...50) : unit() * 30)
    }

    /// A ride of `count` fixes whose segments run one to a few dozen fixes long.
    mutating func ride(count: Int) -> (summary: RideSummary, fixes: [FixRecord]) {
        let rideID = Int64(below(1 << 20)) + (chance(50) ? 1 << 40 : 0)
        var fixes: [FixRecord] = []
        var segment = below(3)
        for i in 0..<count {
            if chance(8) { segment += chance(20) ? -1 : 1 + below(3) }
            var next = fix(rideID: rideID, seq: Int64(i) + (chance(2) ? 1 << 33 : 0), segment: segment)
            if chance(40), let previous = fixes.last {
                // Values repeated from the fix before, as receivers and the barometer repeat them.
                next.epoch.hdop = previous.epoch.hdop; next.epoch.altMSLm = previous.epoch.altMSLm
                next.pressurePa = previous.pressurePa; next.temperatureC = previous.temperatureC
                next.baroAltM = previous.baroAltM; next.epoch.latDeg = previous.epoch.latDeg
                if chance(50) { next.distanceAddedM = previous.distanceAddedM }
            }
            fixes.append(next)
        }
        var t = RideTotals()
        t.distanceM = double(0...300_000); t.movingS = double(0...86_400); t.elapsedS = double(0...90_000)
        t.bridgedM = double(0...5_000); t.bridgedGaps = below(4)
        t.ascentM = optional(0...5000); t.descentM = optional(0...5000); t.maxSpeedMps = double(0...30)
        t.fixCount = count; t.acceptedCount = below(count + 1); t.flaggedCount = below(count + 1); t.gapCount = below(9)
        let parameters = ["{\"gapAfterS\":5,\"note\":\"<&>'\"}", "  {\"a\":1}\n", "not json <&> \"quoted\" \u{1}\t", ""]
        let summary = RideSummary(id: rideID, startedUTCms: fixes.first?.utcMs, endedUTCms: chance(50) ? fixes.last?.utcMs : nil,
                                  totals: t, parametersJSON: parameters[below(parameters.count)])
        return (summary, fixes)
    }
}

import RoamCore

/// The rider's clock for the page: the board's configured zone (its IANA name and its offsets over
/// the ride, summer time included), or none, in which case the page's script shows the computer's
/// own zone and the text without scripts stays UTC. Stored times stay UTC; every time on the page
/// keeps its UTC instant in a title attribute. Each time is said at its own instant's offset, and
/// a ride across a change of the zone's offset gives each its offset, as `show` does: the bare
/// clock repeats or skips an hour there (a stop at 02:20 after a start at 02:50).
public struct PageClock: Sendable, Equatable {
    /// The zone's offset from an instant on.
    public struct Offset: Sendable, Equatable {
        public var fromUTCms: Int64
        public var offsetS: Int
    }

    public var zoneName: String?
    /// In order: the first holds at the ride's start (and before it), each next from its instant.
    public private(set) var offsets: [Offset]

    /// `offsetS`: the zone's offset at an instant; the changes between `startUTCms` and `endUTCms`
    /// are found to the millisecond.
    public init(zoneName: String?, startUTCms: Int64? = nil, endUTCms: Int64? = nil, offsetS: (Int64) -> Int = { _ in 0 }) {
        self.zoneName = zoneName
        guard zoneName != nil, let start = startUTCms ?? endUTCms else { offsets = []; return }
        offsets = Self.offsets(from: start, to: max(start, endUTCms ?? start), offsetS)
    }

    public static let utc = PageClock(zoneName: nil)

    /// The ride starts and ends on either side of a change of the zone's offset.
    var crossesChange: Bool { offsets.count > 1 }

    func offsetS(atUTCms utcMs: Int64) -> Int {
        (offsets.last { $0.fromUTCms <= utcMs } ?? offsets.first)?.offsetS ?? 0
    }

    /// A `<time>` element: local text (board zone, with its offset across a change) or UTC text the
    /// script localises, UTC in the title. `dated` adds the day before the clock.
    func element(utcMs: Int64, dated: Bool) -> String {
        let iso = CivilDate.iso8601(utcMs: utcMs)
        let utcText = "\(iso.prefix(10)) \(iso.dropFirst(11).prefix(8)) UTC"
        let offset = offsetS(atUTCms: utcMs)
        let local = utcMs + Int64(zoneName == nil ? 0 : offset) * 1000
        let localISO = CivilDate.iso8601(utcMs: local)
        let clock = String(localISO.dropFirst(11).prefix(5))
        let zone = zoneName == nil ? " UTC" : crossesChange ? CivilDate.offsetText(seconds: offset) : ""
        let text = dated ? "\(PageText.longDate(localMs: local)), \(clock)\(zone)" : "\(clock)\(zone)"
        return "<time datetime=\"\(iso)\" data-utc-ms=\"\(utcMs)\" data-dated=\"\(dated ? 1 : 0)\" title=\"\(utcText)\">\(text)</time>"
    }

    /// "Europe/Berlin (UTC+02:00)", said once in the header; across a change "Europe/Berlin
    /// (UTC+02:00, then UTC+01:00)", and the times carry their offsets.
    var zoneLabel: String? {
        guard let name = zoneName else { return nil }
        let said = (offsets.isEmpty ? [0] : offsets.map(\.offsetS)).map { "UTC" + CivilDate.offsetText(seconds: $0) }
        return "\(name) (\(said.joined(separator: ", then ")))"
    }

    /// A zone changes its offset a few times a year and never twice in a day: each day of the ride
    /// is checked at its end, and a change found is narrowed down by halving.
    private static func offsets(from start: Int64, to end: Int64, _ offsetS: (Int64) -> Int) -> [Offset] {
        var out = [Offset(fromUTCms: start, offsetS: offsetS(start))]
        var dayStart = start
        while dayStart < end {
            let dayEnd = min(end, dayStart + 86_400_000)
            let before = out[out.count - 1].offsetS
            if offsetS(dayEnd) != before {
                var lo = dayStart, hi = dayEnd  // offsetS(lo) == before, offsetS(hi) != before
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2
                    if offsetS(mid) == before { lo = mid } else { hi = mid }
                }
                out.append(Offset(fromUTCms: hi, offsetS: offsetS(hi)))
            }
            dayStart = dayEnd
        }
        return out
    }
}

import RoamCore

/// The rider's clock for the page: the board's configured zone (its IANA name and its offsets at
/// the ride's start and end, summer time included), or none, in which case the page's script
/// shows the computer's own zone and the text without scripts stays UTC. Stored times stay UTC;
/// every time on the page keeps its UTC instant in a title attribute.
public struct PageClock: Sendable, Equatable {
    public var zoneName: String?
    public var startOffsetS: Int
    public var endOffsetS: Int

    public init(zoneName: String?, startOffsetS: Int = 0, endOffsetS: Int = 0) {
        self.zoneName = zoneName; self.startOffsetS = startOffsetS; self.endOffsetS = endOffsetS
    }

    public static let utc = PageClock(zoneName: nil)

    /// A `<time>` element: local text (board zone) or UTC text the script localises, UTC in the title.
    /// `dated` adds the day before the clock.
    func element(utcMs: Int64, offsetS: Int, dated: Bool) -> String {
        let iso = CivilDate.iso8601(utcMs: utcMs)
        let utcText = "\(iso.prefix(10)) \(iso.dropFirst(11).prefix(8)) UTC"
        let local = utcMs + Int64(zoneName == nil ? 0 : offsetS) * 1000
        let localISO = CivilDate.iso8601(utcMs: local)
        let clock = String(localISO.dropFirst(11).prefix(5))
        let zone = zoneName == nil ? " UTC" : ""
        let text = dated ? "\(PageText.longDate(localMs: local)), \(clock)\(zone)" : "\(clock)\(zone)"
        return "<time datetime=\"\(iso)\" data-utc-ms=\"\(utcMs)\" data-dated=\"\(dated ? 1 : 0)\" title=\"\(utcText)\">\(text)</time>"
    }

    /// "Europe/Berlin (UTC+02:00)", said once in the header; the times themselves carry no zone.
    var zoneLabel: String? {
        guard let name = zoneName else { return nil }
        let m = abs(startOffsetS) / 60
        return "\(name) (UTC\(startOffsetS < 0 ? "-" : "+")\(m / 60 < 10 ? "0" : "")\(m / 60):\(m % 60 < 10 ? "0" : "")\(m % 60))"
    }
}

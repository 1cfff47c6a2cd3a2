import RoamCore

/// Times as the rider reads them: in the board's zone (board.conf `time_zone`), else UTC.
/// Storage and the files' contents stay UTC; only what is shown and file names use this.
public struct LocalTime {
    /// A zone of the zone database, by the name board.conf gives it (`ZoneDatabase` reads it).
    public struct Zone {
        public let identifier: String
        public let rules: TimeZoneRules
        /// The TZif file the rules were read from.
        public let file: String

        public init(identifier: String, rules: TimeZoneRules, file: String) {
            self.identifier = identifier; self.rules = rules; self.file = file
        }
    }

    /// nil: UTC, written with a `Z` as before.
    public let zone: Zone?

    public init(zone: Zone?) { self.zone = zone }

    /// The column heading's zone, "UTC" or "Europe/Berlin".
    public var label: String { zone?.identifier ?? "UTC" }

    /// The zone's offset at that instant, in seconds (summer time included).
    public func offsetS(utcMs: Int64) -> Int {
        zone?.rules.offsetS(atUTCms: utcMs) ?? 0
    }

    /// ISO 8601 with milliseconds and the offset: 2026-06-14T09:30:00.000+02:00 (…Z in UTC).
    public func iso8601(utcMs: Int64) -> String {
        guard zone != nil else { return CivilDate.iso8601(utcMs: utcMs) }
        let offset = offsetS(utcMs: utcMs)
        return String(CivilDate.iso8601(utcMs: utcMs + Int64(offset) * 1000).dropLast()) + CivilDate.offsetText(seconds: offset)
    }

    /// "09:30:00" local: a ride rarely spans days, and the start line shows the date.
    public func clock(utcMs: Int64) -> String {
        String(iso8601(utcMs: utcMs).dropFirst(11).prefix(8))
    }

    /// The clock for times within one ride: "09:30:00", or with its offset ("02:30:00+02:00")
    /// when the ride's start and end fall on either side of a change of the zone's offset, where
    /// the bare clock repeats or skips an hour (a segment read 02:30:00–02:09:59 across the autumn change).
    public func rideClock(startUTCms: Int64?, endUTCms: Int64?) -> (Int64) -> String {
        guard startUTCms.map(offsetS) != endUTCms.map(offsetS) else { return clock(utcMs:) }
        return { utcMs in clock(utcMs: utcMs) + CivilDate.offsetText(seconds: offsetS(utcMs: utcMs)) }
    }

    /// ISO 8601 basic form for file names: 20260614T093000+0200, or 20260614T073000Z in UTC.
    /// No colons, so FAT sticks and Windows accept it.
    public func fileStamp(utcMs: Int64) -> String {
        let offset = offsetS(utcMs: utcMs)
        let basic = CivilDate.iso8601(utcMs: utcMs + Int64(offset) * 1000).prefix(19).filter { $0 != "-" && $0 != ":" }
        return basic + (zone == nil ? "Z" : CivilDate.offsetText(seconds: offset, colon: false))
    }
}

extension LocalTime {
    /// The zone as the page builders take it.
    public var pageZone: RidePageBuild.Zone {
        RidePageBuild.Zone(name: zone?.identifier) { utcMs in offsetS(utcMs: utcMs) }
    }
}

/// Fix mode as gpsd reports it in TPV `mode`.
public enum FixMode: Int, Sendable, Codable, Comparable {
    case unknown = 0, noFix = 1, fix2D = 2, fix3D = 3
    public static func < (a: FixMode, b: FixMode) -> Bool { a.rawValue < b.rawValue }
}

/// A calendar date in UTC, as sent in RMC or ZDA.
public struct UTCDate: Sendable, Equatable, Hashable, Codable {
    public var year: Int, month: Int, day: Int
    public init(year: Int, month: Int, day: Int) { self.year = year; self.month = month; self.day = day }
}

/// All sentences of one UTC time, merged into one receiver epoch (with or without a position).
/// Fields are nil when no sentence of the epoch carried them.
public struct Epoch: Sendable, Equatable, Codable {
    /// UTC time of day in milliseconds since midnight, from the sentences' time field.
    public var timeOfDayMs: Int?
    /// The date, when a sentence of this epoch (RMC, ZDA) carried one, or else the last such
    /// date carried forward (see `dateIsCarried`).
    public var date: UTCDate?
    /// True when `date` was carried from an earlier epoch's RMC/ZDA (advanced a day if the time
    /// of day wrapped past midnight), false when this epoch's own sentences sent it.
    public var dateIsCarried: Bool = false
    public var latDeg: Double?
    public var lonDeg: Double?
    public var altMSLm: Double?
    public var geoidSepM: Double?
    public var speedMps: Double?
    public var courseDeg: Double?
    public var fixMode: FixMode = .unknown
    /// The receiver's fix quality in GGA's codes (0 invalid, 1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float,
    /// 6 dead reckoning, 7 manual, 8 simulator): the GGA's, except that a mode letter E, M or S
    /// of the epoch's other sentences sets 6, 7 or 8 when the GGA did not (`unmeasuredSolution`).
    public var quality: Int?
    public var satellitesUsed: Int?
    public var hdop: Double?
    public var vdop: Double?
    public var pdop: Double?
    /// GST 1-sigma errors in metres, when the receiver sends GST.
    public var gstLatErrM: Double?
    public var gstLonErrM: Double?
    public var gstAltErrM: Double?
    /// The raw text of every accepted sentence of the epoch, in arrival order, without line endings.
    public var sentences: [String] = []

    public init() {}

    /// UTC milliseconds since 1970 when both date and time are known.
    public var utcMs: Int64? {
        guard let d = date, let t = timeOfDayMs else { return nil }
        return CivilDate.daysFromCivil(year: d.year, month: d.month, day: d.day) * 86_400_000 + Int64(t)
    }

    public var hasPosition: Bool { fixMode >= .fix2D && latDeg != nil && lonDeg != nil }

    /// The receiver said this epoch's position was not measured (dead reckoning, manual, simulator).
    public var unmeasuredSolution: UnmeasuredSolution? { UnmeasuredSolution(quality: quality) }
}


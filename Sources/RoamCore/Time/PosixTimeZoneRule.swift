/// A POSIX TZ string as a TZif footer holds it ("CET-1CEST,M3.5.0,M10.5.0/3",
/// "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "IST-5:30"): the zone's rule after its last transition.
/// Summer time starts and ends as glibc's tzset computes it, so offsets match localtime_r's.
public struct PosixTimeZoneRule: Sendable, Equatable {
    /// When in a year a change happens: a date rule and the local time of day, in seconds.
    public struct Change: Sendable, Equatable {
        public enum Day: Sendable, Equatable {
            /// Jn: day 1...365, February 29 never counted.
            case julianNoLeap(Int)
            /// n: day 0...365, February 29 counted.
            case zeroBased(Int)
            /// Mm.w.d: the w-th (5: last) weekday d (0 Sunday) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        public var day: Day
        /// Local time of day, RFC 8536 allows -167...167 hours.
        public var timeS: Int
    }

    /// Offsets east of UTC, in seconds (the string's signs are the other way round).
    public var standardOffsetS: Int
    /// nil: no summer time.
    public var summerOffsetS: Int?
    public var summerStart: Change?
    public var summerEnd: Change?

    public init?(_ text: String) {
        var p = TZStringScanner(Array(text.utf8))
        guard p.name(), let std = p.offset(maxHours: 24) else { return nil }
        standardOffsetS = -std
        if p.atEnd { return }
        guard p.name() else { return nil }
        // The summer offset defaults to one hour ahead of standard time.
        summerOffsetS = p.peekIsOffset ? p.offset(maxHours: 24).map { -$0 } : standardOffsetS + 3600
        guard summerOffsetS != nil else { return nil }
        if p.atEnd {
            // No rules given (zic never writes that): the US rules since 2007, which glibc's
            // posixrules file gives for years from 2007 on.
            summerStart = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), timeS: 7200)
            summerEnd = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), timeS: 7200)
            return
        }
        guard p.take(","), let start = p.change(), p.take(","), let end = p.change(), p.atEnd else { return nil }
        summerStart = start
        summerEnd = end
    }

    /// The offset east of UTC at `utcS`.
    public func offsetS(atUTC utcS: Int64) -> Int {
        guard let summer = summerOffsetS, let start = summerStart, let end = summerEnd else { return standardOffsetS }
        // As glibc: both changes of the instant's UTC year, the start in standard time, the end in summer time.
        let days = utcS >= 0 ? utcS / 86_400 : (utcS - 86_399) / 86_400
        let year = CivilDate.civilFromDays(days).year
        let startUTC = Self.localSeconds(start, year: year) - Int64(standardOffsetS)
        let endUTC = Self.localSeconds(end, year: year) - Int64(summer)
        let isSummer = startUTC > endUTC ? (utcS < endUTC || utcS >= startUTC) : (utcS >= startUTC && utcS < endUTC)
        return isSummer ? summer : standardOffsetS
    }

    /// The change's local date and time in `year`, as seconds since 1970 on the local clock.
    static func localSeconds(_ change: Change, year: Int) -> Int64 {
        let janFirst = CivilDate.daysFromCivil(year: year, month: 1, day: 1)
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let day: Int64
        switch change.day {
        case .julianNoLeap(let n): day = janFirst + Int64(n - 1) + (leap && n >= 60 ? 1 : 0)
        case .zeroBased(let n): day = janFirst + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate.daysFromCivil(year: year, month: month, day: 1)
            let next = month == 12 ? CivilDate.daysFromCivil(year: year + 1, month: 1, day: 1)
                : CivilDate.daysFromCivil(year: year, month: month + 1, day: 1)
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = Int((first % 7 + 7 + 4) % 7)
            var d = Int64((weekday - firstWeekday + 7) % 7)
            // The 5th is the last: weeks are added while they stay in the month.
            for _ in 1..<week where first + d + 7 < next { d += 7 }
            day = first + d
        }
        return day * 86_400 + Int64(change.timeS)
    }
}

/// Reads the parts of a TZ string left to right.
struct TZStringScanner {
    let text: [UInt8]
    var i = 0
    init(_ text: [UInt8]) { self.text = text }

    var atEnd: Bool { i == text.count }
    var peekIsOffset: Bool { !atEnd && (text[i] == 0x2B || text[i] == 0x2D || isDigit(text[i])) }

    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    mutating func take(_ c: Character) -> Bool {
        guard !atEnd, text[i] == c.asciiValue else { return false }
        i += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or anything but '>' between < and >.
    mutating func name() -> Bool {
        let from = i
        if take("<") {
            while !atEnd && text[i] != 0x3E { i += 1 }
            guard take(">") else { return false }
            return i - from >= 5
        }
        while !atEnd && isLetter(text[i]) { i += 1 }
        return i - from >= 3
    }

    /// [+-]hh[:mm[:ss]] in seconds, the sign as written.
    mutating func offset(maxHours: Int) -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let h = number(), h <= maxHours else { return nil }
        var seconds = h * 3600
        if take(":") {
            guard let m = number(), m < 60 else { return nil }
            seconds += m * 60
            if take(":") {
                guard let s = number(), s < 60 else { return nil }
                seconds += s
            }
        }
        return sign * seconds
    }

    mutating func number() -> Int? {
        let from = i
        var n = 0
        while !atEnd && isDigit(text[i]) && i - from < 4 {
            n = n * 10 + Int(text[i] - 0x30)
            i += 1
        }
        return i > from ? n : nil
    }

    /// ",start[/time]" or ",end[/time]" after the comma: Jn, n or Mm.w.d, time 02:00 unless given.
    mutating func change() -> PosixTimeZoneRule.Change? {
        let day: PosixTimeZoneRule.Change.Day
        if take("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julianNoLeap(n)
        } else if take("M") {
            guard let m = number(), (1...12).contains(m), take("."), let w = number(), (1...5).contains(w),
                  take("."), let d = number(), (0...6).contains(d) else { return nil }
            day = .monthWeekDay(month: m, week: w, weekday: d)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7200
        if take("/") {
            guard let t = offset(maxHours: 167) else { return nil }
            time = t
        }
        return PosixTimeZoneRule.Change(day: day, timeS: time)
    }
}

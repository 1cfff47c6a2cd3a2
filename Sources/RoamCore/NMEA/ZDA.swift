/// ZDA, time and date with a four-digit year.
///
///     $GPZDA,143306.00,09,12,2009,00,00*64
///     1  143306.00  UTC time
///     2  09         day
///     3  12         month
///     4  2009       year
///     5,6 00,00     local zone hours and minutes (ignored: we keep UTC)
public struct ZDA: Sendable, Equatable {
    public var talker: NMEATalker
    public var timeOfDayMs: Int?
    /// Nil unless day, month and year are all present and plausible.
    public var date: UTCDate?

    /// Data fields needed: time, day, month, year (gpsd's count of 4 is one more than ours).
    static let minimumFields = 3

    static func parse(_ talker: NMEATalker, _ f: inout NMEAFieldCursor) -> ZDA {
        let time = f.timeOfDayMs()
        let day = f.integer()
        let month = f.integer()
        let year = f.integer()
        var date: UTCDate?
        if let day, let month, let year {
            if (1...31).contains(day), (1...12).contains(month), (1980...2200).contains(year) {
                date = UTCDate(year: year, month: month, day: day)
            } else {
                f.markMalformed(index: 2)
            }
        }
        return ZDA(talker: talker, timeOfDayMs: time, date: date)
    }
}

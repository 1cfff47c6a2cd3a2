import RoamCore
import Testing

/// The hour the clocks show twice, and only that hour: the autumn change repeats one, the spring
/// change skips one and repeats none.
@Suite struct RepeatedClockTests {
    static let change: Int64 = 1_792_890_000_000   // 2026-10-25 01:00:00 UTC
    static let hour: Int64 = 3_600_000

    /// +02:00 before `at`, +01:00 from it (summer time ends); `spring`: +01:00, then +02:00.
    static func offset(at: Int64, spring: Bool = false) -> (Int64) -> Int {
        { utcMs in (utcMs < at) != spring ? 7200 : 3600 }
    }

    @Test func theHourBeforeAndAfterTheAutumnChangeRepeatsAndNoOther() {
        let autumn = Self.offset(at: Self.change)
        for (utcMs, repeated) in [(Self.change - Self.hour - 1000, false), (Self.change - Self.hour, true), (Self.change - 1000, true),
                                  (Self.change, true), (Self.change + Self.hour - 1000, true), (Self.change + Self.hour, false)] {
            #expect(RepeatedClock.isRepeated(utcMs: utcMs, offsetS: autumn) == repeated, "\(utcMs - Self.change) ms from the change")
        }
    }

    @Test func theSpringChangeRepeatsNothing() {
        let spring = Self.offset(at: Self.change, spring: true)
        for step in -3...3 { #expect(!RepeatedClock.isRepeated(utcMs: Self.change + Int64(step) * Self.hour / 2, offsetS: spring)) }
        #expect(!RepeatedClock.isRepeated(utcMs: Self.change, offsetS: { _ in 0 }), "UTC repeats nothing")
    }
}

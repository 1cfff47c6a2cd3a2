import Testing
@testable import RoamCore

@Suite struct PipelineTimeTests {
    private func read(_ clock: inout EpochClock, second: Int, dated: Bool = true, todOffsetS: Int = 0, seq: Int64,
                      floor: Int64 = PipelineParameters().rolloverFloorUTCms) -> EpochClock.Reading {
        let e = SyntheticRide.epoch(second: second + todOffsetS, eastM: 0, dated: dated)
        // The monotonic clock here advances 1 ms per second: intervals must come from GNSS time.
        return clock.read(e, monoNs: UInt64(seq) * 1_000_000, seq: seq, floorUTCms: floor, confirmBackwards: 3)
    }

    @Test func measuresElapsedTimeOnGNSSTimeNotTheBoardClock() {
        var clock = EpochClock()
        var elapsed = 0.0
        for s in 0..<10 { elapsed += read(&clock, second: s * 2, seq: Int64(s)).elapsedS }
        #expect(elapsed == 18)
    }

    @Test func flagsRepeatedAndBackwardTimesWithoutCountingThem() {
        var clock = EpochClock()
        _ = read(&clock, second: 0, seq: 0)
        _ = read(&clock, second: 1, seq: 1)
        let repeated = read(&clock, second: 1, seq: 2)
        #expect(repeated.flags == [.repeatedTime] && repeated.elapsedS == 0)
        let back = read(&clock, second: 0, seq: 3)
        #expect(back.flags == [.timeBackwards] && back.elapsedS == 0 && !back.rebased)
        let onwards = read(&clock, second: 2, seq: 4)
        #expect(onwards.flags.isEmpty && onwards.elapsedS == 1)
    }

    @Test func acceptsAnEarlierTimelineOnceItPersists() {
        var clock = EpochClock()
        _ = read(&clock, second: 100, seq: 0)
        let steps = (0..<3).map { read(&clock, second: 10 + $0, seq: Int64(1 + $0)) }
        #expect(steps[0].flags == [.timeBackwards] && steps[1].flags == [.timeBackwards])
        #expect(steps[2].rebased && steps[2].flags.isEmpty)
        #expect(read(&clock, second: 13, seq: 4).elapsedS == 1)
    }

    @Test func undatedEpochsGetABackfillFromTheFirstDate() throws {
        var clock = EpochClock()
        for s in 0..<3 {
            let r = read(&clock, second: s, dated: false, seq: Int64(10 + s))
            #expect(r.flags == [.beforeValidDate] && r.source == .monotonicOnly && r.time.utcMs == nil)
        }
        let dated = read(&clock, second: 3, seq: 13)
        let backfill = try #require(dated.backfill)
        #expect(backfill.fromSeq == 10 && backfill.anchorSeq == 13)
        // Each undated epoch gets exactly the UTC its own time of day gives on the anchor's date.
        #expect(backfill.utcMs(monoNs: 0, timeOfDayMs: SyntheticRide.startTimeOfDayMs + 1000) == SyntheticRide.startUTCms + 1000)
        #expect(read(&clock, second: 4, seq: 14).backfill == nil)
    }

    @Test func backfillCrossesMidnightAndFallsBackOnTheMonotonicClock() {
        let anchor = TimeStamp(utcMs: SyntheticRide.startUTCms - Int64(SyntheticRide.startTimeOfDayMs) + 2_000,
                               timeOfDayMs: 2_000, monoNs: 50_000_000_000)
        let b = Backfill(fromSeq: 0, anchorSeq: 5, anchor: anchor, anchorUTCms: anchor.utcMs!)
        // 23:59:59.000 the day before the anchor's 00:00:02.
        #expect(b.utcMs(monoNs: 0, timeOfDayMs: 86_399_000) == anchor.utcMs! - 3_000)
        // No time of day: the monotonic distance to the anchor, truncated to whole milliseconds.
        #expect(b.utcMs(monoNs: 47_000_000_001, timeOfDayMs: nil) == anchor.utcMs! - 2_999)
        #expect(b.utcMs(monoNs: 60_000_000_000, timeOfDayMs: nil) == nil)
    }

    @Test func distrustsTheReceiverClockUntilItsFirstFix() throws {
        // An MTK chip before its first fix counts from where it last stopped: 23:59:46 on 1980-01-05.
        var clock = EpochClock()
        var bogus = SyntheticRide.epoch(second: 0, eastM: 0, hasFix: false)
        bogus.timeOfDayMs = 86_386_000
        bogus.date = UTCDate(year: 1980, month: 1, day: 5)
        let floor = PipelineParameters().rolloverFloorUTCms
        let before = clock.read(bogus, monoNs: 1_000_000_000, seq: 0, floorUTCms: floor, confirmBackwards: 3)
        #expect(before.time.utcMs == nil && before.time.timeOfDayMs == nil && before.flags == [.beforeValidDate])
        let fix = clock.read(SyntheticRide.epoch(second: 2, eastM: 0), monoNs: 3_000_000_000, seq: 1, floorUTCms: floor, confirmBackwards: 3)
        #expect(fix.time.utcMs == SyntheticRide.startUTCms + 2000 && fix.elapsedS == 2)
        // Dated from the board's clock: 2 s before the first fix, not eight hours.
        let backfill = try #require(fix.backfill)
        #expect(backfill.utcMs(monoNs: 1_000_000_000, timeOfDayMs: before.time.timeOfDayMs) == SyntheticRide.startUTCms)
        // Once trusted, the receiver's time holds through a loss of fix.
        let lost = clock.read(SyntheticRide.epoch(second: 3, eastM: 0, hasFix: false), monoNs: 3_000_000_001, seq: 2,
                              floorUTCms: floor, confirmBackwards: 3)
        #expect(lost.time.utcMs == SyntheticRide.startUTCms + 3000 && lost.elapsedS == 1)
    }

    @Test func restartEndsAnUndatedRunWithoutBackfill() {
        var clock = EpochClock()
        _ = read(&clock, second: 0, dated: false, seq: 0)
        clock.restart()
        #expect(read(&clock, second: 5, seq: 1).backfill == nil)
    }

    @Test func movesRolledOverDatesOnByOnePeriod() {
        let truth = SyntheticRide.startUTCms
        let rolled = truth - WeekRollover.periodMs
        #expect(WeekRollover.resolve(utcMs: rolled, floorUTCms: PipelineParameters().rolloverFloorUTCms) == .corrected(utcMs: truth))
        #expect(WeekRollover.resolve(utcMs: truth, floorUTCms: truth) == .asSent(utcMs: truth))
        // Two periods behind is no firmware's rollover (any built since 1987 is one behind at most).
        #expect(WeekRollover.resolve(utcMs: truth - 2 * WeekRollover.periodMs, floorUTCms: truth - 1) == .implausible)
        // 1024 weeks are 7168 days: 2019-04-06 read as 1999-08-21, as an unpatched receiver would.
        #expect(CivilDate.daysFromCivil(year: 2019, month: 4, day: 6) - CivilDate.daysFromCivil(year: 1999, month: 8, day: 21) == 7_168)
    }

    @Test func stampsRolledOverEpochsAsCorrected() {
        var clock = EpochClock()
        var e = SyntheticRide.epoch(second: 0, eastM: 0)
        e.date = UTCDate(year: 2006, month: 10, day: 29)  // 2026-06-14 minus 1024 weeks
        let r = clock.read(e, monoNs: 1, seq: 0, floorUTCms: PipelineParameters().rolloverFloorUTCms, confirmBackwards: 3)
        #expect(r.source == .rolloverCorrected && r.time.utcMs == SyntheticRide.startUTCms)
    }

    @Test func intervalsPreferUTCThenTimeOfDayThenTheMonotonicClock() {
        let a = TimeStamp(utcMs: 1_000, timeOfDayMs: 86_399_000, monoNs: 5_000)
        let b = TimeStamp(utcMs: nil, timeOfDayMs: 1_000, monoNs: 1_000)
        #expect(b.interval(since: a) == .init(seconds: 2, isGNSS: true))  // across midnight
        let c = TimeStamp(utcMs: nil, timeOfDayMs: nil, monoNs: 3_000_000_000)
        #expect(c.interval(since: TimeStamp(utcMs: nil, timeOfDayMs: nil, monoNs: 1_000_000_000)) == .init(seconds: 2, isGNSS: false))
        #expect(TimeStamp(utcMs: nil, timeOfDayMs: nil, monoNs: 1).interval(since: c) == nil)
    }
}

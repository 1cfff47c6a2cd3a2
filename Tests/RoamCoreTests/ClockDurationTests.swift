import Testing
import RoamCore

/// Ride times as h:mm:ss, one formatter for the command line's listings and the pages.
struct ClockDurationTests {
    @Test func hoursMinutesAndSecondsRoundedToTheSecond() {
        #expect(ClockDuration.text(seconds: 0) == "0:00:00")
        #expect(ClockDuration.text(seconds: 0.3) == "0:00:00")
        #expect(ClockDuration.text(seconds: 59.5) == "0:01:00")
        #expect(ClockDuration.text(seconds: 3_725) == "1:02:05")
        #expect(ClockDuration.text(seconds: 4_633) == "1:17:13")
        #expect(ClockDuration.text(seconds: 93_600) == "26:00:00", "a day and more stays in hours")
    }

    /// The command line's copy trapped on these (Int of a NaN); the page's said "–".
    @Test func noDurationNobodyMeasuredTraps() {
        #expect(ClockDuration.text(seconds: -1) == "–")
        #expect(ClockDuration.text(seconds: .nan) == "–" && ClockDuration.text(seconds: .infinity) == "–")
        #expect(ClockDuration.text(seconds: 1e300) == "–")
    }
}

import Testing
import RoamCore

/// A stop, a gap or a silence as a rider says it (the page's marks, the recorder's log).
struct SpokenDurationTests {
    @Test func secondsUpToTwoMinutesThenMinutesThenHours() {
        #expect(SpokenDuration.text(seconds: 42) == "42 s")
        #expect(SpokenDuration.text(seconds: 90) == "90 s")
        #expect(SpokenDuration.text(seconds: 119.4) == "119 s")
        #expect(SpokenDuration.text(seconds: 120) == "2 min")
        #expect(SpokenDuration.text(seconds: 241) == "4 min")
        #expect(SpokenDuration.text(seconds: 3_900) == "1 h 05 min")
    }

    @Test func noDurationNobodyMeasuredTraps() {
        #expect(SpokenDuration.text(seconds: -3) == "0 s")
        #expect(SpokenDuration.text(seconds: .infinity) == "–" && SpokenDuration.text(seconds: .nan) == "–")
    }
}

import RoamCore
import RoamSimulator
import Testing

/// A capture replayed in real time (`record --replay CAPTURE --realtime`): each epoch due at its
/// own time after the first, whatever the day does.
@Suite struct CapturePaceTests {
    @Test func epochsAreDueAtTheirOwnTimesAfterTheFirst() {
        var pace = CapturePace()
        let due = [36_000_000, 36_000_100, 36_000_200, 36_001_200].map { pace.due(timeOfDayMs: $0) }
        #expect(due == [0, 100_000_000, 200_000_000, 1_200_000_000])
    }

    @Test func midnightIsOneStepForwardAndAStepBackWaitsNothing() {
        var pace = CapturePace()
        let due = [86_399_000, 0, 1_000, 500, 1_500, nil, 2_500].map { pace.due(timeOfDayMs: $0) }
        // 23:59:59 → 00:00:00 is a second; 00:00:01 → 00:00:00.5 waits nothing and the next step
        // counts from there; an epoch with no time is due with the one before.
        #expect(due.map { $0 / 1_000_000 } == [0, 1_000, 2_000, 2_000, 3_000, 3_000, 4_000])
    }

    @Test func theCutterGivesEachEpochTheTimeOfItsFirstSentence() {
        let epochs = RideSimulatorTests.ride.epochs(perSecond: 10).prefix(30)
        var cutter = CaptureEpochCutter()
        let times = cutter.feed(epochs.flatMap(\.nmea)).filter(\.startsEpoch).map(\.timeOfDayMs)
        // The first epoch begins the stream: no epoch before it to close, so no place to wait.
        let want = epochs.dropFirst().map { Optional(Int(($0.utcMs % 86_400_000 + 86_400_000) % 86_400_000)) }
        #expect(times == Array(want))
    }
}

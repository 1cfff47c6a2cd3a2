import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import Testing

/// A ride left auto-paused for longer than the limit ends itself, with an event saying why.
@Suite struct ForgottenRideTests {
    @Test func aRidePausedPastTheLimitEndsItselfWithAReason() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.forgottenAfterS = 60
        let r = try h.recorder(options: options)
        try r.start()
        r.press()
        // The simulated café stop runs from second 1336 to 1576: 240 s stopped, four times the limit.
        try h.feed(1450)
        #expect(h.events.wait { $0.contains { if case .session(.rideStopped) = $0 { return true }; return false } })
        r.stop()

        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        #expect(ride.state == .stopped)
        let stop = try #require(try reader.events(ride: ride.id).last { $0.kind == .stop })
        #expect(stop.detail.contains("forgotten recording"), "\(stop.detail)")
        // Not before the limit: no pause starts before the stop does (second 1336), so at least 60 s
        // of the stop are stored. (It ends with the batch that crossed the limit; how many epochs
        // that batch held depends on timing, and the pause is dated from where the rider slowed.)
        let lastSeq = try #require(try reader.seqs(ride: ride.id).last)
        #expect(lastSeq >= 1336 + 60, "last fix \(lastSeq)")
    }

    @Test func aLongPauseShowsTheForgottenPatternUntilTheRiderMovesAgain() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.forgottenWarnAfterS = 60
        options.commit.forgottenAfterS = 3600
        // Fed faster than real time, an epoch at a time: no cadence, or each one waits out the interval.
        options.commit.commitIntervalS = 0
        let (r, led) = try h.recorderWithLED(options: options)
        try r.start()
        r.press()
        // The café stop (seconds 1336–1576) is 240 s paused: past the 60 s warning, short of the limit.
        // Through the stop, one epoch per batch as on the road: the warning is decided after each
        // commit, and one batch holding the whole stop would show the rider moving again at its end.
        try h.feed(1300)
        #expect(h.waitForAck(through: 1298))
        for second in 1300..<1700 {
            try h.feed(1)
            #expect(h.waitForAck(through: Int64(second - 1)))
        }
        r.stop()

        let log = h.events.all
        let warned = log.firstIndex { if case .session(.rideLooksForgotten) = $0 { return true }; return false }
        let moving = log.firstIndex { if case .session(.rideMovingAgain) = $0 { return true }; return false }
        #expect(warned != nil && moving != nil && warned! < moving!)
        if let warned, case .session(.rideLooksForgotten(_, let pausedS)) = log[warned] { #expect(pausedS >= 60 && pausedS < 240) }
        #expect(log.filter { if case .session(.rideLooksForgotten) = $0 { return true }; return false }.count == 1)
        // Once the warning is gone, recording with a fix shows again (each commit says whether it ended on one).
        let history = led.statusHistory
        #expect(history.firstIndex(of: .forgottenRide).map { i in history[(i + 1)...].contains(.recording) } == true, "\(history)")
        #expect(try h.reader().rides().last?.state == .recording)  // warned, not ended
    }

    @Test func aShortStopDoesNotEndTheRide() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.forgottenAfterS = 600
        let r = try h.recorder(options: options)
        try r.start()
        r.press()
        try h.feed(1600)
        #expect(h.waitForAck(through: 1590))
        r.stop()
        let ride = try #require(try h.reader().rides().last)
        #expect(ride.state == .recording)
    }
}

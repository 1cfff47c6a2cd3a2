import RoamCore
@testable import RoamRecorder
import Testing

/// Which pattern the LED shows for which recorder events, and when a commit blinks.
@Suite struct LEDStatusTrackerTests {
    static let alarm = Alarm(cause: .storageFailing, sinceMonoNs: 1, sinceUTCms: 2, detail: "SQLITE_BUSY")
    static func committed(fixes: Int) -> RecorderEvent {
        .committed(CommitReport(rideID: 1, seqs: fixes == 0 ? nil : 0...Int64(fixes - 1), fixCount: fixes,
                                totals: RideTotals(), recoveredParkedEpochs: 0))
    }

    @Test func aRideGoesFromWaitingForAFixToBlinkingOnEachCommit() {
        var t = LEDStatusTracker(isRecording: false)
        var blink: Bool
        #expect(t.status == .idle)
        blink = t.apply(.session(.rideStarted(rideID: 1, resumed: false)), hasFix: false)
        #expect(!blink)
        #expect(t.status == .waitingForFix)
        blink = t.apply(Self.committed(fixes: 1), hasFix: false)
        #expect(!blink)  // no position yet: the double flash, no blink
        #expect(t.status == .waitingForFix)
        blink = t.apply(Self.committed(fixes: 1), hasFix: true)
        #expect(blink)
        #expect(t.status == .recording)
        blink = t.apply(Self.committed(fixes: 0), hasFix: true)
        #expect(!blink)  // an events-only batch is no fix committed
        blink = t.apply(.session(.rideStopped(rideID: 1, totals: RideTotals())), hasFix: true)
        #expect(!blink)
        #expect(t.status == .idle)
    }

    @Test func theAlarmHidesEverythingAndNothingBlinksUnderIt() {
        var t = LEDStatusTracker(isRecording: true)
        _ = t.apply(.alarmRaised(Self.alarm), hasFix: true)
        #expect(t.status == .alarm)
        let blink = t.apply(Self.committed(fixes: 3), hasFix: true)
        #expect(!blink)
        _ = t.apply(.receiverSilent(reason: "EIO"), hasFix: false)
        #expect(t.status == .alarm)
        _ = t.apply(.alarmCleared(Self.alarm, landedEpochs: 20), hasFix: false)
        #expect(t.status == .receiverSilent)
        _ = t.apply(.receiverBack, hasFix: true)
        #expect(t.status == .recording)
    }

    @Test func aSilentReceiverShowsEvenWhenIdle() {
        var t = LEDStatusTracker(isRecording: false)
        _ = t.apply(.receiverSilent(reason: "no bytes for 3000 ms"), hasFix: false)
        #expect(t.status == .receiverSilent)
        _ = t.apply(.receiverBack, hasFix: false)
        #expect(t.status == .idle)
    }

    @Test func aResumedRideShowsAsRecordingFromItsFirstEvent() {
        var t = LEDStatusTracker(isRecording: true)
        #expect(t.status == .waitingForFix)
        _ = t.apply(.session(.rideStarted(rideID: 7, resumed: true)), hasFix: false)
        #expect(t.isRecording)
    }

    @Test func aRideClosedAtRestartLeavesTheLEDIdle() {
        // Built as the board builds it, from the active ride found at start, which re-arm then closed.
        var t = LEDStatusTracker(isRecording: true)
        _ = t.apply(.session(.rideClosedAtRestart(rideID: 7, reason: "closed at restart: 5 h old")), hasFix: true)
        #expect(t.status == .idle)
    }

    @Test func theBarometerDoesNotChangeTheLight() {
        var t = LEDStatusTracker(isRecording: true)
        _ = t.apply(Self.committed(fixes: 1), hasFix: true)
        let before = t
        _ = t.apply(.barometerMissing(reason: "NACK"), hasFix: true)
        _ = t.apply(.barometerBack, hasFix: true)
        #expect(t == before)
    }
}

import RoamCore
@testable import RoamRecorder
import Testing

/// Which pattern the LED shows for which recorder events, and when a commit blinks.
@Suite struct LEDStatusTrackerTests {
    static let alarm = Alarm(cause: .storageFailing, sinceMonoNs: 1, sinceUTCms: 2, detail: "SQLITE_BUSY")
    /// A batch of `fixes` committed, ending on a measured position or not (nil: no epoch in it).
    static func committed(fixes: Int, measured: Bool? = nil) -> RecorderEvent {
        .committed(CommitReport(rideID: 1, seqs: fixes == 0 ? nil : 0...Int64(fixes - 1), fixCount: fixes,
                                totals: RideTotals(), recoveredParkedEpochs: 0, hasMeasuredFix: fixes == 0 ? nil : measured))
    }

    @Test func aRideGoesFromWaitingForAFixToBlinkingOnEachCommit() {
        var t = LEDStatusTracker(isRecording: false)
        var blink: Bool
        #expect(t.status == .idle)
        blink = t.apply(.session(.rideStarted(rideID: 1, resumedWith: nil)))
        #expect(!blink)
        #expect(t.status == .waitingForFix)
        blink = t.apply(Self.committed(fixes: 1, measured: false))
        #expect(!blink)  // no position yet: the double flash, no blink
        #expect(t.status == .waitingForFix)
        blink = t.apply(Self.committed(fixes: 1, measured: true))
        #expect(blink)
        #expect(t.status == .recording)
        blink = t.apply(Self.committed(fixes: 0))
        #expect(!blink)  // an events-only batch is no fix committed
        #expect(t.status == .recording)  // and says nothing about the fix
        blink = t.apply(.session(.rideStopped(rideID: 1, totals: RideTotals())))
        #expect(!blink)
        #expect(t.status == .idle)
    }

    @Test func theAlarmHidesEverythingAndNothingBlinksUnderIt() {
        var t = LEDStatusTracker(isRecording: true)
        _ = t.apply(.alarmRaised(Self.alarm))
        #expect(t.status == .alarm)
        let blink = t.apply(Self.committed(fixes: 3, measured: true))
        #expect(!blink)
        _ = t.apply(.receiverSilent(reason: "EIO"))
        #expect(t.status == .alarm)
        _ = t.apply(.alarmCleared(Self.alarm, landedEpochs: 20))
        #expect(t.status == .receiverSilent)
        _ = t.apply(.receiverBack(silentForNs: 4_000_000_000))
        #expect(t.status == .waitingForFix)  // until a commit ends on a measured position
        _ = t.apply(Self.committed(fixes: 1, measured: true))
        #expect(t.status == .recording)
    }

    @Test func aSilentReceiverShowsEvenWhenIdle() {
        var t = LEDStatusTracker(isRecording: false)
        _ = t.apply(.receiverSilent(reason: "no bytes for 3000 ms"))
        #expect(t.status == .receiverSilent)
        _ = t.apply(.receiverBack(silentForNs: 4_000_000_000))
        #expect(t.status == .idle)
    }

    @Test func aResumedRideShowsAsRecordingFromItsFirstEvent() {
        var t = LEDStatusTracker(isRecording: true)
        #expect(t.status == .waitingForFix)
        _ = t.apply(.session(.rideStarted(rideID: 7, resumedWith: RideTotals())))
        #expect(t.isRecording)
    }

    @Test func aRideClosedAtRestartLeavesTheLEDIdle() {
        // Built as the board builds it, from the active ride found at start, which re-arm then closed.
        var t = LEDStatusTracker(isRecording: true)
        _ = t.apply(.session(.rideClosedAtRestart(rideID: 7, reason: "closed at restart: 5 h old")))
        #expect(t.status == .idle)
    }

    @Test func aBatchEndingOnAnUnmeasuredPositionShowsNoFixAndDoesNotBlink() {
        // Dead reckoning through a tunnel: the receiver calls it a fix, the session does not.
        var t = LEDStatusTracker(isRecording: true)
        var blinks: [Bool] = []
        var shown: [LEDStatus] = []
        for measured in [true, false, true] {
            blinks.append(t.apply(Self.committed(fixes: 5, measured: measured)))
            shown.append(t.status)
        }
        #expect(blinks == [true, false, true])
        #expect(shown == [.recording, .waitingForFix, .recording])
    }

    @Test func theBarometerDoesNotChangeTheLight() {
        var t = LEDStatusTracker(isRecording: true)
        _ = t.apply(Self.committed(fixes: 1, measured: true))
        let before = t
        _ = t.apply(.barometerMissing(reason: "NACK"))
        _ = t.apply(.barometerBack)
        #expect(t == before)
    }
}

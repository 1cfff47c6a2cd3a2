import Testing
@testable import RoamCore

/// The LED patterns as level/time sequences, and which one the recorder's state selects.
@Suite struct LEDPatternTests {
    typealias Change = (atMs: UInt64, isOn: Bool)

    func same(_ a: [Change], _ b: [Change]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.atMs == $1.atMs && $0.isOn == $1.isOn }
    }

    @Test func alarmBlinksFastAtFiveHertz() {
        let expected: [Change] = [(0, true), (100, false), (200, true), (300, false), (400, true), (500, false)]
        #expect(same(LEDPattern.alarm.timeline(untilMs: 600), expected))
    }

    @Test func waitingForFixIsADoubleFlashEveryTwoSeconds() {
        let expected: [Change] = [(0, true), (100, false), (250, true), (350, false),
                                  (2000, true), (2100, false), (2250, true), (2350, false)]
        #expect(same(LEDPattern.waitingForFix.timeline(untilMs: 4000), expected))
    }

    @Test func receiverSilentIsSlowAndEven() {
        #expect(same(LEDPattern.receiverSilent.timeline(untilMs: 4000), [(0, true), (1000, false), (2000, true), (3000, false)]))
    }

    @Test func idleIsABriefHeartbeatEveryThreeSeconds() {
        #expect(same(LEDPattern.idle.timeline(untilMs: 7000), [(0, true), (30, false), (3000, true), (3030, false), (6000, true), (6030, false)]))
    }

    @Test func theCommitBlinkIsOneShortFlashThenDarkForGood() {
        #expect(same(LEDPattern.commitBlink.timeline(untilMs: 10_000), [(0, true), (60, false)]))
        #expect(LEDPattern.commitBlink.nextChangeMs(after: 60) == nil)
        #expect(!LEDPattern.commitBlink.isOn(atMs: 5000))
    }

    @Test func darkNeverChanges() {
        #expect(same(LEDPattern.dark.timeline(untilMs: 100_000), [(0, false)]))
        #expect(LEDPattern.dark.nextChangeMs(after: 0) == nil)
    }

    @Test func nextChangeIsStrictlyLaterAndLandsOnAStepBoundary() {
        for pattern in [LEDPattern.alarm, .waitingForFix, .receiverSilent, .idle, .storageLow, .forgottenRide] {
            for t: UInt64 in [0, 1, 99, 100, 1999, 2000, 123_457] {
                let next = pattern.nextChangeMs(after: t)!
                #expect(next > t)
                #expect(pattern.isOn(atMs: next) != pattern.isOn(atMs: t))
                #expect(pattern.isOn(atMs: next - 1) == pattern.isOn(atMs: t))
            }
        }
    }

    @Test func everyStatusLooksDifferentOverFourSeconds() {
        let timelines = LEDStatus.allCases.map { $0.pattern.timeline(untilMs: 4000).map { "\($0.atMs):\($0.isOn)" } }
        #expect(Set(timelines).count == LEDStatus.allCases.count)
    }

    @Test func theMostUrgentConditionWins() {
        #expect(LEDStatus.of(isRecording: true, hasFix: true, receiverSilent: true, alarm: true) == .alarm)
        #expect(LEDStatus.of(isRecording: false, hasFix: false, receiverSilent: false, alarm: true) == .alarm)
        #expect(LEDStatus.of(isRecording: true, hasFix: true, receiverSilent: true, alarm: false) == .receiverSilent)
        #expect(LEDStatus.of(isRecording: false, hasFix: false, receiverSilent: true, alarm: false) == .receiverSilent)
        #expect(LEDStatus.of(isRecording: true, hasFix: false, receiverSilent: false, alarm: false) == .waitingForFix)
        #expect(LEDStatus.of(isRecording: true, hasFix: true, receiverSilent: false, alarm: false) == .recording)
        #expect(LEDStatus.of(isRecording: false, hasFix: true, receiverSilent: false, alarm: false) == .idle)
    }

    @Test func lowStorageShowsEvenIdleAndAForgottenRideOnlyWhileRecording() {
        // Data at risk and a loose cable come first; low storage is shown before a ride starts.
        #expect(LEDStatus.of(isRecording: true, hasFix: true, receiverSilent: false, alarm: true, storageLow: true) == .alarm)
        #expect(LEDStatus.of(isRecording: true, hasFix: true, receiverSilent: true, alarm: false, storageLow: true) == .receiverSilent)
        #expect(LEDStatus.of(isRecording: false, hasFix: false, receiverSilent: false, alarm: false, storageLow: true) == .storageLow)
        // While recording, the ride's own status: low storage comes as a burst before its pattern.
        #expect(LEDStatus.of(isRecording: true, hasFix: true, receiverSilent: false, alarm: false, storageLow: true, forgottenRide: true) == .forgottenRide)
        #expect(LEDStatus.of(isRecording: true, hasFix: true, receiverSilent: false, alarm: false, storageLow: true) == .recording)
        #expect(LEDStatus.of(isRecording: true, hasFix: false, receiverSilent: false, alarm: false, storageLow: true) == .waitingForFix)
        #expect(LEDStatus.of(isRecording: true, hasFix: true, receiverSilent: false, alarm: false, forgottenRide: true) == .forgottenRide)
        #expect(LEDStatus.of(isRecording: true, hasFix: false, receiverSilent: false, alarm: false, forgottenRide: true) == .forgottenRide)
        #expect(LEDStatus.of(isRecording: false, hasFix: true, receiverSilent: false, alarm: false, forgottenRide: true) == .idle)
    }

    /// A rider with low storage still sees a press start or stop a ride: idle, recording, waiting for a
    /// fix and a forgotten ride each look different, and each recording one begins with the burst.
    @Test func lowStorageWhileRecordingComesBeforeTheRidesOwnPattern() {
        let statuses: [LEDStatus] = [.idle, .recording, .waitingForFix, .forgottenRide]
        let shown = statuses.map { $0 == .idle ? LEDStatus.storageLow.pattern : $0.pattern(storageLow: true) }
        let timelines = shown.map { $0.timeline(untilMs: 12_000).map { "\($0.atMs):\($0.isOn)" } }
        #expect(Set(timelines).count == statuses.count)
        let burst = LEDPattern.storageLow.timeline(untilMs: 1000).map { "\($0.atMs):\($0.isOn)" }
        for pattern in shown { #expect(Array(pattern.timeline(untilMs: 1000).map { "\($0.atMs):\($0.isOn)" }) == burst, "\(pattern)") }
        // After the burst and a second dark, the ride's own pattern: waiting for a fix flashes twice.
        let waiting = LEDStatus.waitingForFix.pattern(storageLow: true)
        #expect(waiting.isOn(atMs: 2000 + 50) && !waiting.isOn(atMs: 2000 + 150) && waiting.isOn(atMs: 2000 + 300))
        #expect(LEDStatus.recording.pattern(storageLow: false) == .dark)
        #expect(LEDStatus.alarm.pattern(storageLow: true) == .alarm)
    }

    @Test func lowStorageIsTheAlarmsFastBlinkInBursts() {
        // docs/DESIGN.md §6: storage nearly full shows the alarm's fast blink; the bursts tell it apart.
        let burst = LEDPattern.storageLow.timeline(untilMs: 1000)
        #expect(burst.map(\.atMs) == LEDPattern.alarm.timeline(untilMs: 1000).map(\.atMs).filter { $0 < 1000 })
        #expect(LEDPattern.storageLow.isOn(atMs: 1500) == false && LEDPattern.storageLow.isOn(atMs: 2900) == false)
        #expect(LEDPattern.storageLow.isOn(atMs: 3000) == true)
    }

    @Test func onlyRecordingWithAFixShowsCommitBlinks() {
        #expect(LEDStatus.allCases.filter(\.showsCommitBlinks) == [.recording])
        #expect(LEDStatus.recording.pattern == .dark)
    }
}

import RoamPorts
import RoamSimulator
import RoamCore
import Synchronization
import Testing
@testable import RoamHardware

/// `LEDPatternPlayer` playing RoamCore's patterns onto `RecordingLED`, driven the way the LED thread
/// drives it (refresh, sleep until the returned instant), on a virtual clock.
@Suite struct LEDPatternPlayerTests {
    static let ms: UInt64 = 1_000_000
    final class VirtualClock: Sendable {
        let ns = Atomic<UInt64>(0)
        var now: UInt64 { ns.load(ordering: .relaxed) }
        func set(_ t: UInt64) { ns.store(t, ordering: .relaxed) }
    }
    let clock = VirtualClock()
    let recording: RecordingLED

    init() {
        let c = clock
        recording = RecordingLED(now: { c.now })
    }

    /// What the LED thread does: refresh, then sleep until the next change, until `untilMs`.
    func play(_ led: LEDPatternPlayer, fromMs: UInt64, untilMs: UInt64) throws {
        var t = fromMs * Self.ms
        while t < untilMs * Self.ms {
            clock.set(t)
            guard let next = try led.refresh(atNs: t) else { return }
            t = next
        }
    }

    func changes() -> [String] { recording.changes.map(\.description) }

    @Test func playsTheAlarmAsItsPatternSays() throws {
        let led = LEDPatternPlayer(output: recording, pattern: .alarm, atNs: 0)
        try play(led, fromMs: 0, untilMs: 600)
        #expect(changes() == ["on@0ms", "off@100ms", "on@200ms", "off@300ms", "on@400ms", "off@500ms"])
    }

    @Test func aCommitBlinkFlashesOverTheDarkRecordingPattern() throws {
        let led = LEDPatternPlayer(output: recording, pattern: .dark, atNs: 0)
        try play(led, fromMs: 0, untilMs: 1000)
        led.flash(.commitBlink, atNs: 1_000 * Self.ms)
        try play(led, fromMs: 1_000, untilMs: 5_000)
        #expect(changes() == ["off@0ms", "on@1000ms", "off@1060ms"])
    }

    @Test func reportingTheSameStatusAgainDoesNotRestartItsBlink() throws {
        let led = LEDPatternPlayer(output: recording, pattern: .receiverSilent, atNs: 0)
        try play(led, fromMs: 0, untilMs: 500)
        led.show(.receiverSilent, atNs: 500 * Self.ms)
        try play(led, fromMs: 500, untilMs: 2_500)
        #expect(changes() == ["on@0ms", "off@1000ms", "on@2000ms"])
    }

    @Test func aNewStatusStartsItsPatternAtOnce() throws {
        let led = LEDPatternPlayer(output: recording, pattern: .idle, atNs: 0)
        try play(led, fromMs: 0, untilMs: 1_000)
        led.show(.alarm, atNs: 1_010 * Self.ms)
        try play(led, fromMs: 1_010, untilMs: 1_250)
        #expect(changes() == ["on@0ms", "off@30ms", "on@1010ms", "off@1110ms", "on@1210ms"])
    }

    @Test func theLineIsWrittenOnlyWhenTheLevelChanges() throws {
        let led = LEDPatternPlayer(output: recording, pattern: .dark, atNs: 0)
        for t in stride(from: UInt64(0), to: 10_000, by: 7) { clock.set(t * Self.ms); try led.refresh(atNs: t * Self.ms) }
        #expect(changes() == ["off@0ms"])
    }

    @Test func aFailedWriteIsReportedAndRetriedOnTheNextRefresh() throws {
        let led = LEDPatternPlayer(output: recording, pattern: .alarm, atNs: 0)
        recording.failNextWrite(.ioError)
        #expect {
            try led.refresh(atNs: 0)
        } throws: { error in
            (error as? DeviceError)?.errno == .ioError && (error as? DeviceError)?.kind == .gpio
        }
        try led.refresh(atNs: 10 * Self.ms)
        #expect(changes() == ["on@0ms"])
    }

    @Test func aBoundedRecordingKeepsTheLatestChangesAndCountsThemAll() throws {
        let bounded = RecordingLED(capacity: 4, now: { 0 })
        for i in 0..<21 { try bounded.setLevel(i % 2 == 0) }
        #expect(bounded.writeCount == 21)
        #expect(bounded.changes.count <= 8 && bounded.changes.count >= 4)
        #expect(bounded.changes.last?.isOn == true)
    }
}

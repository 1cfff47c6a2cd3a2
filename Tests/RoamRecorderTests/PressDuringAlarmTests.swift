import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import Testing

/// The whole rider's side on the real recorder: `FakeButton` through the `Button` driver and the
/// button thread, `RecordingLED` through `LEDPatternPlayer` and the LED thread, a real SQLite file and the
/// simulated receiver through a real pseudo-terminal. Storage fails (another connection holds the
/// write lock) and the rider presses stop during the alarm.
@Suite struct PressDuringAlarmTests {
    struct Rig {
        let harness: RecorderHarness
        let button: FakeButton
        let led: RecordingLED
        let controls: RigControls
        let recorder: Recorder
        let reports: ReportedLines

        init() throws {
            let harness = try RecorderHarness(), button = FakeButton(clock: .live), led = RecordingLED()
            let reports = ReportedLines()
            let controls = RigControls(button: try Button(input: button, activeLow: true, now: button.nowNs), output: led,
                                       isRecording: false, report: reports.add)
            let store = try RideStore(path: harness.dbPath, busyTimeoutMs: 50)
            let events = harness.events
            // The LED first, so a test that saw an event sees the LED's answer to it too.
            recorder = try Recorder(store: store, activeRide: nil, source: harness.port, barometer: nil,
                                emit: { controls.handle($0); events.append($0) })
            self.harness = harness; self.button = button; self.led = led; self.controls = controls; self.reports = reports
        }

        /// Presses with 20 ms of contact bounce at a known instant; returns it and waits until queued.
        func press() -> UInt64 {
            let thread = controls.buttonThread!
            let before = thread.gesturesHandled.load(ordering: .acquiring)
            let at = MonotonicClock.nowNs()
            button.press(atNs: at, holdMs: 100, bounceMs: 20)
            #expect(waitFor { thread.gesturesHandled.load(ordering: .acquiring) == before + 1 })
            return at
        }

        func waitFor(_ condition: () -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 60)
            while !condition() { guard Date() < deadline else { return false }; usleep(2_000) }
            return true
        }
    }

    @Test("P3: a press during the alarm is queued in order and takes effect when storage is back")
    func pressDuringTheAlarm() throws {
        let rig = try Rig()
        let h = rig.harness
        try rig.recorder.start()
        try rig.controls.start(recorder: rig.recorder)

        let startAt = rig.press()
        #expect(h.events.wait { $0.contains { if case .session(.rideStarted(_, nil)) = $0 { return true }; return false } })
        try h.feed(5)
        #expect(h.waitForAck(through: 3))
        #expect(rig.controls.led?.status == .recording)

        let blocker = try h.holdWriteLock()
        try h.feed(5)
        #expect(h.events.wait { $0.contains { if case .alarmRaised = $0 { return true }; return false } })
        #expect(rig.controls.led?.status == .alarm)
        // Every epoch of seconds 0…9 handed over before the rider presses stop.
        #expect(rig.waitFor { rig.recorder.sensor.epochsAssembled.load(ordering: .acquiring) == 10 })
        let stopAt = rig.press()
        // Nothing is committed yet: still recording, still the alarm, and the next seconds still read.
        #expect(rig.recorder.isRecording)
        #expect(rig.controls.led?.status == .alarm)
        try h.feed(3)

        try blocker.execute("ROLLBACK")
        #expect(h.events.wait { $0.contains { if case .session(.rideStopped) = $0 { return true }; return false } })
        rig.controls.stopButton()
        rig.recorder.stop()
        rig.controls.stop()

        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        #expect(ride.state == .stopped)
        // Exactly the epochs read before the press, in order; those after it belong to no ride.
        #expect(try reader.seqs(ride: ride.id) == Array(0..<10))
        // Both presses dated by the button's edge timestamps (the contact closing), not by when queued.
        #expect(ride.startedMonoNs == startAt)
        #expect(try reader.events(ride: ride.id).first { $0.kind == .stop }?.monoNs == stopAt)
        #expect(try Rederivation.check(path: h.dbPath).isConsistent)

        // The LED: idle, then the ride, the alarm until the parked batches landed, idle again; dark at the end.
        let history = try #require(rig.controls.led?.statusHistory)
        let alarm = try #require(history.firstIndex(of: .alarm))
        #expect(history.first == .idle)
        #expect(history[..<alarm].contains(.recording))
        #expect(history.last == .idle)
        #expect(rig.led.changes.last?.isOn == false)
        #expect(rig.reports.all.isEmpty)
    }
}

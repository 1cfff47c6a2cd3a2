import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import Testing

/// A long press ("new ride") through the button thread and the real recorder, after the rides the
/// session ends by itself (a forgotten ride, a ride closed at restart): the rider who asks for a new
/// ride must get one recording, and the LED must follow those stops.
@Suite struct LongPressTests {
    /// A recorder whose events drive `RigControls` built as the board builds them: `isRecording`
    /// from the active ride found at start (`BoardSession`).
    struct Rig {
        let harness: RecorderHarness
        let recorder: Recorder
        let controls: RigControls
        let reports = ReportedLines()

        init(_ harness: RecorderHarness, options: Recorder.Options = .init(),
             realtimeMs: @escaping @Sendable () -> Int64 = WallClock.nowUTCms) throws {
            var options = options
            // The receiver is fed only now and then here: no silence, so the LED shows the ride alone.
            options.sensor.silentAfterMs = 600_000
            let store = try RideStore(path: harness.dbPath)
            let active = try store.activeRide()
            let fake = FakeButton(clock: .live)
            let controls = RigControls(button: try Button(input: fake, activeLow: true, now: fake.nowNs), output: RecordingLED(),
                                       isRecording: active != nil, report: reports.add)
            let events = harness.events
            // The LED first, so a test that saw an event sees the LED's answer to it too.
            recorder = try Recorder(store: store, activeRide: active, source: harness.port, barometer: nil, options: options,
                                realtimeMs: realtimeMs, emit: { controls.handle($0); events.append($0) })
            self.harness = harness; self.controls = controls
        }

        func start() throws { try recorder.start(); try controls.start(recorder: recorder) }

        func stop() { controls.stopButton(); recorder.stop(); controls.stop() }

        /// A gesture as the `Button` driver reports it, queued by the button thread's own path.
        func gesture(_ gesture: ButtonGesture.Gesture) { controls.buttonThread!.handle([gesture]) }

        /// The rides started (not resumed) so far, in order.
        var startedRides: [Int64] { Self.startedRides(in: harness.events.all) }

        static func startedRides(in log: [RecorderEvent]) -> [Int64] {
            log.compactMap { if case .session(.rideStarted(let id, nil)) = $0 { return id }; return nil }
        }

        /// Waits until `count` rides have started; returns the last one.
        func waitForStartedRide(count: Int) -> Int64? {
            guard harness.events.wait({ Self.startedRides(in: $0).count >= count }) else { return nil }
            return startedRides.last
        }

        /// Feeds `seconds` more and waits until ride `id` commits fixes: it is recording.
        func recordsFixes(ride id: Int64, seconds: Int = 3) throws -> Bool {
            try harness.feed(seconds)
            return harness.events.wait { log in
                log.contains { if case .committed(let r) = $0 { return r.rideID == id && r.fixCount > 0 }; return false }
            }
        }

        var ledShowsARide: Bool { controls.led.map { [.waitingForFix, .recording].contains($0.status) } ?? false }
    }

    static func now() -> UInt64 { MonotonicClock.nowNs() }

    @Test func aLongPressAfterARideClosedAtRestartStartsOneAndTheNextSplitsIt() throws {
        let h = try RecorderHarness()
        let left = try h.interruptedRide(seconds: 5)
        let closed = left.id
        // Its last commit stamped by a clock agreeing with GNSS time (the harness stamps commits now, its fixes are months older).
        let gnss = try #require(left.pipelineState.clock.lastTimed?.utcMs)
        let db = try SQLiteConnection(path: h.dbPath, mode: .readWrite)
        try db.execute("UPDATE rides SET last_commit_utc_ms = \(gnss) WHERE id = \(closed)")
        db.close()
        var options = Recorder.Options()
        options.rearm = RearmPolicy(closeAfterS: 3600)
        options.bootID = "the-next-boot"  // after a reboot the wall clock, 2 h on, ages the ride
        let rig = try Rig(h, options: options, realtimeMs: { gnss + 2 * 3_600_000 })
        try rig.start()
        defer { rig.stop() }
        #expect(h.events.all.contains { if case .session(.rideClosedAtRestart(closed, _)) = $0 { return true }; return false })
        #expect(rig.controls.led?.status == .idle, "the ride found at start was closed, not resumed")

        // Before: the button thread still believed the closed ride recording, so this press started a
        // ride and stopped it at once.
        let first = rig.startedRides.count
        rig.gesture(.longPress(atNs: Self.now()))
        let ride = try #require(rig.waitForStartedRide(count: first + 1))
        #expect(ride != closed)
        #expect(try rig.recordsFixes(ride: ride))
        #expect(try h.reader().ride(id: ride)?.state == .recording)
        #expect(rig.ledShowsARide)

        // While recording: that ride ends and the next one records.
        rig.gesture(.longPress(atNs: Self.now()))
        let next = try #require(rig.waitForStartedRide(count: first + 2))
        #expect(try rig.recordsFixes(ride: next))
        let reader = try h.reader()
        #expect(try reader.ride(id: ride)?.state == .stopped)
        #expect(try reader.ride(id: next)?.state == .recording)
        #expect(rig.ledShowsARide)
        #expect(rig.reports.all.isEmpty)
    }

    @Test func aLongPressAfterAForgottenRideEndedItselfStartsANewRide() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.forgottenAfterS = 60
        let rig = try Rig(h, options: options)
        try rig.start()
        defer { rig.stop() }
        rig.gesture(.press(atNs: Self.now()))
        let forgotten = try #require(rig.waitForStartedRide(count: 1))
        // The simulated café stop runs from second 1336 to 1576: the ride ends itself within it.
        try h.feed(1450)
        #expect(h.events.wait { $0.contains { if case .session(.rideStopped(forgotten, _)) = $0 { return true }; return false } })
        #expect(rig.controls.led?.status == .idle)

        rig.gesture(.longPress(atNs: Self.now()))
        let ride = try #require(rig.waitForStartedRide(count: 2))
        #expect(try rig.recordsFixes(ride: ride))
        let reader = try h.reader()
        #expect(try reader.ride(id: forgotten)?.state == .stopped)
        #expect(try reader.ride(id: ride)?.state == .recording)
        #expect(rig.ledShowsARide)
        #expect(rig.reports.all.isEmpty)
    }
}

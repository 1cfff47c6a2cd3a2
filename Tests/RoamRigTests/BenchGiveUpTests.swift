import Foundation
import RoamCore
import RoamHardware
import RoamRecorder
@testable import RoamRig
import RoamSimulator
import RoamStore
import Synchronization
import Testing

/// The bench rig's give-ups and its pace: a step of the script that does not happen fails it in
/// words (`BenchStepTimedOut`) instead of letting it go on, and the feed paces on its own epochs
/// (`FeedHandOver`), not on every epoch the recorder assembles.
@Suite struct BenchGiveUpTests {
    /// 50 s up a 300 m road climbing 30 m: the pressure changes every epoch, so a step off shows.
    static let climb = RideSimulation(route: SimulatedRoute(name: "climb", startLatDeg: 47.9640, startLonDeg: 7.9520, startAltitudeM: 392, legs: [
        .road(BenchRoad(lengthM: 300, climbM: 30, speedMps: 6, fromHeadingDeg: 80, toHeadingDeg: 80)),
    ]))

    /// A bench board's rig, recorder and button threads, made as `BoardSession.run` makes them, in
    /// a fresh folder. `tap`, when given, is told each epoch the sensor thread hands over in place of
    /// the rig, with the rig's own listener to pass it on to.
    final class Bench: @unchecked Sendable {
        let dir: URL, db: String
        let rig: SimulatedRig, recorder: Recorder, controls: RigControls
        private var stopped = false

        init(_ name: String, tap: (@Sendable (_ time: Int?, _ rig: @Sendable (Int?) -> Void) -> Void)? = nil) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-bench-give-up-\(getpid())-\(name)")
            try? FileManager.default.removeItem(at: dir)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            db = dir.appendingPathComponent("rides.db").path
            let profile = try BenchBoardConf.profile(dataDir: dir.path)
            rig = try SimulatedRig(profile: profile)
            if let tap, let own = rig.port.onEpochHandedOver { rig.port.onEpochHandedOver = { time in tap(time, own) } }
            recorder = try Recorder(store: try RideStore(path: db), activeRide: nil, source: rig.port, barometer: rig.barometer, emit: { _ in })
            controls = RigControls(button: try rig.makeButton(profile), output: nil, isRecording: false, report: { _ in })
            rig.controls = controls
            try recorder.start()
            try controls.start(recorder: recorder)
        }

        /// Everything read committed, as `BoardSession` stops (button first, no press after it).
        func stop() {
            guard !stopped else { return }
            stopped = true
            controls.stopButton()
            recorder.stop()
            controls.stop()
        }

        func fixes() throws -> [FixRecord] {
            let reader = try RideReader(path: db)
            var fixes: [FixRecord] = []
            for ride in try reader.rides() { try reader.forEachFix(ride: ride.id) { fixes.append($0) } }
            return fixes
        }

        deinit { stop(); try? FileManager.default.removeItem(at: dir) }
    }

    /// A start press the button thread never acts on (it is stopped before the script presses): the
    /// script stops there in words, with nothing fed and no ride, where it went on silently after its
    /// 60 s and played the whole ride to a recorder that recorded none of it.
    @Test func aStartPressNeverHandledFailsTheScriptInWords() throws {
        let bench = try Bench("unhandled")
        bench.rig.patience = BenchPatience(pressS: 0.5)
        bench.controls.stopButton()
        var thrown: BenchStepTimedOut?
        do {
            try bench.rig.play(.simulatedRide(Self.climb, realtime: false), recorder: bench.recorder)
        } catch let timedOut as BenchStepTimedOut {
            thrown = timedOut
        }
        #expect(thrown == BenchStepTimedOut(.press("start"), afterS: 0.5))
        #expect(thrown?.description == "the bench recorder had not handled the start press after 0.5 s; the machine may be overloaded: run it again")
        bench.stop()
        #expect(try RideReader(path: bench.db).rides().isEmpty)
    }

    /// After the feed's 10th epoch an epoch of the module's banners is handed over too (one read after
    /// its set-up and settled late), told as the sensor thread tells every epoch: the recorder's count
    /// then runs one ahead of the feed. Paced on it, the rig moved the barometer to the next epoch's
    /// pressure before the epoch was sampled, and pressed stop before the last epoch was handed over.
    @Test func anEpochOfBannersDoesNotMoveTheFeedsPaceOn() throws {
        let feedsSeen = Atomic<Int>(0)
        let sensorLoop = Mutex<SensorLoop?>(nil)
        let bench = try Bench("banner") { time, rig in
            rig(time)
            guard time != nil, feedsSeen.add(1, ordering: .relaxed).newValue == 10 else { return }
            rig(nil)
            sensorLoop.withLock { $0 }?.epochsAssembled.add(1, ordering: .releasing)
        }
        sensorLoop.withLock { $0 = bench.recorder.sensor }
        try bench.rig.play(.simulatedRide(Self.climb, realtime: false), recorder: bench.recorder)
        bench.stop()
        let fixes = try bench.fixes(), epochs = Self.climb.epochs(perSecond: 1)
        #expect(fixes.count == epochs.count)
        let sampled = zip(fixes, epochs).filter { $0.0.pressurePa != nil }
        #expect(sampled.count >= epochs.count - 1)
        for (fix, epoch) in sampled {
            #expect(abs(fix.pressurePa! - epoch.pressurePa) < 1, "fix \(fix.seq): \(fix.pressurePa!) Pa stored, its epoch's \(epoch.pressurePa) Pa")
        }
    }

    /// The count itself: only noted epochs count, in order; one handed over before it was noted counts
    /// once noted; one never handed over is passed by the next taken.
    @Test func theFeedsCountTakesOnlyItsOwnEpochsInOrder() throws {
        let count = FeedHandOver()
        count.begin()
        count.note(timeOfDayMs: 1_000)
        count.handedOver(timeOfDayMs: nil)  // banners
        #expect(count.takenCount == 0)
        count.handedOver(timeOfDayMs: 1_000)
        #expect(count.takenCount == 1)
        count.handedOver(timeOfDayMs: 3_000)  // settled before the feed noted it
        count.note(timeOfDayMs: 2_000)        // lost to a set-up: never handed over
        count.note(timeOfDayMs: 3_000)
        #expect(count.takenCount == 3)
        count.note(timeOfDayMs: 4_000)
        count.note(timeOfDayMs: nil)
        count.handedOver(timeOfDayMs: nil)
        #expect(count.takenCount == 5)
        #expect(throws: BenchStepTimedOut(.handOver(taken: 5, written: 6), afterS: 0.2)) {
            count.note(timeOfDayMs: 6_000)
            try count.wait(untilTaken: 6, patienceS: 0.2)
        }
    }
}

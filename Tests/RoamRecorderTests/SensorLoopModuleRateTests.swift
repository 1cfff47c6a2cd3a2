import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// A module whose factory baud is the board's `baud` keeps it through a power cut, but comes back at
/// its factory 1 Hz: its sentences frame fine, so neither the junk nor the silence watch notices. The
/// receiver's rate watch does (epochs slower than the rate set up, judged on their UTC times as they
/// are handed over), sets it up again and says why; a module whose rate was clamped (NEO-6, 5 Hz) is
/// judged against the clamp. Through the bench's fake module behind a real pseudo-terminal, fed the
/// simulated ride's 10 Hz epochs: the module sends those its own rate keeps (`ModuleRatePacer`).
@Suite(.serialized) struct SensorLoopModuleRateTests {
    typealias Run = SensorLoopModuleResetTests.Run

    /// Writes the simulated ride's 10 Hz epochs to the module, epoch N at 100·N ms on the monotonic
    /// clock, until stopped: a module computes its epochs on its own clock. A write made late on a loaded
    /// machine is caught up at once, not added to every later one: ten late sleeps per second of a
    /// module back at 1 Hz (it sends one epoch of ten) were seconds without a byte, a false silence.
    /// Late writes change nothing judged: the epochs' UTC times stay 100 ms apart.
    final class Feed: @unchecked Sendable {
        private let stopped = Atomic<Bool>(false)
        private let done = DispatchSemaphore(value: 0)

        /// Computed once, before any module stops idling: simulating the ride takes seconds on a loaded machine.
        static let epochs = RideSimulation().epochs(perSecond: 10)

        /// The module stops idling (its banners) only as the first epoch goes out: the simulation's own
        /// time before that was a silence the recorder rightly set the module up again for.
        init(_ replayer: NMEAReplayer) {
            let epochs = Self.epochs
            Thread { [self] in
                replayer.module!.idle.store(false, ordering: .releasing)
                let startNs = MonotonicClock.nowNs()
                for (i, epoch) in epochs.enumerated() where !stopped.load(ordering: .acquiring) {
                    try? replayer.write(epoch.nmea)
                    let dueNs = startNs + UInt64(i + 1) * 100_000_000, nowNs = MonotonicClock.nowNs()
                    if dueNs > nowNs { usleep(UInt32((dueNs - nowNs) / 1000)) }
                }
                done.signal()
            }.start()
        }

        func stop() { stopped.store(true, ordering: .releasing); done.wait() }
    }

    /// Takes the queued epochs' UTC times of day until `count` in a row are `spacingMs` apart (a
    /// generous deadline); false if that never happened.
    func awaitEpochs(_ run: Run, spacingMs: Int, inARow count: Int) -> Bool {
        var inARow = 0
        var last: Int?
        let deadline = Date(timeIntervalSinceNow: 90)
        while Date() < deadline {
            for item in run.queue.takeAll(timeout: 0.5)?.items ?? [] {
                guard case .batched(.epoch(let e)) = item, let t = e.epoch.timeOfDayMs else { continue }
                inARow = last.map { t - $0 == spacingMs } == true ? inARow + 1 : 0
                last = t
                if inARow >= count { return true }
            }
        }
        return false
    }

    func started(_ module: FakeGNSSModule, configured: (FakeGNSSModule) -> Bool) throws -> (Run, Feed) {
        // The board's baud is the module's factory baud; the silence deadline the recorder's own (3 s).
        let run = try Run(module, baud: 9600, silentAfterMs: 3000)
        #expect(run.wait { configured(run.module) && run.receiver.setupRuns.load(ordering: .acquiring) == 1 }, "\(run.module)")
        return (run, Feed(run.replayer))
    }

    @Test func aModuleBackAt1HzAtTheBoardsBaudIsSetUpAgainAndSendsAt10HzAgain() throws {
        let (run, feed) = try started(FakeGNSSModule(family: .ublox, ubloxModel: .m8)) { $0.baud == 9600 && $0.rateHz == 10 }
        defer { feed.stop(); run.stop() }
        #expect(awaitEpochs(run, spacingMs: 100, inARow: 20))
        run.replayer.module!.powerCycle()
        // Same baud, factory rate and sentences: nothing for the junk or silence watch.
        #expect(run.module.baud == 9600 && run.module.rateHz == 1 && run.module.enabled.contains("GSV"))
        #expect(awaitEpochs(run, spacingMs: 1000, inARow: 3), "the module's own 1 Hz reaches the recorder")
        #expect(run.wait { !run.setUpAgain.isEmpty && run.module.rateHz == 10 && !run.module.enabled.contains("GSV") },
                "\(run.module) \(run.heard.reports.withLock { $0 })")
        #expect(awaitEpochs(run, spacingMs: 100, inARow: 20), "back at 10 Hz")
        let said = run.setUpAgain.first ?? ""
        #expect(said.contains("receiver set up again (epochs at 1 Hz, set up for 10 Hz"), "\(said)")
        print("module reset at the board's baud: \(said)")
    }

    @Test func aNEO6ClampedTo5HzIsNotSetUpAgainForItsRateButIsAfterItsReset() throws {
        let (run, feed) = try started(FakeGNSSModule(family: .ublox, ubloxModel: .neo6)) { $0.baud == 9600 && $0.rateHz == 5 }
        defer { feed.stop(); run.stop() }
        // 5 Hz against the board's 10: the clamp it was set up with, not a lower rate. Fifty epochs in a
        // row (10 s of UTC) is twice the watch's window.
        #expect(awaitEpochs(run, spacingMs: 200, inARow: 50))
        #expect(run.receiver.setupRuns.load(ordering: .acquiring) == 1)
        #expect(run.setUpAgain.isEmpty, "\(run.heard.reports.withLock { $0 })")
        run.replayer.module!.powerCycle()
        #expect(run.wait { !run.setUpAgain.isEmpty && run.module.rateHz == 5 }, "\(run.module) \(run.heard.reports.withLock { $0 })")
        #expect(awaitEpochs(run, spacingMs: 200, inARow: 20), "back at 5 Hz")
        let said = run.setUpAgain.first ?? ""
        #expect(said.contains("epochs at 1 Hz, set up for 5 Hz") && said.contains("rated to 5 Hz"), "\(said)")
    }
}

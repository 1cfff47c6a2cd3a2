import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// A module power-cycled mid-ride (a loose connector, a brown-out of the GNSS board while the board
/// stays up) comes back at its factory settings: 9600 baud and 1 Hz, or, for one that sends nothing
/// until asked, silent. The recorder notices (junk at the configured baud, or a silence past its
/// deadline), sets the module up again, says so in words, and the ride goes on after one gap.
/// Through the bench's fake module behind a real pseudo-terminal, with the real sensor thread.
@Suite(.serialized) struct SensorLoopModuleResetTests {
    final class Run: @unchecked Sendable {
        let replayer: NMEAReplayer
        let receiver: GNSSReceiver
        let loop: SensorLoop
        let queue = SensorQueue(capacity: 4096)
        /// The board's baud (board.conf `baud`), which the set-up moves the module to.
        let baud: Int
        /// What the sensor thread emitted and the receiver said, written from the sensor thread.
        final class Heard: Sendable {
            let events = Mutex<[RecorderEvent]>([])
            let reports = Mutex<[String]>([])
            /// What the receiver concluded between set-ups (`GNSSReceiver.onNote`), and the latest set-up
            /// again as the sensor thread hands it to the status file.
            let notes = Mutex<[String]>([])
            let setupAgain = Mutex<ReceiverSetupAgain?>(nil)
        }
        let heard = Heard()
        let done = DispatchSemaphore(value: 0)

        init(_ module: FakeGNSSModule, listenMs: UInt64 = 1500, foundNothingRetryMs: UInt64 = 30_000,
             baud: Int = 115_200, silentAfterMs: UInt64 = 1000, slowRetryMs: UInt64? = nil,
             unconfiguredRetryMs: UInt64 = 30_000) throws {
            self.baud = baud
            replayer = try NMEAReplayer()
            try replayer.attach(module, idleIntervalMs: 100)
            var setup = ReceiverSetup(family: .auto, targetBaud: baud, rateHz: 10)
            setup.options.listenMs = listenMs
            setup.options.garbageMs = 400
            setup.options.probeListenMs = listenMs + 1000
            setup.options.ackTimeoutMs = listenMs + 1500
            receiver = replayer.receiver(baud: baud, setup: setup)
            receiver.watch.junkMs = 1500
            receiver.watch.retryMs = foundNothingRetryMs
            receiver.watch.unconfiguredRetryMs = unconfiguredRetryMs
            receiver.onReport = { [heard] report in heard.reports.withLock { $0.append(report.summary) } }
            receiver.onNote = { [heard] note in heard.notes.withLock { $0.append(note) } }
            // The waits after a silence and after a lower rate (2 and 10 min), shorter for a test's long run.
            if let slowRetryMs { (receiver.watch.silenceRetryMs, receiver.watch.silenceRetryMaxMs) = (slowRetryMs, slowRetryMs * 5) }
            try receiver.reopen()
            var options = SensorLoop.Options()
            options.silentAfterMs = silentAfterMs
            loop = try SensorLoop(source: receiver, barometer: nil, queue: queue, options: options,
                              clock: MonotonicClock.nowNs, emit: { [heard] event in heard.events.withLock { $0.append(event) } })
            loop.onReceiverSetupAgain = { [heard] again in heard.setupAgain.withLock { $0 = again } }
            Thread { [loop, done] in loop.run(); done.signal() }.start()
        }

        var module: FakeGNSSModule { replayer.module!.state }
        var silences: Int { heard.events.withLock { $0.filter { if case .receiverSilent = $0 { true } else { false } }.count } }
        var backs: Int { heard.events.withLock { $0.filter { if case .receiverBack = $0 { true } else { false } }.count } }
        var setUpAgain: [String] { heard.reports.withLock { $0.filter { $0.contains("set up again") } } }

        /// Waits (a generous deadline, on the condition) until `condition` holds; false if it never did.
        func wait(_ condition: () -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 90)
            while !condition() && Date() < deadline { usleep(20_000) }
            return condition()
        }

        var configured: Bool { module.baud == baud && module.rateHz == 10 && module.enabled.contains("RMC") && !module.enabled.contains("GSV") }

        func stop() {
            loop.requestStop()
            done.wait()
            replayer.unplug()
        }
    }

    @Test func aModuleThatTalksAt9600AfterItsResetIsSetUpAgain() throws {
        let run = try Run(FakeGNSSModule(family: .ublox, ubloxModel: .m8))
        defer { run.stop() }
        #expect(run.wait { run.configured && run.receiver.setupRuns.load(ordering: .acquiring) == 1 })
        run.replayer.module!.powerCycle()
        // Its banners now reach the host at 9600 baud: junk at 115200.
        #expect(run.module.baud == 9600 && run.module.rateHz == 1)
        #expect(run.wait { run.configured && run.receiver.setupRuns.load(ordering: .acquiring) >= 2 }, "\(run.module)")
        #expect(run.module.dynamicModel != nil)
        #expect(run.wait { !run.setUpAgain.isEmpty }, "\(run.heard.reports.withLock { $0 })")
        let said = run.setUpAgain.first ?? ""
        #expect(said.contains("found at 9600"), "\(said)")
        print("module reset, talking at 9600: \(said)")
    }

    @Test func aModuleSilentUntilAskedAfterItsResetIsAskedAgainAndTheRideGoesOn() throws {
        let run = try Run(FakeGNSSModule(family: .ublox, ubloxModel: .m8, silentUntilAsked: true))
        defer { run.stop() }
        // Configured, it sends an RMC without a fix every 100 ms: epochs arrive.
        #expect(run.wait { run.configured && run.loop.epochsAssembled.load(ordering: .acquiring) > 5 })
        run.replayer.module!.powerCycle()
        #expect(run.module.enabled.isEmpty)
        // Silent past the deadline: one gap, then asked again, its sentences turned on, and back.
        #expect(run.wait { run.silences == 1 })
        #expect(run.wait { run.configured && run.backs == 1 }, "\(run.module) \(run.heard.reports.withLock { $0 })")
        let before = run.loop.epochsAssembled.load(ordering: .acquiring)
        #expect(run.wait { run.loop.epochsAssembled.load(ordering: .acquiring) > before + 5 })
        #expect(run.silences == 1)
        // The journal's words for the silence: seconds and what to check, not "no bytes for 1000 ms".
        let silence = run.heard.events.withLock { $0.compactMap { if case .receiverSilent(let why) = $0 { why } else { nil } } }.first ?? ""
        #expect(silence.hasPrefix("nothing received for 1 s: ") && silence.contains("cable"), "\(silence)")
        // "receiver back after …": the silence since its last sentence, at least the 1 s that made it a
        // gap; not since the set-up's own exchange with the module, which ends just before it talks again.
        let back = run.heard.events.withLock { $0.compactMap { if case .receiverBack(let ns) = $0 { ns } else { nil } } }
        #expect(back.count == 1 && back[0] >= 1_000_000_000, "\(back)")
        let said = run.setUpAgain.first ?? ""
        #expect(said.contains("silent for") && said.contains("it sent nothing until asked"), "\(run.heard.reports.withLock { $0 })")
        print("module reset, silent until asked: \(said)")
    }

    /// A set-up that found the module but left it unconfigured (its baud command missed, as by a module
    /// whose line garbled it: it stays at 9600 baud and takes the rest there) is run again while
    /// the module talks, and the module ends as set up; not left at 9600 for the rest of the ride.
    @Test func aSetUpThatLeftTheModuleUnconfiguredIsRunAgain() throws {
        var module = FakeGNSSModule(family: .ublox, ubloxModel: .m8)
        module.baudCommandsToMiss = 1
        let run = try Run(module, unconfiguredRetryMs: 500)
        defer { run.stop() }
        #expect(run.wait { run.configured && run.receiver.setupRuns.load(ordering: .acquiring) >= 2 }, "\(run.module) \(run.heard.reports.withLock { $0 })")
        #expect(run.module.accepted.filter { $0.hasPrefix("CFG-PRT") } == ["CFG-PRT 115200"])
        let said = run.setUpAgain.first ?? ""
        #expect(said.contains("(the set-up before left it unconfigured:"), "\(run.heard.reports.withLock { $0 })")
        #expect(run.heard.setupAgain.withLock { $0?.cause.hasPrefix("the set-up before left it unconfigured") } == true)
    }

    /// A module that refuses its set-up is tried again (with backoff), said once, and after the same
    /// refusal at three set-ups asked no more, said once too (GNSSReceiverRetryTests counts the reads).
    @Test func aModuleThatRefusesItsSetUpIsTriedAgainAndSaidOnce() throws {
        let run = try Run(FakeGNSSModule(family: .ublox, behaviour: .refuses), listenMs: 200, unconfiguredRetryMs: 100)
        defer { run.stop() }
        #expect(run.wait { run.setUpAgain.contains { $0.contains("not asked again in this run") } }, "\(run.heard.reports.withLock { $0 })")
        #expect(run.receiver.setupRuns.load(ordering: .acquiring) == 3)
        #expect(run.setUpAgain.count == 2, "\(run.heard.reports.withLock { $0 })")
        #expect(run.module.accepted.isEmpty)
    }
}

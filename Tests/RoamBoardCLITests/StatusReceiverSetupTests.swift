import Foundation
import Glibc
import RoamCore
import RoamHardware
import RoamRecorder
import RoamRig
import RoamSimulator
import RoamStore
import RoamSystem
import Testing

/// A module power-cycled mid-ride is set up again by the recorder (SensorLoopModuleResetTests); the
/// log says so, and `roam-board status` must too: a rider or a helper at the bench has no log. The
/// real recorder on a real store, its receiver behind a real pseudo-terminal with the bench's fake
/// u-blox at the far end; `status` run as its own process, as a rider would.
@Suite(.serialized) struct StatusReceiverSetupTests {
    final class Bench {
        let dir: URL
        let db: String
        let replayer: NMEAReplayer
        let recorder: Recorder

        init() throws {
            dir = try TrialPaths.temporaryDirectory("status-receiver")
            db = dir.appendingPathComponent("rides.db").path
            replayer = try NMEAReplayer()
            try replayer.attach(FakeGNSSModule(family: .ublox, ubloxModel: .m8), idleIntervalMs: 100)
            var setup = ReceiverSetup(family: .auto, targetBaud: 115_200, rateHz: 10)
            setup.options.listenMs = 1500
            setup.options.garbageMs = 400
            setup.options.probeListenMs = 2500
            setup.options.ackTimeoutMs = 3000
            let receiver = replayer.receiver(baud: 115_200, setup: setup)
            receiver.watch.junkMs = 1500
            try receiver.reopen()
            var options = Recorder.Options()
            options.statusIntervalS = 0  // every commit's status written: the test waits on the file, not the interval
            recorder = try Recorder(store: try RideStore(path: db), activeRide: nil, source: receiver, barometer: nil,
                                options: options, emit: { _ in })
        }

        var statusFile: RecorderStatus? {
            get throws { try RecorderStatusFile.read(path: RecorderStatusFile.path(forDatabase: db))?.status }
        }

        /// Set-ups again the status file shows so far.
        var setupsAgain: Int { get throws { try statusFile?.receiverSetupAgain?.count ?? 0 } }

        /// Waits (a generous deadline, on the condition) until the status file shows set-up again number
        /// `count`: the host's end of the wire (`BenchSerialLine`) waits for the module to judge each
        /// command, so no set-up is left unfinished by the load and none runs but the ones the test causes.
        func waitForSetupAgain(_ count: Int) throws -> RecorderStatus? {
            let deadline = Date(timeIntervalSinceNow: 120)
            while Date() < deadline {
                if let s = try statusFile, let again = s.receiverSetupAgain, again.count >= count { return s }
                usleep(50_000)
            }
            return try statusFile
        }

        /// Waits until the module has taken the set-up's last command (the board's baud, 10 Hz, the
        /// dynamic model): a power cycle before that would cut into the set-up.
        func waitUntilSetUp() -> Bool {
            replayer.module!.waitUntil(timeoutNs: 120_000_000_000) { $0.baud == 115_200 && $0.rateHz == 10 && $0.dynamicModel != nil }
        }

        deinit {
            recorder.stop()
            replayer.unplug()
            TrialPaths.remove(dir)
        }
    }

    /// `status`'s receiver line.
    private func receiverLine(_ db: String) throws -> String {
        let r = try CLIRunner.run(["status", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").first { $0.hasPrefix("receiver ") }.map(String.init) ?? r.stdout
    }

    private func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

    @Test func aModuleSetUpAgainMidRideIsShownByStatusWhenWhyAndHowOften() throws {
        let bench = try Bench()
        try bench.recorder.start()
        bench.recorder.press()
        #expect(try receiverLine(bench.db) == "receiver     not set up again in this run")

        #expect(bench.waitUntilSetUp())
        // Back from a power cut at 9600 baud: junk at the board's 115200, set up again.
        let lostBaud = "no checksummed sentence for 1 s: the module may have lost its baud"
        #expect(try bench.setupsAgain == 0)
        bench.replayer.module!.powerCycle()
        let seen = try bench.waitForSetupAgain(1)
        let once = try #require(seen?.receiverSetupAgain, "\(String(describing: seen))")
        #expect(once.cause == lostBaud && once.count == 1)
        let line = try receiverLine(bench.db)
        #expect(line.hasPrefix("receiver     set up again once in this run, last "), "\(line)")
        #expect(line.hasSuffix(" ago (\(CivilDate.iso8601(utcMs: once.utcMs))): \(lostBaud)"), "\(line)")

        // Again: counted, the latest shown.
        #expect(bench.waitUntilSetUp())
        bench.replayer.module!.powerCycle()
        let twice = try #require(try bench.waitForSetupAgain(2)?.receiverSetupAgain)
        #expect(twice.count == 2 && twice.cause == lostBaud && twice.utcMs >= once.utcMs && twice.monoNs > once.monoNs)
        bench.recorder.stop()
        let last = try #require(try bench.statusFile?.receiverSetupAgain)
        #expect(last == twice)
        let after = try receiverLine(bench.db)
        #expect(after.hasPrefix("receiver     set up again \(times(last.count)) in the recorder's last run, last "), "\(after)")
        #expect(after.hasSuffix("(\(CivilDate.iso8601(utcMs: last.utcMs))): \(last.cause)"), "\(after)")
        print(after)
    }

    /// What setting it up again could not change (`ReceiverDeliveredRate`, SensorLoopDeliveredRateTests)
    /// is shown under the receiver line, from a status file a recorder left (a real store beside it).
    @Test func aModuleThatDeliversLessThanItAcknowledgedIsShownUnderTheReceiverLine() throws {
        let dir = try TrialPaths.temporaryDirectory("status-delivers")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        _ = try RideStore(path: db)
        let delivers = ReceiverDeliveredRate(milliHz: 3333, setUpForHz: 10, bytesPerEpoch: 263, baud: 9600).summary
        var status = RecorderStatus(pid: 4242, bootID: RecorderStatusFile.bootID)
        status.receiverSetupAgain = ReceiverSetupAgain(cause: "epochs at 3.3 Hz, set up for 10 Hz: the module may have lost its rate, "
            + "or cannot send it", count: 1, monoNs: 1, utcMs: 1_781_425_798_000, delivers: delivers)
        try RecorderStatusFile(path: RecorderStatusFile.path(forDatabase: db)).write(status)
        let r = try CLIRunner.run(["status", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix("receiver     set up again once in the recorder's last run") }, "\(r.stdout)")
        #expect(lines.dropFirst(at + 1).first == "             " + delivers, "\(r.stdout)")
        #expect(delivers == "delivers 3.3 Hz, not 10 Hz: 263 B × 10 Hz = 2630 B/s > 960 B/s at 9600 baud; set baud = 57600 in board.conf")
    }
}

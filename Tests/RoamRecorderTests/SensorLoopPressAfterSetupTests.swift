import RoamPorts
import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// P2, P5: the epoch a set-up heard and handed back, and a press right after the set-up. The module
/// sent that epoch's burst before it answered the set-up's commands: the burst was whole when the
/// set-up ended, before the rider could press, so it is stored in front of the press and is no part
/// of the ride the press starts (kernel-sim s9 found a stock 1 Hz epoch, with its GSV, at the head of
/// a 10 Hz ride when the press came within the quiet time of the set-up's end). A set-up whose last
/// read brought data (the module's next burst begun) hands back an epoch that may not be whole yet:
/// the press then goes in front of it, as before.
/// The bench's fake u-blox behind a real pseudo-terminal; the loop's clock moves only when the test moves it.
@Suite(.serialized) struct SensorLoopPressAfterSetupTests {
    /// The bench's wire, which puts the module's burst on the line just before the set-up's first
    /// command of `kind` reaches the module (so the module answers that command after the burst).
    final class BurstBeforeCommand: SerialLine, PollableSource, @unchecked Sendable {
        let wire: BenchSerialLine
        let replayer: NMEAReplayer
        let burst: [UInt8]
        /// UBX class and id of the command the burst goes just before.
        let kind: (UInt8, UInt8)
        private let sent = Atomic<Bool>(false)
        /// Run on the sensor thread once the burst is on the line (a press during the set-up).
        let then: @Sendable () -> Void

        init(_ replayer: NMEAReplayer, baud: Int, burst: [UInt8], before kind: (UInt8, UInt8),
             then: @escaping @Sendable () -> Void = {}) throws(DeviceError) {
            self.replayer = replayer; self.burst = burst; self.kind = kind; self.then = then
            wire = try BenchSerialLine(replayer, baud: baud)
        }

        var device: String { wire.device }
        var baud: Int { wire.baud }
        var readiness: PortReadiness { wire.readiness }
        func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
            try wire.read(into: buffer, timeoutMs: timeoutMs)
        }
        func setBaud(_ baud: Int) throws(DeviceError) { try wire.setBaud(baud) }

        func write(_ bytes: [UInt8]) throws(DeviceError) {
            if bytes.count > 3, bytes[2] == kind.0, bytes[3] == kind.1, !sent.exchange(true, ordering: .acquiringAndReleasing) {
                // No banner from now on: after the burst the line carries only the module's answers.
                replayer.module!.idle.store(false, ordering: .releasing)
                try replayer.write(burst)
                then()
            }
            try wire.write(bytes)
        }
    }

    final class Run {
        let replayer: NMEAReplayer
        let receiver: GNSSReceiver
        let clock = SensorLoopPressMidSentenceTests.TestClock()
        let queue = SensorQueue(capacity: 100, pressHoldLimitNs: 600_000_000_000)
        let loop: SensorLoop
        private let done = DispatchSemaphore(value: 0)
        private var stopped = false

        /// `pressDuringSetUp`: the loop holds an epoch when the set-up begins (as one run again mid-stream
        /// does), and the rider presses while it runs, after the module sent the burst (seconds 0 and 1).
        init(burstBefore kind: (UInt8, UInt8), pressDuringSetUp: Bool = false) throws {
            replayer = try NMEAReplayer()
            try replayer.attach(FakeGNSSModule(family: .ublox, ubloxModel: .m8), idleIntervalMs: 100)
            var setup = ReceiverSetup(family: .ublox, targetBaud: 115_200, rateHz: 10)
            setup.options.listenMs = 1500
            setup.options.garbageMs = 400
            setup.options.probeListenMs = 2500
            setup.options.ackTimeoutMs = 3000
            let replayer = self.replayer, queue = self.queue, clock = self.clock
            let burst = SensorLoopPressMidSentenceTests.burst(second: 0) + (pressDuringSetUp ? SensorLoopPressMidSentenceTests.burst(second: 1) : [])
            if pressDuringSetUp { queue.sensorHoldsEpoch.store(true, ordering: .releasing) }
            receiver = GNSSReceiver(device: replayer.secondaryPath, setup: setup) { () throws(DeviceError) -> any ByteSource in
                try BurstBeforeCommand(replayer, baud: 115_200, burst: burst, before: kind) {
                    if pressDuringSetUp { queue.push(.press(monoNs: clock.now())) }
                }
            }
            try receiver.reopen()
            var options = SensorLoop.Options()
            options.epochSettleMs = 60_000
            options.silentAfterMs = 60_000
            loop = try SensorLoop(source: receiver, barometer: nil, queue: queue, options: options,
                                  clock: { clock.now() }, emit: { _ in })
            let loop = self.loop, done = self.done
            Thread { loop.run(); done.signal() }.start()
        }

        /// The set-up ran and the loop handed over the epoch it handed back. Not "holding it": between its
        /// read and its settle the loop holds it for a moment, and a press then is held and goes first.
        func setUpAndServed() -> Bool {
            SensorLoopPressMidSentenceTests.Run.waitFor {
                receiver.setupRuns.load(ordering: .acquiring) == 1 && loop.epochsAssembled.load(ordering: .acquiring) > 0
            }
        }

        /// Presses (the loop's clock not moved: within the quiet time of the last byte it read), then
        /// the module's next burst, then stops; returns everything queued, in order.
        func pressThenNextBurstAndStop() throws -> [String] {
            queue.push(.press(monoNs: clock.now()))
            // Held, the press is handed over once the loop answers it: before the next burst is on the line.
            let pressed = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 60_000_000_000))
            try replayer.write(SensorLoopPressMidSentenceTests.burst(second: 1))
            let before = loop.epochsAssembled.load(ordering: .acquiring)
            // The next burst read (it sits in the loop's stream until the stop settles it).
            try #require(SensorLoopPressMidSentenceTests.Run.waitFor {
                queue.sensorHoldsEpoch.load(ordering: .acquiring) && loop.epochsAssembled.load(ordering: .acquiring) == before + (before == 0 ? 1 : 0)
            })
            stopped = true
            loop.requestStop(); done.wait()
            replayer.unplug()
            let after = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0))
            return SensorLoopPressMidSentenceTests.described(pressed.items + after.items)
        }

        /// Stops the loop (it hands over what it holds) and takes everything queued since.
        func stopAndTake() throws -> [SensorItem] {
            stopped = true
            loop.requestStop(); done.wait()
            replayer.unplug()
            return try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0)).items
        }

        deinit { if !stopped { loop.requestStop(); done.wait(); replayer.unplug() } }
    }

    @Test func anEpochHandedBackBeforeTheModulesAnswerGoesInFrontOfAPressRightAfterTheSetUp() throws {
        // Just before CFG-MSG (0x06 0x01): the module answers the rest of the set-up after the burst.
        let run = try Run(burstBefore: (0x06, 0x01))
        #expect(run.setUpAndServed())
        #expect(run.receiver.lastReport?.configured == true, "\(run.receiver.lastReport?.summary ?? "no report")")
        let queued = try run.pressThenNextBurstAndStop()
        #expect(queued.count == 3 && queued.first?.hasPrefix("0:") == true && queued.dropFirst().first == "press"
                && queued.last?.hasPrefix("1:") == true, "\(queued)")
    }

    /// A press held while a set-up ran (the loop held an epoch when it began): the epochs its hand-back
    /// closed went behind that press, and so does the last, whole or not. Settled in front of it, the
    /// last would have come before the press and the others after it: [1, press, 0].
    @Test func aPressHeldDuringTheSetUpStaysInFrontOfEveryEpochItHandedBack() throws {
        let run = try Run(burstBefore: (0x06, 0x01), pressDuringSetUp: true)
        let pressed = try #require(run.queue.takeBatch(notBeforeNs: 0, timeoutNs: 60_000_000_000))
        #expect(run.receiver.setupRuns.load(ordering: .acquiring) == 1)
        let queued = SensorLoopPressMidSentenceTests.described(pressed.items + (try run.stopAndTake()))
        #expect(queued.first == "press" && queued.dropFirst().first?.hasPrefix("0:") == true
                && queued.dropFirst(2).first?.hasPrefix("1:") == true, "\(queued)")
    }
}

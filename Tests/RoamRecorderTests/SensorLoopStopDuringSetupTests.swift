import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// A stop that comes while the receiver is being configured: the set-up gives up at its next read
/// and hands back the data sentences it heard, more than one read can serve. They are recorded
/// before the last settle, and the set-up's report says it was cut short, not that nothing was found.
@Suite struct SensorLoopStopDuringSetupTests {
    @Test func whatTheSetUpHeardIsRecordedWhenTheStopCutsItShort() throws {
        let replayer = try NMEAReplayer()
        // Deaf: it never answers MON-VER, so the set-up waits for it (30 s) when the stop comes.
        try replayer.attach(FakeGNSSModule(family: .ublox, behaviour: .deaf), idleIntervalMs: 100)
        defer { replayer.unplug() }
        replayer.module!.idle.store(false, ordering: .releasing)
        let seconds = 60
        let ride = RideSimulation().seconds.prefix(seconds).flatMap { Array($0.nmea) }
        #expect(ride.count > 3 * 4096)   // more than the loop's read buffer holds
        var setup = ReceiverSetup(family: .ublox, targetBaud: 9600, rateHz: 1)
        setup.options.ackTimeoutMs = 30_000
        let receiver = replayer.receiver(baud: 9600, setup: setup)
        try receiver.reopen()
        let loop = try SensorLoop(source: receiver, barometer: nil, queue: SensorQueue(capacity: 64), options: .init(),
                              clock: MonotonicClock.nowNs, emit: { _ in })
        // Written from a thread of its own (a full pty makes the write wait for the reader), before the
        // set-up starts listening: its first listen at 9600 hears the ride at once.
        let written = DispatchSemaphore(value: 0)
        Thread { try? replayer.write(ride); written.signal() }.start()
        let done = DispatchSemaphore(value: 0)
        Thread { loop.run(); done.signal() }.start()
        #expect(written.wait(timeout: .now() + 30) == .success)
        // The set-up reads the rest within moments of the write; its MON-VER wait (30 s) goes on long after.
        usleep(8_000_000)
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 0)
        loop.requestStop()
        done.wait()
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 1)
        let summary = receiver.lastReport?.summary ?? ""
        #expect(summary.contains("set-up cut short by the recorder stopping"), "\(summary)")
        #expect(receiver.lastReport?.configured == false)
        #expect(loop.epochsAssembled.load(ordering: .acquiring) == seconds)
    }
}

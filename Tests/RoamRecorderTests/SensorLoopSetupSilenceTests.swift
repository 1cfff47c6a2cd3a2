import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Synchronization
import Testing

/// A receiver's set-up reads the port itself for seconds and hands back only data sentences. A module
/// that sends junk the whole time (here at 4800 baud, which the search never tries) was heard
/// throughout, so the sensor thread must not record "receiver silent" when the set-up ends.
@Suite struct SensorLoopSetupSilenceTests {
    @Test func aSetUpThatHeardOnlyJunkIsNoSilence() throws {
        let replayer = try NMEAReplayer()
        try replayer.attach(FakeGNSSModule(family: .ublox, baud: 4800), idleIntervalMs: 100)
        defer { replayer.unplug() }
        var setup = ReceiverSetup(family: .auto, targetBaud: 115_200, rateHz: 10)
        // Junk at every baud: each listen runs to its end (about 2.6 s in all), however loaded the machine.
        setup.options.listenMs = 600
        setup.options.garbageMs = 300
        setup.options.probeListenMs = 400
        let receiver = replayer.receiver(baud: 115_200, setup: setup)
        try receiver.reopen()
        var options = SensorLoop.Options()
        options.silentAfterMs = 1000  // well inside the set-up's listening
        let events = Mutex<[RecorderEvent]>([])
        let loop = try SensorLoop(source: receiver, barometer: nil, queue: SensorQueue(capacity: 64), options: options,
                              clock: MonotonicClock.nowNs, emit: { event in events.withLock { $0.append(event) } })
        let done = DispatchSemaphore(value: 0)
        Thread { loop.run(); done.signal() }.start()
        let deadline = Date(timeIntervalSinceNow: 60)
        while receiver.setupRuns.load(ordering: .acquiring) == 0 && Date() < deadline { usleep(10_000) }
        // Past the silence threshold after the set-up, the junk still arriving.
        usleep(2_000_000)
        loop.requestStop()
        done.wait()
        #expect(receiver.setupRuns.load(ordering: .acquiring) == 1)
        #expect(receiver.lastReport?.sawOnlyJunk == true, "\(String(describing: receiver.lastReport))")
        let silences = events.withLock { $0.filter { if case .receiverSilent = $0 { return true }; return false } }
        #expect(silences.isEmpty, "bytes arrived all along: \(silences)")
    }
}

import RoamPorts
import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Testing

/// P6, P4: epochs a receiver's set-up heard (seconds of them, handed back when it ends) carry no
/// barometer sample: one read after the set-up would be stored as the pressure of every one of
/// them, measured when none of them was heard. They are stored as a missed sample is (flagged
/// barometer-missing, the ride saying why); the epochs read live after them are sampled again, and
/// the log says nothing, since the barometer was fine.
/// The bench's fake u-blox behind a real pseudo-terminal, the real BMP280 driver over the register-map fake.
@Suite(.serialized) struct SensorLoopHandBackBarometerTests {
    @Test func epochsHeardDuringTheSetUpCarryNoSampleAndTheRideSaysWhy() throws {
        let replayer = try NMEAReplayer()
        defer { replayer.unplug() }
        try replayer.attach(FakeGNSSModule(family: .ublox, ubloxModel: .m8), idleIntervalMs: 100)
        var setup = ReceiverSetup(family: .ublox, targetBaud: 115_200, rateHz: 10)
        (setup.options.listenMs, setup.options.garbageMs, setup.options.probeListenMs, setup.options.ackTimeoutMs) = (1500, 400, 2500, 3000)
        // Three seconds of bursts reach the line while the set-up runs, before it sends CFG-MSG.
        let heard = (0..<3).flatMap { SensorLoopPressMidSentenceTests.burst(second: $0) }
        let receiver = GNSSReceiver(device: replayer.secondaryPath, setup: setup) { () throws(DeviceError) -> any ByteSource in
            try SensorLoopPressAfterSetupTests.BurstBeforeCommand(replayer, baud: 115_200, burst: heard, before: (0x06, 0x01))
        }
        try receiver.reopen()
        let bus = FakeI2CBus(device: "/dev/i2c-1"), chip = FakeBMP280()
        chip.setAmbient(pressurePa: 96_000, temperatureC: 15)
        bus.attach(chip, at: 0x76)
        let barometer = BMP280(bus: bus, address: 0x76)
        try barometer.probe()
        let queue = SensorQueue(capacity: 1000), events = SensorLoopReopenTests.Events()
        let loop = try SensorLoop(source: receiver, barometer: barometer, queue: queue, clock: MonotonicClock.nowNs, emit: events.append)
        let done = DispatchSemaphore(value: 0)
        Thread { loop.run(); done.signal() }.start()
        #expect(SensorLoopPressMidSentenceTests.Run.waitFor { loop.epochsAssembled.load(ordering: .acquiring) >= 3 })
        #expect(receiver.lastReport?.configured == true, "\(receiver.lastReport?.summary ?? "no report")")
        // Seconds 3 to 5 live, after the set-up: the loop reads them as they come.
        for second in 3..<6 { try replayer.write(SensorLoopPressMidSentenceTests.burst(second: second)) }
        #expect(SensorLoopPressMidSentenceTests.Run.waitFor { loop.epochsAssembled.load(ordering: .acquiring) >= 5 })
        loop.requestStop(); done.wait()
        let items = try #require(queue.takeBatch(notBeforeNs: 0, timeoutNs: 0)).items
        let described = items.compactMap { item -> String? in
            switch item {
            case .batched(.epoch(let e)): return "\((e.epoch.timeOfDayMs ?? -1) / 1000 - 54_000)\(e.barometer == nil ? "-" : "S")"
            case .batched(.barometerMissing(_, let cause)): return cause == BarometerGapCause.heardDuringSetUp ? "missing(set-up)" : "missing(\(cause))"
            case .batched(.barometerBack): return "back"
            default: return nil
            }
        }
        #expect(described == ["missing(set-up)", "0-", "1-", "2-", "back", "3S", "4S", "5S"], "\(described)")
        #expect(!events.all.contains { if case .barometerMissing = $0 { true } else if case .barometerBack = $0 { true } else { false } },
                "\(events.all)")
    }
}

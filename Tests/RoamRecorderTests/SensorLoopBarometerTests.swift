import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Testing

/// P6 on the sensor thread: a BMP280 that disappears mid-ride does not stop the epochs; they carry
/// no sample (the pipeline flags them barometer-missing) until a re-probe finds the chip again.
@Suite struct SensorLoopBarometerTests {
    @Test func aVanishedBarometerLeavesEpochsWithoutSamplesUntilItIsReprobed() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        let chip = FakeBMP280()
        chip.setAmbient(pressurePa: 96_000, temperatureC: 15)
        bus.attach(chip, at: 0x76)
        let barometer = BMP280(bus: bus, address: 0x76)
        try barometer.probe()
        var options = SensorLoop.Options()
        options.barometerRetryMs = 0  // re-probe at every epoch while missing
        let queue = SensorQueue(capacity: 1000)
        let events = SensorLoopReopenTests.Events()
        let loop = SensorLoop(source: port, barometer: barometer, queue: queue, options: options,
                              clock: MonotonicClock.nowNs, emit: events.append)
        let done = DispatchSemaphore(value: 0)
        Thread { loop.run(); done.signal() }.start()
        let items = SensorLoopReopenTests.Items(queue)
        let seconds = SensorLoopReopenTests.seconds

        // Second N completes epoch N-1: write one second, wait for the epoch it completes.
        func epoch(_ n: Int) throws -> SensorEpoch? {
            try pty.write(seconds[n + 1].nmea)
            guard items.take(until: { _ in items.epochs.count > n }) else { return nil }
            return items.epochs[n]
        }
        try pty.write(seconds[0].nmea)
        #expect(try epoch(0)?.barometer.map { abs($0.pressurePa - 96_000) < 0.2 } == true)
        bus.vanish(address: 0x76)  // the connector shook loose
        #expect(try epoch(1)?.barometer == nil)
        #expect(try epoch(2)?.barometer == nil)
        chip.powerOnReset()  // it lost power too
        chip.setAmbient(pressurePa: 95_500, temperatureC: 14)
        bus.reappear(address: 0x76)
        // The re-probe resets and configures it; its first conversion may still read as skipped.
        var back: SensorEpoch?
        for n in 3..<10 { if let e = try epoch(n), e.barometer != nil { back = e; break } }
        #expect(back.map { abs($0.barometer!.pressurePa - 95_500) < 0.2 } == true)
        loop.requestStop()
        done.wait()

        let kinds = events.all.map { event -> String in
            switch event {
            case .barometerMissing(let reason): return reason.contains("EREMOTEIO") ? "missing(NACK)" : "missing"
            case .barometerBack: return "back"
            default: return "other"
            }
        }
        #expect(kinds == ["missing(NACK)", "back"])
    }
}

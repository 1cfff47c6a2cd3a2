import RoamPorts
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import Testing

/// P6 on the sensor thread: a BMP280 that disappears or resets itself mid-ride does not stop the
/// epochs; they carry no sample (the pipeline flags them barometer-missing) until a re-probe sets
/// the chip up again, and the log says so once (P4: no pressure stored as measured meanwhile).
/// The real driver over the register-map fake, the real sensor thread over a pseudo-terminal.
@Suite struct SensorLoopBarometerTests {
    /// A ride at 1 Hz from a pty, the BMP280 driver probed on a fake bus, re-probed at every epoch
    /// while missing (`barometerRetryMs` 0: the retry still comes from the epochs' rhythm).
    final class Ride {
        let pty: PseudoTerminal
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        let chip: FakeBMP280
        let loop: SensorLoop
        let items: SensorLoopReopenTests.Items
        let events = SensorLoopReopenTests.Events()
        private let done = DispatchSemaphore(value: 0)
        private let seconds = SensorLoopReopenTests.seconds

        /// `probedAtStart` false: the probe at start fails and the sensor is kept, as `HardwareRig.probed` does.
        init(chip: FakeBMP280 = FakeBMP280(), probedAtStart: Bool = true) throws {
            self.chip = chip
            pty = try PseudoTerminal()
            let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
            chip.setAmbient(pressurePa: 96_000, temperatureC: 15)
            bus.attach(chip, at: 0x76)
            let barometer = BMP280(bus: bus, address: 0x76)
            if probedAtStart { try barometer.probe() } else { #expect(throws: DeviceError.self) { try barometer.probe() } }
            var options = SensorLoop.Options()
            options.barometerRetryMs = 0
            let queue = SensorQueue(capacity: 1000)
            loop = try SensorLoop(source: port, barometer: barometer, queue: queue, options: options,
                              clock: MonotonicClock.nowNs, emit: events.append)
            items = SensorLoopReopenTests.Items(queue)
            Thread { [loop, done] in loop.run(); done.signal() }.start()
            try pty.write(seconds[0].nmea)
        }

        /// Second N completes epoch N-1: writes one second, waits for the epoch it completes.
        func epoch(_ n: Int) throws -> SensorEpoch? {
            try pty.write(seconds[n + 1].nmea)
            guard items.take(until: { _ in self.items.epochs.count > n }) else { return nil }
            return items.epochs[n]
        }

        /// The first epoch from `n` on that carries a sample (a re-probed chip's first conversion may read as skipped).
        func firstSampled(from n: Int) throws -> SensorEpoch? {
            for i in n..<n + 6 { if let e = try epoch(i), e.barometer != nil { return e } }
            return nil
        }

        /// The barometer's log lines as kinds: what the rider's journal shows.
        var said: [String] {
            events.all.compactMap { event -> String? in
                switch event {
                case .barometerMissing(let reason):
                    if reason.contains("reset") { return "missing(reset)" }
                    return reason.contains("failed: \(errnoWords).") ? "missing(\(errnoName))" : "missing(\(reason))"
                case .barometerBack: return "back"
                default: return nil
                }
            }
        }
        var errnoName = "EREMOTEIO"
        /// The errno in the words the log says it (`Errno.words`), never its code.
        var errnoWords = Errno.remoteIO.words

        /// What reached the queue, in order: "S" an epoch with a sample, "-" one without, "missing: <cause>"
        /// and "back" the words that begin and end a stretch without samples (recorded in the ride).
        var handedOver: [String] {
            items.all.compactMap { item -> String? in
                switch item {
                case .batched(.epoch(let e)): return e.barometer == nil ? "-" : "S"
                case .batched(.barometerMissing(_, let cause)): return "missing: \(cause)"
                case .batched(.barometerBack): return "back"
                default: return nil
                }
            }
        }

        /// The words around the stretch, each just before the epoch it begins or ends at.
        var stretch: [String] {
            let shown = handedOver
            guard let start = shown.firstIndex(where: { $0.hasPrefix("missing") }),
                  let end = shown.firstIndex(of: "back") else { return shown }
            return [shown[start - 1], shown[start], shown[start + 1], shown[end - 1], shown[end], shown[end + 1]]
        }

        func stop() { loop.requestStop(); done.wait() }
    }

    static func near(_ e: SensorEpoch?, _ pa: Double) -> Bool { e?.barometer.map { abs($0.pressurePa - pa) < 0.2 } == true }

    @Test(arguments: [Errno.remoteIO, .noSuchDeviceOrAddress, .ioError])
    func aVanishedBarometerLeavesEpochsWithoutSamplesUntilItIsReprobed(errno: Errno) throws {
        let ride = try Ride()
        ride.errnoName = errno.name
        ride.errnoWords = errno.words
        #expect(Self.near(try ride.epoch(0), 96_000))
        ride.bus.vanish(address: 0x76, errno: errno)  // the connector shook loose
        for n in 1...4 { #expect(try ride.epoch(n)?.barometer == nil, "epoch \(n): NACKed, so no pressure") }
        ride.chip.powerOnReset()  // it lost power too
        ride.chip.setAmbient(pressurePa: 95_500, temperatureC: 14)
        ride.bus.reappear(address: 0x76)
        #expect(Self.near(try ride.firstSampled(from: 5), 95_500))
        ride.stop()
        #expect(ride.chip.peek(0xF4) == 0x57 && ride.chip.peek(0xF5) == 0x10, "set up again: normal mode, ×16/×2, IIR 16")
        // Said once for the outage, not once per epoch, and once when it answered.
        #expect(ride.said == ["missing(\(errno.name))", "back"])
        // The ride gets the same once, in words, where the stretch begins and ends among the epochs.
        let words = errno == .ioError ? "the I2C bus reported an error talking to the barometer: I/O error"
            : "the barometer did not answer: nothing answered on the bus (no acknowledge)"
        #expect(ride.stretch == ["S", "missing: " + words, "-", "-", "back", "S"], "\(ride.handedOver)")
        #expect(ride.handedOver.filter { !["S", "-"].contains($0) }.count == 2)
    }

    /// A BME680 where the BMP280 should be: the probe at start failed, the rig kept the sensor. The
    /// first epoch probes it again and the ride records what that met, not that it was never set up;
    /// once a BMP280 answers there, it is sampled and the stretch ends. The log says the finding
    /// once, at start (BarometerStartLogTests).
    @Test func aBarometerWhoseStartProbeFailedRecordsWhyFromTheFirstEpoch() throws {
        let ride = try Ride(chip: FakeBMP280(chipID: 0x61), probedAtStart: false)
        #expect(try ride.epoch(0)?.barometer == nil)
        #expect(try ride.epoch(1)?.barometer == nil)
        let fitted = FakeBMP280()
        fitted.setAmbient(pressurePa: 95_700, temperatureC: 15)
        ride.bus.attach(fitted, at: 0x76)
        #expect(Self.near(try ride.firstSampled(from: 2), 95_700))
        ride.stop()
        let words = "chip id 0x58 (BMP280) or 0x60 (BME280) expected at 0x76, read 0x61: a BME680"
        let said = ride.handedOver.filter { !["S", "-"].contains($0) }
        #expect(said == ["missing: " + words, "back"], "\(ride.handedOver)")
        #expect(ride.handedOver.prefix(3) == ["missing: " + words, "-", "-"], "\(ride.handedOver)")
        // The rig said the probe's finding at start; the first epoch's probe found the same: the log
        // says only that it answers now.
        #expect(ride.said == ["back"], "\(ride.said)")
    }

    /// A supply dip resets the chip while it keeps acknowledging: sleep mode, default config, data
    /// 0x80000. The driver notices at the next sample (ctrl_meas no longer as set), the epoch
    /// carries no pressure (neither the reset value nor the last one), and the re-probe sets it up again.
    @Test func aBarometerThatBrownsOutMidRideIsSetUpAgainAndNothingStaleIsStored() throws {
        let ride = try Ride()
        #expect(Self.near(try ride.epoch(0), 96_000))
        #expect(Self.near(try ride.epoch(1), 96_000))
        ride.chip.powerOnReset()
        ride.chip.setAmbient(pressurePa: 95_800, temperatureC: 15)
        #expect(try ride.epoch(2)?.barometer == nil, "the reset chip's first epoch stores no pressure")
        #expect(Self.near(try ride.firstSampled(from: 3), 95_800))
        ride.stop()
        #expect(ride.chip.peek(0xF4) == 0x57 && ride.chip.peek(0xF5) == 0x10)
        #expect(ride.said == ["missing(reset)", "back"])
        let words = "the BMP280 was reset and lost its settings (ctrl_meas back at its power-on value: a supply dip or power-on reset)"
        #expect(ride.stretch == ["S", "missing: " + words, "-", "-", "back", "S"], "\(ride.handedOver)")
    }

    /// A chip whose data read "skipped" (0x80000) with its settings intact measured nothing: each
    /// such epoch carries no pressure (flagged barometer-missing), not the last one again as if measured.
    /// After it had measured, that is the reset value: said once, and the chip is set up again.
    @Test func skippedMeasurementsStoreNoPressureNotThePreviousOne() throws {
        let ride = try Ride()
        #expect(Self.near(try ride.epoch(0), 96_000))
        ride.chip.fault = .skipped
        for n in 1...3 { #expect(try ride.epoch(n)?.barometer == nil, "epoch \(n): skipped, so no pressure") }
        ride.chip.fault = nil
        ride.chip.setAmbient(pressurePa: 95_900, temperatureC: 15)
        #expect(Self.near(try ride.firstSampled(from: 4), 95_900))
        ride.stop()
        #expect(ride.said == ["missing(reset)", "back"])
        let words = "the BMP280 was reset and set up again behind the recorder (its data back at the reset value 0x80000)"
        #expect(ride.stretch == ["S", "missing: " + words, "-", "-", "back", "S"], "\(ride.handedOver)")
    }
}

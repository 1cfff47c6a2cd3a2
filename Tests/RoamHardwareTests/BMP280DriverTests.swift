import RoamPorts
import RoamSimulator
import RoamCore
import Synchronization
import Testing
@testable import RoamHardware

/// Simulated monotonic time: `sleep` advances `now`, so every deadline is reached deterministically.
final class SteppedClock: Sendable {
    private let ns = Atomic<UInt64>(5_000_000_000)
    var nowNs: UInt64 { ns.load(ordering: .relaxed) }
    var clock: BMP280.Clock {
        BMP280.Clock(now: { self.ns.load(ordering: .relaxed) }, sleep: { self.ns.add($0, ordering: .relaxed) })
    }
}

/// The real driver against the register-map fake on the fake bus.
@Suite struct BMP280DriverTests {
    let bus = FakeI2CBus(device: "/dev/i2c-1")
    let chip = FakeBMP280()
    let time = SteppedClock()

    init() { bus.attach(chip, at: 0x76) }

    func driver(_ settings: BMP280.Settings = .indoorNavigation, address: UInt16 = 0x76) -> BMP280 {
        BMP280(bus: bus, address: address, settings: settings, clock: time.clock)
    }

    func deviceError(_ body: () throws -> Void) -> DeviceError? {
        do { try body(); return nil } catch { return error as? DeviceError }
    }

    @Test func settingsEncodeTheIndoorNavigationRow() {
        let s = BMP280.Settings.indoorNavigation
        #expect(s.config == 0x10)  // t_sb 0.5 ms, filter 16
        #expect(s.ctrlMeasAtRest == 0x57)  // osrs_t ×2, osrs_p ×16, normal
        #expect(s.maxMeasurementNs == 43_225_000)  // Table 13: 43.2 ms
        #expect(BMP280.Settings.weatherMonitoring.ctrlMeasForced == 0x25)
        #expect(BMP280.Settings.weatherMonitoring.maxMeasurementNs == 6_425_000)  // Table 13: 6.4 ms
    }

    @Test func probeRunsTheStartUpSequence() throws {
        let baro = driver()
        try baro.probe()
        #expect(bus.transfers == [
            .readByte(address: 0x76, register: 0xD0),
            .writeByte(address: 0x76, register: 0xE0, value: 0xB6),
            .readByte(address: 0x76, register: 0xF3),  // im_update still set
            .readByte(address: 0x76, register: 0xF3),
            .readBlock(address: 0x76, register: 0x88, count: 24),
            .writeByte(address: 0x76, register: 0xF5, value: 0x10),
            .writeByte(address: 0x76, register: 0xF4, value: 0x57),
            .readByte(address: 0x76, register: 0xF5),
            .readByte(address: 0x76, register: 0xF4),
        ])
        #expect(baro.calibration == .datasheetExample)
        #expect(chip.peek(0xF5) == 0x10 && chip.peek(0xF4) == 0x57)
    }

    @Test func sampleIsOneBurstAndGivesTheWorkedExample() throws {
        let baro = driver()
        try baro.probe()
        bus.clearTransfers()
        let sample = try #require(try baro.sample())
        #expect(bus.transfers == [.readBlock(address: 0x76, register: 0xF7, count: 6)])
        #expect(sample.temperatureC == 25.08)
        #expect(sample.pressurePa == 25_767_233.0 / 256)
        #expect(abs(sample.pressurePa - 100_653.27) < 0.02)
        #expect(sample.monoNs == time.nowNs)
    }

    @Test(arguments: [(101_325.0, 20.0), (95_000.5, -5.0), (89_874.6, 12.3), (70_121.9, 2.5), (108_000.0, 38.0)])
    func scriptedAmbientRoundTrips(pressurePa: Double, temperatureC: Double) throws {
        let baro = driver()
        try baro.probe()
        chip.setAmbient(pressurePa: pressurePa, temperatureC: temperatureC)
        let sample = try #require(try baro.sample())
        #expect(abs(sample.pressurePa - pressurePa) <= 0.2)
        let measured = try #require(sample.temperatureC)
        #expect(abs(measured - temperatureC) <= 0.01)
    }

    @Test func aPressureWhoseRawValueIsTheSkippedMarkerStillSamples() throws {
        let compensation = BMP280Compensation(calibration: .datasheetExample)
        let tFine = compensation.temperatureInt32(adcT: 519_888).tFine
        let q = try #require(compensation.pressureInt64(adcP: BMP280Compensation.skippedADC, tFine: tFine))
        let baro = driver()
        try baro.probe()
        chip.setAmbient(pressurePa: Double(q) / 256, temperatureC: 25.08)
        let sample = try #require(try baro.sample())
        #expect(abs(sample.pressurePa - Double(q) / 256) <= 0.2)
    }

    /// A real chip at the pressure whose raw value is 0x80000 (81.9 kPa here, an Alpine pass at 1.8 km) reports
    /// it beside a measured temperature: a reading, not a skipped one the recorder would store as missing.
    @Test(arguments: [BMP280.Settings.indoorNavigation, .weatherMonitoring])
    func aRawPressureOfExactlyTheSkippedMarkerIsMeasuredBesideAMeasuredTemperature(settings: BMP280.Settings) throws {
        let compensation = BMP280Compensation(calibration: .datasheetExample)
        let tFine = compensation.temperatureInt32(adcT: 519_888).tFine
        let q = try #require(compensation.pressureInt64(adcP: BMP280Compensation.skippedADC, tFine: tFine))
        let baro = driver(settings)
        try baro.probe()
        chip.setRaw(adcT: 519_888, adcP: BMP280Compensation.skippedADC)
        let sample = try #require(try baro.sample())
        #expect(sample.pressurePa == Double(q) / 256 && sample.temperatureC == 25.08)
    }

    @Test func forcedModeConvertsOncePerSampleAndPollsMeasuring() throws {
        let baro = driver(.weatherMonitoring)
        try baro.probe()
        bus.clearTransfers()
        let before = time.nowNs
        let sample = try #require(try baro.sample())
        #expect(sample.temperatureC == 25.08)
        #expect(bus.transfers == [
            .writeByte(address: 0x76, register: 0xF4, value: 0x25),
            .readByte(address: 0x76, register: 0xF3), .readByte(address: 0x76, register: 0xF3),  // measuring
            .readByte(address: 0x76, register: 0xF3),
            .readBlock(address: 0x76, register: 0xF7, count: 6),
        ])
        // The datasheet maximum first, then two 1 ms polls.
        #expect(time.nowNs - before == 6_425_000 + 2_000_000)
        #expect(chip.peek(0xF4) == 0x24)  // back in sleep mode
    }

    @Test func nackOnAnEmptyAddressNamesTheWiringAndJumper() {
        let error = deviceError { try driver(address: 0x77).probe() }
        #expect(error?.errno == .remoteIO)
        #expect(error?.description.contains("i2c read on /dev/i2c-1 (addr 0x77, reg 0xD0) failed") == true)
        #expect(error?.description.hasSuffix("Check wiring and the SDO address jumper (0x76/0x77).") == true)
    }

    /// Probes, then samples each ambient in turn, on a fresh bus holding `chip`: transfers and samples.
    func run(_ chip: FakeBMP280, _ settings: BMP280.Settings,
             ambients: [(Double, Double)]) throws -> (BMP280Chip?, [FakeI2CBus.Transfer], [BarometerSample]) {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        bus.attach(chip, at: 0x76)
        let baro = BMP280(bus: bus, address: 0x76, settings: settings, clock: SteppedClock().clock)
        try baro.probe()
        var samples: [BarometerSample] = []
        for (pressurePa, temperatureC) in ambients {
            chip.setAmbient(pressurePa: pressurePa, temperatureC: temperatureC)
            samples.append(try #require(try baro.sample()))
        }
        return (baro.chip, bus.transfers, samples)
    }

    @Test(arguments: [BMP280.Settings.indoorNavigation, .weatherMonitoring])
    func aBME280GivesTheSameSamplesAsABMP280WithTheSameRegisters(settings: BMP280.Settings) throws {
        let ambients = [(101_325.0, 20.0), (89_874.6, 12.3), (70_121.9, -2.5)]
        let bmp = try run(FakeBMP280(), settings, ambients: ambients)
        let bme = try run(FakeBMP280(chipID: 0x60), settings, ambients: ambients)
        #expect(bmp.0 == .bmp280 && bme.0 == .bme280)
        #expect(bme.2 == bmp.2)
        // The same register traffic, so nothing touches ctrl_hum (0xF2): humidity stays skipped.
        #expect(bme.1 == bmp.1)
        #expect(!bme.1.contains { if case .writeByte(_, 0xF2, _) = $0 { true } else { false } })
        #expect(BMP280Chip.bme280.summary == "BME280 (id 0x60), humidity not used")
    }

    @Test func skippedMeasurementGivesNoSample() throws {
        for settings in [BMP280.Settings.indoorNavigation, .weatherMonitoring] {
            let baro = driver(settings)
            try baro.probe()
            chip.fault = .skipped
            #expect(try baro.sample() == nil)
            chip.fault = nil
            #expect(try baro.sample() != nil)
        }
    }

    /// Reset and set up again behind the driver (another program probed it): the settings read back
    /// as written, but data at the reset value after a measurement can only follow a reset.
    @Test func theResetValueAfterAMeasurementAsksForAReprobe() throws {
        let baro = driver()
        try baro.probe()
        #expect(try baro.sample() != nil)
        chip.fault = .skipped  // the new set-up's first conversion not ended yet
        let error = deviceError { _ = try baro.sample() }
        #expect(error?.description.contains("data at the reset value 0x80000 after it had measured") == true)
        // Every transfer succeeded: what the driver found, in words, with no errno the bus did not give.
        #expect(error?.errno == nil && error?.finding?.kind == .chipReset && error?.finding?.words.contains("was reset") == true)
        #expect(error.map { !$0.description.contains("EIO") && !$0.description.contains("failed:") } == true, "\(String(describing: error))")
        try baro.reprobe()
        #expect(try baro.sample() == nil, "right after a probe it is the first conversion, not a reset")
    }

    @Test func aChipThatResetItselfIsReportedNotReadAsSkippedForever() throws {
        let baro = driver()
        try baro.probe()
        chip.powerOnReset()  // a supply dip: sleep mode, data 0x80000
        let error = deviceError { _ = try baro.sample() }
        // The bus answered every transfer: a power-on reset is said in words, not as an EIO it never gave.
        #expect(error?.errno == nil)
        #expect(error?.finding?.kind == .chipReset)
        #expect(error?.finding?.words == "the BMP280 was reset and lost its settings (ctrl_meas back at its power-on value: a supply dip or power-on reset)")
        #expect(error.map { !$0.description.contains("EIO") && !$0.description.contains("failed:") } == true, "\(String(describing: error))")
        #expect(error?.hint.contains("lost its settings") == true)
        try baro.reprobe()
        #expect(try baro.sample()?.temperatureC == 25.08)
    }

    @Test func vanishAndReprobe() throws {
        let baro = driver()
        try baro.probe()
        #expect(try baro.sample() != nil)

        bus.vanish(address: 0x76)
        #expect(deviceError { _ = try baro.sample() }?.errno == .remoteIO)
        #expect(deviceError { try baro.reprobe() }?.errno == .remoteIO)

        // Plugged back in: it was unpowered meanwhile, so it comes back in its reset state.
        chip.powerOnReset()
        bus.reappear(address: 0x76)
        chip.setAmbient(pressurePa: 97_000, temperatureC: 18)
        try baro.reprobe()
        let sample = try #require(try baro.sample())
        #expect(abs(sample.pressurePa - 97_000) <= 0.2)
    }
}


import RoamPorts
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRig
import Synchronization
import Testing

/// `selftest`'s probes against a real pseudo-terminal and the fakes, on every path a wire can fail.
@Suite struct DeviceProbeTests {
    /// Simulated time for the BMP280's waits: sleeping advances it.
    final class SteppedClock: Sendable {
        let ns = Atomic<UInt64>(1_000_000_000)
        var clock: BMP280.Clock { BMP280.Clock(now: { self.ns.load(ordering: .relaxed) }, sleep: { self.ns.add($0, ordering: .relaxed) }) }
    }

    func probeReceiver(writing bytes: [UInt8], listenMs: UInt64 = 400) throws -> ProbeResult {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        try pty.write(bytes)
        return DeviceProbe.receiver(port, baud: 9600, listenMs: listenMs)
    }

    @Test func nmeaFromTheReceiverIsOKAndSaysWhatItSent() throws {
        let r = try probeReceiver(writing: RideSimulation().seconds.prefix(3).flatMap(\.nmea))
        #expect(r.isOK)
        #expect(r.message.contains("(GGA, GSA, GST, RMC)"))
        #expect(r.message.contains("3D fix"))
        #expect(r.description.hasPrefix("OK   uart /dev/pts/"))
    }

    @Test func junkOnTheUARTPointsAtTheBaud() throws {
        // What 9600-baud NMEA looks like to a port set to 115200: framing garbage, no sentence.
        var generator = SeededGenerator(seed: 7)
        let junk = (0..<600).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let r = try probeReceiver(writing: junk)
        #expect(!r.isOK)
        #expect(r.message.contains("600 bytes"))
        #expect(r.message.contains("no valid NMEA sentence"))
        #expect(r.message.contains("wrong baud: board.conf says 9600"))
    }

    @Test func silenceSaysPowerWiringOrAConsole() throws {
        let r = try probeReceiver(writing: [], listenMs: 300)
        #expect(!r.isOK)
        #expect(r.message.hasPrefix("no bytes in "))
        #expect(r.message.contains("TX wire") && r.message.contains("serial console"))
    }

    @Test func aReceiverUnpluggedDuringTheProbeIsNamed() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.secondaryPath, baud: 9600)
        pty.close()
        let r = DeviceProbe.receiver(port, baud: 9600, listenMs: 2000)
        #expect(!r.isOK)
        #expect(r.message.contains("failed: I/O error. The receiver went away"))
    }

    @Test func aBMP280AnswersWithPressureAndTemperature() {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        let chip = FakeBMP280()
        chip.setAmbient(pressurePa: 95_000, temperatureC: 12.5)
        bus.attach(chip, at: 0x76)
        let r = DeviceProbe.barometer(bus: bus, address: 0x76, clock: SteppedClock().clock)
        #expect(r.isOK)
        #expect(r.description == "OK   i2c /dev/i2c-1 bmp280 at 0x76: BMP280 (id 0x58): 950.00 hPa, 12.5 °C")
    }

    @Test func aNACKWithTheChipAtTheOtherAddressNamesTheJumper() {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        bus.attach(FakeBMP280(), at: 0x77)
        let r = DeviceProbe.barometer(bus: bus, address: 0x76, clock: SteppedClock().clock)
        #expect(!r.isOK)
        #expect(r.message == "nothing answers at 0x76, but a BMP280 answers at 0x77: set bmp280_address = 0x77 in board.conf (the SDO jumper decides).")
    }

    @Test func aNACKWithNothingAnywhereNamesTheWiring() {
        let r = DeviceProbe.barometer(bus: FakeI2CBus(device: "/dev/i2c-1"), address: 0x76, clock: SteppedClock().clock)
        #expect(!r.isOK)
        #expect(r.message.contains("nothing answered on the bus (no acknowledge). Check wiring and the SDO address jumper (0x76/0x77)."))
    }

    @Test func aBME280IsAcceptedAndNamed() {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        let chip = FakeBMP280(chipID: 0x60)
        chip.setAmbient(pressurePa: 95_000, temperatureC: 12.5)
        bus.attach(chip, at: 0x76)
        let r = DeviceProbe.barometer(bus: bus, address: 0x76, clock: SteppedClock().clock)
        #expect(r.description == "OK   i2c /dev/i2c-1 bmp280 at 0x76: BME280 (id 0x60), humidity not used: 950.00 hPa, 12.5 °C")
    }

    @Test func aWrongChipSaysWhatItFound() {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        bus.attach(FakeBMP280(chipID: 0x61), at: 0x76)
        let r = DeviceProbe.barometer(bus: bus, address: 0x76, clock: SteppedClock().clock)
        #expect(!r.isOK)
        #expect(r.message.hasSuffix("(addr 0x76, reg 0xD0): chip id 0x58 (BMP280) or 0x60 (BME280) expected at 0x76, read 0x61: "
            + "a BME680. Fit a BMP280 or BME280 at 0x76, or correct bmp280_address in board.conf."), "\(r.message)")
    }

    /// Another chip at the configured address: a BMP280 or BME280 at the other one is named, with
    /// the line to change; anything else there leaves the finding as it was.
    @Test(arguments: [(UInt8(0x58), "found a BMP280 at 0x77: set bmp280_address = 0x77 in board.conf."),
                      (0x60, "found a BME280 at 0x77: set bmp280_address = 0x77 in board.conf."),
                      (0x61, "Fit a BMP280 or BME280 at 0x76, or correct bmp280_address in board.conf.")])
    func aWrongChipLooksAtTheOtherAddress(idThere: UInt8, advice: String) {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        bus.attach(FakeBMP280(chipID: 0x61), at: 0x76)
        bus.attach(FakeBMP280(chipID: idThere), at: 0x77)
        let r = DeviceProbe.barometer(bus: bus, address: 0x76, clock: SteppedClock().clock)
        #expect(!r.isOK)
        #expect(r.message.contains("chip id 0x58 (BMP280) or 0x60 (BME280) expected at 0x76, read 0x61: a BME680"), "\(r.message)")
        #expect(r.message.hasSuffix(advice), "\(r.message)")
    }

    /// Nothing at the configured address and a chip the board does not read at the other one: it
    /// is named, and no move is advised (only a BMP280 or BME280 there is worth moving to).
    @Test(arguments: [(UInt8(0x61), "chip id 0x61: a BME680"), (0x42, "chip id 0x42: a chip this board does not know")])
    func silenceBesideAnotherChipAdvisesNoMove(idThere: UInt8, named: String) {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        bus.attach(FakeBMP280(chipID: idThere), at: 0x77)
        let r = DeviceProbe.barometer(bus: bus, address: 0x76, clock: SteppedClock().clock)
        #expect(!r.isOK)
        #expect(r.message.hasPrefix("nothing answers at 0x76; 0x77 answers with \(named), not a barometer this board reads"), "\(r.message)")
        #expect(!r.message.contains("bmp280_address = 0x77"), "\(r.message)")
    }

    @Test func aStuckChipTimesOutInsteadOfHanging() {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        let chip = FakeBMP280()
        chip.fault = .stuckNVMCopy
        bus.attach(chip, at: 0x76)
        let r = DeviceProbe.barometer(bus: bus, address: 0x76, clock: SteppedClock().clock)
        #expect(!r.isOK)
        #expect(r.message.contains("im_update still set 20 ms after the reset"), "\(r.message)")
        #expect(!r.message.contains("ETIMEDOUT"), "a deadline the driver kept, not an errno the bus gave")
    }

    @Test func aChipThatNeverMeasuresSaysSo() {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        let chip = FakeBMP280()
        chip.fault = .skipped
        bus.attach(chip, at: 0x76)
        let r = DeviceProbe.barometer(bus: bus, address: 0x76, clock: SteppedClock().clock)
        #expect(!r.isOK)
        #expect(r.message.contains("reports no measurement"))
    }

    @Test func aReleasedButtonIsOKAndAHeldOneIsNot() {
        let idle = FakeButton(device: "/dev/gpiochip0 line 17", clock: .simulated(startNs: 0))
        #expect(DeviceProbe.button(idle, activeLow: true, bias: .pullUp, biasApplied: true).isOK)
        let held = FakeButton(device: "/dev/gpiochip0 line 17", clock: .simulated(startNs: 10))
        held.script([DigitalEdge(timestampNs: 5, isRising: false)])
        let r = DeviceProbe.button(held, activeLow: true, bias: .pullUp, biasApplied: true)
        #expect(!r.isOK)
        #expect(r.message.hasPrefix("reads low = pressed (active low, bias pull-up)"))
        let noBias = DeviceProbe.button(idle, activeLow: true, bias: .pullUp, biasApplied: false)
        #expect(noBias.isOK && noBias.message.contains("external pull resistor"))
    }

    @Test func theLEDIsLitThenDarkAndAFailingLineIsReported() {
        let led = RecordingLED(device: "/dev/gpiochip0 line 27")
        #expect(DeviceProbe.led(led, onMs: 1, sleep: { _ in }).isOK)
        #expect(led.changes.map(\.isOn) == [true, false])
        led.failNextWrite(.busy)
        let r = DeviceProbe.led(led, onMs: 1, sleep: { _ in })
        #expect(!r.isOK)
        #expect(r.message.contains("failed: it is busy. Another program holds the device"))
    }

    @Test func theDataDirectoryIsWrittenSyncedAndMeasured() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        #expect(!DeviceProbe.dataDirectory(dir.path).isOK)
        #expect(DeviceProbe.dataDirectory(dir.path, createdByRecord: true).isOK)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = DeviceProbe.dataDirectory(dir.path)
        #expect(r.isOK && r.message.hasPrefix("writable (write + fsync), "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let full = DeviceProbe.dataDirectory(dir.path, minimumFreeBytes: .max)
        #expect(!full.isOK)
        // The free space in the unit of every other size (ByteSize), never decimal "GB" of its own.
        for said in [r.message, full.message] {
            let words = said.split { " ,:".contains($0) }
            let unit = try #require(words.firstIndex(of: "free").map { words[$0 - 1] }, "\(said)")
            #expect(["KiB", "MiB", "GiB", "TiB"].contains(unit), "\(said)")
        }
    }
}

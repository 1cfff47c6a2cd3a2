import RoamPorts
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Testing
import RoamSystem
import Glibc

/// A bus missing at start (i2c-dev loaded late): each transfer retries the open and throws its
/// error until the bus is there; then the real BMP280 driver probes and samples through it.
@Suite struct ReopeningI2CBusTests {
    final class LateBus: @unchecked Sendable {
        var opensLeftToFail: Int
        var opens = 0
        let fake = FakeI2CBus(device: "/dev/i2c-1")
        init(failing: Int) { opensLeftToFail = failing }

        func open(_ device: String) throws(DeviceError) -> any I2CBus {
            opens += 1
            guard opensLeftToFail == 0 else {
                opensLeftToFail -= 1
                throw DeviceError(.i2c, .open, device: device, errno: .noSuchFile)
            }
            return fake
        }
    }

    @Test func aLateBusIsOpenedByTheReprobeAndTheSensorAnswers() throws {
        let late = LateBus(failing: 2)
        let chip = FakeBMP280()
        chip.setAmbient(pressurePa: 97_000, temperatureC: 12)
        late.fake.attach(chip, at: 0x76)
        let bus = ReopeningI2CBus(device: "/dev/i2c-1", open: late.open)
        #expect(!bus.isOpen && bus.openError?.errno == .noSuchFile)   // the open at start failed
        let sensor = BMP280(bus: bus, address: 0x76)
        #expect(throws: DeviceError.self) { try sensor.reprobe() }    // second open fails too
        #expect(late.opens == 2)
        try sensor.reprobe()                                           // third open finds it
        #expect(bus.isOpen && bus.openError == nil)
        var sample: BarometerSample?
        for _ in 0..<5 where sample == nil { sample = try sensor.sample() }
        #expect(sample.map { abs($0.pressurePa - 97_000) < 0.2 } == true)
        #expect(late.opens == 3)   // once open, never reopened
    }
}

/// A bus whose node went away under an open descriptor: a USB I2C adapter unplugged. The kernel's
/// i2c_del_adapter waits until every open descriptor of the adapter is closed, and the node is
/// recreated (often under another number) only when it is plugged in again: a descriptor kept open
/// never recovers. Real descriptors on a real file stand in for the node: the ioctls fail (ENOTTY)
/// as a transfer to a vanished adapter does, and the node is removed or made again under the path.
@Suite struct ReopeningI2CBusNodeTests {
    let folder: String
    let path: String

    init() throws {
        var template = Array("/tmp/roam-i2c-node-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        folder = String(cString: try #require(made))
        path = folder + "/i2c-1"
        try FileSystem.write([], to: path)
    }

    final class Opens: @unchecked Sendable {
        var count = 0
        func open(_ device: String) throws(DeviceError) -> any I2CBus {
            count += 1
            return try LinuxI2CBus(device: device)
        }
    }

    @Test("A failed transfer on the node still there (a NAK) keeps the descriptor")
    func anOrdinaryFailureDoesNotReopen() throws {
        defer { try? FileSystem.removeTree(folder) }
        let opens = Opens()
        let bus = ReopeningI2CBus(device: path, open: opens.open)
        #expect(bus.isOpen && opens.count == 1)
        for _ in 0..<3 { #expect(throws: DeviceError.self) { _ = try bus.readByte(address: 0x76, register: 0xD0) } }
        #expect(bus.isOpen && opens.count == 1)
    }

    @Test("A node made again under the path is opened again at the next transfer")
    func aRecreatedNodeIsReopened() throws {
        defer { try? FileSystem.removeTree(folder) }
        let opens = Opens()
        let bus = ReopeningI2CBus(device: path, open: opens.open)
        try FileSystem.removeTree(path)
        try FileSystem.write([], to: path)
        #expect(throws: DeviceError.self) { _ = try bus.readByte(address: 0x76, register: 0xD0) }
        #expect(!bus.isOpen)   // the old descriptor is closed at once: the kernel waits for it
        #expect(throws: DeviceError.self) { _ = try bus.readByte(address: 0x76, register: 0xD0) }
        #expect(opens.count == 2)
    }

    @Test("A node gone for good: the descriptor is closed and each transfer tries the open, with its error")
    func aVanishedNodeIsRetried() throws {
        defer { try? FileSystem.removeTree(folder) }
        let opens = Opens()
        let bus = ReopeningI2CBus(device: path, open: opens.open)
        try FileSystem.removeTree(path)
        #expect(throws: DeviceError.self) { _ = try bus.readByte(address: 0x76, register: 0xD0) }
        #expect(throws: DeviceError.self) { _ = try bus.readBlock(address: 0x76, register: 0xF7, count: 6) }
        #expect(opens.count == 2 && !bus.isOpen && bus.openError?.errno == .noSuchFile)
    }
}

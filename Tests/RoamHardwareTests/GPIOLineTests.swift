import RoamPorts
import Foundation
import Testing
@testable import RoamHardware

/// The GPIO shims on their failure paths: this machine has no gpiochip (the kernel's gpio-sim runs
/// them for real in the kernel-sim VM). Each failure must name the device and what to check.
@Suite struct GPIOLineTests {
    func deviceError(_ body: () throws -> Void) -> DeviceError? {
        do { try body(); return nil } catch { return error as? DeviceError }
    }

    @Test func chipNamesBecomeDevicePathsAndPathsStay() {
        #expect(GPIOLine.chipPath("gpiochip0") == "/dev/gpiochip0")
        #expect(GPIOLine.chipPath("/dev/gpiochip4") == "/dev/gpiochip4")
    }

    @Test func aMissingChipNamesItAndSaysWhereToLook() {
        for request in [{ _ = try GPIOLine.input(chip: "gpiochip99", line: 17, bias: .pullUp) },
                        { _ = try GPIOLine.output(chip: "gpiochip99", line: 27) }] {
            let e = deviceError(request)
            #expect(e?.kind == .gpio)
            #expect(e?.errno == .noSuchFile)
            #expect(e?.device == "/dev/gpiochip99")
            #expect(e?.description.hasPrefix("gpio open on /dev/gpiochip99 failed: No such file or directory [ENOENT 2].") == true)
            #expect(e?.hint.contains("gpiodetect") == true)
        }
    }

    @Test func aDeviceThatIsNotAGPIOChipSaysSo() {
        // /dev/null is a character device, but its ioctl answers ENOTTY: not a chip.
        let e = deviceError { _ = try GPIOLine.input(chip: "/dev/null", line: 17, bias: .asIs) }
        #expect(e?.errno?.rawValue == ENOTTY)
        #expect(e?.hint.contains("/dev/null is not a GPIO chip") == true)
    }

    @Test func aRegularFileOrADirectoryIsNotAChipEither() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gpio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("gpiochip0")
        try Data("not a chip".utf8).write(to: file)
        #expect(deviceError { _ = try GPIOChipInfo.read(file.path) }?.errno?.rawValue == ENOTTY)
        let e = deviceError { _ = try GPIOChipInfo.read(dir.path) }
        #expect(e?.errno?.rawValue == EISDIR)
        #expect(e?.hint.contains("is not a GPIO chip") == true)
    }

    @Test func aChipWithoutPermissionNamesTheGroupToJoin() {
        let e = DeviceError(.gpio, .open, device: "/dev/gpiochip0", errno: .accessDenied)
        #expect(e.description.hasSuffix("Check the device's permissions: the user needs to be in the 'gpio' group."))
    }
}

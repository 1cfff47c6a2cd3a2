import Glibc
import RoamPorts
import RoamSystem
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
            #expect(e?.description.hasPrefix("gpio open on /dev/gpiochip99 failed: it does not exist.") == true)
            #expect(e?.hint.contains("gpiodetect") == true)
        }
        // The recorder's chip comes from board.conf (gpio-label's from --chip says so instead).
        let read = deviceError { _ = try GPIOChipInfo.read("/dev/gpiochip99") }
        #expect(read?.hint == "Check the GPIO chip name in board.conf (gpiodetect lists them).")
    }

    @Test func aDeviceThatIsNotAGPIOChipSaysSo() {
        // /dev/null is a character device, but its ioctl answers ENOTTY: not a chip.
        let e = deviceError { _ = try GPIOLine.input(chip: "/dev/null", line: 17, bias: .asIs) }
        #expect(e?.errno?.rawValue == ENOTTY)
        #expect(e?.hint.contains("/dev/null is not a GPIO chip") == true)
    }

    @Test func aRegularFileOrADirectoryIsNotAChipEither() throws {
        var template = Array((FileSystem.temporaryFolder + "/gpio-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let dir = String(cString: try #require(made))
        defer { try? FileSystem.removeTree(dir) }  // ignored: a scratch folder under the temporary folder
        let file = dir + "/gpiochip0"
        try FileSystem.write(Array("not a chip".utf8), to: file)
        #expect(deviceError { _ = try GPIOChipInfo.read(file) }?.errno?.rawValue == ENOTTY)
        let e = deviceError { _ = try GPIOChipInfo.read(dir) }
        #expect(e?.errno?.rawValue == EISDIR)
        #expect(e?.hint.contains("is not a GPIO chip") == true)
    }

    /// A line past the chip's end is what the chip's own size says, not an EINVAL the kernel never gave.
    @Test func aLineBeyondTheChipsEndIsAFindingInWords() {
        let chip = GPIOChipInfo(path: "/dev/gpiochip0", label: "pinctrl-bcm2835", lineCount: 54)
        #expect(GPIOLine.missingLine(53, on: chip) == nil && GPIOLine.missingLine(0, on: chip) == nil)
        #expect(GPIOLine.missingLine(-1, on: chip)?.finding?.kind == .noSuchLine)
        let e = GPIOLine.missingLine(54, on: chip)
        #expect(e?.errno == nil && e?.finding?.kind == .noSuchLine)
        #expect(e?.description == "gpio line request on /dev/gpiochip0 line 54: /dev/gpiochip0 (pinctrl-bcm2835) has lines 0...53, "
            + "no line 54. Check the line numbers in board.conf (gpioinfo lists the chip's lines).")
    }

    @Test func aChipWithoutPermissionNamesTheGroupToJoin() {
        let e = DeviceError(.gpio, .open, device: "/dev/gpiochip0", errno: .accessDenied)
        #expect(e.description.hasSuffix("Check the device's permissions: the user needs to be in the 'gpio' group."))
    }
}

import RoamPorts
import RoamSystem
import CShims
import Glibc

/// What a gpiochip says about itself: its driver label ("pinctrl-bcm2835", "pinctrl-rp1") and its
/// line count. `selftest` prints it, and it tells a Pi 5 on an old kernel (where gpiochip0 is a
/// 32-line SoC bank, not the header's RP1) from a correct board file.
public struct GPIOChipInfo: Sendable, Equatable {
    public var path: String
    public var label: String
    public var lineCount: Int

    public init(path: String, label: String, lineCount: Int) { self.path = path; self.label = label; self.lineCount = lineCount }

    /// Asks the kernel for the chip's info (GPIO_GET_CHIPINFO_IOCTL), not libgpiod: the errors are
    /// the kernel's whichever libgpiod the build has (2.x judges a path through sysfs first and says
    /// ENOENT or ENODEV for /dev/null, where the kernel says ENOTTY). ENOTTY means the path is not
    /// a GPIO chip. `option`: the command-line option that named the chip (gpio-label's --chip); nil
    /// when board.conf did.
    public static func read(_ path: String, namedBy option: String? = nil) throws(DeviceError) -> GPIOChipInfo {
        let fd = retryingOnInterrupt { roam_gpiochip_open(path) }
        guard fd >= 0 else { throw openError(path, Errno(shimResult: fd), namedBy: option) }
        defer { _ = roam_fd_close(fd) }
        var label = [CChar](repeating: 0, count: 64)
        var lines: UInt32 = 0
        let r = label.withUnsafeMutableBufferPointer { roam_gpiochip_info(fd, $0.baseAddress!, $0.count, &lines) }
        guard r == 0 else { throw openError(path, Errno(shimResult: r), namedBy: option) }
        let text = label.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return GPIOChipInfo(path: path, label: shownLabel(text), lineCount: Int(lines))
    }

    /// A chip whose driver gave an empty label is "unknown", as libgpiod (1.6 and 2.x) and gpiodetect call it.
    static func shownLabel(_ kernelLabel: String) -> String { kernelLabel.isEmpty ? "unknown" : kernelLabel }

    /// A chip that cannot be opened or asked, with what to check: a path that is not a chip says so.
    static func openError(_ path: String, _ errno: Errno, namedBy option: String?) -> DeviceError {
        let hint: String? = switch (errno.rawValue, option) {
        case (ENOTTY, _), (EISDIR, _):
            "\(path) is not a GPIO chip: \(option ?? "gpio_chip in board.conf") names one of /dev/gpiochip* (gpiodetect lists them)."
        // DeviceError's own hint names board.conf, where the recorder's chip comes from.
        case (ENOENT, let option?): "Check \(option): it names one of /dev/gpiochip* (gpiodetect lists them)."
        default: nil
        }
        return DeviceError(.gpio, .open, device: path, errno: errno, hint: hint)
    }

    /// The consumer holding `line`, "" when it has no name, nil when the line is free or the chip
    /// cannot be asked (the request's own error is reported instead).
    public static func user(of line: Int, on path: String) -> String? {
        var name = [CChar](repeating: 0, count: 64)
        let r = name.withUnsafeMutableBufferPointer { roam_gpio_line_user(path, UInt32(line), $0.baseAddress!, $0.count) }
        guard r == 1 else { return nil }
        return name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

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

    /// Opens the chip read-only for its info. ENOTTY means the path is not a GPIO chip. `option`:
    /// the command-line option that named the chip (gpio-label's --chip); nil when board.conf did.
    public static func read(_ path: String, namedBy option: String? = nil) throws(DeviceError) -> GPIOChipInfo {
        var label = [CChar](repeating: 0, count: 64)
        var lines: UInt32 = 0
        let r = label.withUnsafeMutableBufferPointer { roam_gpio_chip_info(path, $0.baseAddress!, $0.count, &lines) }
        guard r == 0 else {
            let errno = Errno(shimResult: r)
            let hint: String? = switch (errno.rawValue, option) {
            case (ENOTTY, _), (EISDIR, _):
                "\(path) is not a GPIO chip: \(option ?? "gpio_chip in board.conf") names one of /dev/gpiochip* (gpiodetect lists them)."
            // DeviceError's own hint names board.conf, where the recorder's chip comes from.
            case (ENOENT, let option?): "Check \(option): it names one of /dev/gpiochip* (gpiodetect lists them)."
            default: nil
            }
            throw DeviceError(.gpio, .open, device: path, errno: errno, hint: hint)
        }
        let text = label.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return GPIOChipInfo(path: path, label: text, lineCount: Int(lines))
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

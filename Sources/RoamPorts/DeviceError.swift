import RoamSystem
import Glibc

/// A device operation that failed: what, on which device, the errno, and what to check.
/// The hint is policy, so it is chosen here in Swift, never in the C shims.
public struct DeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Operation: String, Sendable {
        case open, configure, read, write, transfer, requestLine = "line request", probe
    }
    public enum Kind: String, Sendable { case uart, i2c, gpio, pty }

    public var kind: Kind
    public var operation: Operation
    public var device: String
    /// Extra context such as "addr 0x76, reg 0xF7".
    public var detail: String?
    public var errno: Errno
    /// Overrides the default hint when the caller knows better (a wrong chip id, say).
    public var hintOverride: String?

    public init(_ kind: Kind, _ operation: Operation, device: String, detail: String? = nil, errno: Errno, hint: String? = nil) {
        self.kind = kind; self.operation = operation; self.device = device
        self.detail = detail; self.errno = errno; self.hintOverride = hint
    }

    public var hint: String {
        if let hintOverride { return hintOverride }
        switch (kind, errno.rawValue) {
        case (_, EACCES), (_, EPERM):
            let group = kind == .uart ? "dialout" : kind == .i2c ? "i2c" : kind == .gpio ? "gpio" : "tty"
            return "Check the device's permissions: the user needs to be in the '\(group)' group."
        case (_, ENOENT):
            switch kind {
            case .uart: return "Check that the UART is enabled (enable_uart=1) and the device path in board.conf."
            case .i2c: return "Check that I2C is enabled (dtparam=i2c_arm=on) and the bus in board.conf."
            case .gpio: return "Check the GPIO chip name in board.conf (gpiodetect lists them)."
            case .pty: return "Check that /dev/pts is mounted."
            }
        // A Pi's bus reports a missing chip as EREMOTEIO or ENXIO; the kernel's i2c-stub as ENODEV.
        case (.i2c, EREMOTEIO), (.i2c, ENXIO), (.i2c, ENODEV):
            return "Check wiring and the SDO address jumper (0x76/0x77)."
        // Never opened is not "went away": a USB receiver not plugged in, or a UART with no driver behind it.
        case (.uart, EIO) where operation == .open, (.uart, ENODEV) where operation == .open, (.uart, ENXIO) where operation == .open:
            return "No receiver answers at this device: plug the receiver in (a USB one) or check that the UART is enabled and the uart path in board.conf."
        case (.uart, EIO), (.uart, ENODEV), (.uart, ENXIO):
            return "The receiver went away: check its cable or USB connection."
        case (_, EBUSY):
            return "Another program holds the device; stop it (gpsd, a second recorder) and retry."
        case (.uart, EINVAL) where operation == .configure:
            return "Check the baud in board.conf (supported: 4800 to 921600)."
        default:
            return "Check the device and its wiring."
        }
    }

    public var description: String {
        let what = detail.map { " (\($0))" } ?? ""
        return "\(kind.rawValue) \(operation.rawValue) on \(device)\(what) failed: \(errno). \(hint)"
    }
}

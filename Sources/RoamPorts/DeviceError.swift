import RoamSystem
import Glibc

/// A device operation that failed: what, on which device, the errno (or what the driver found), and what to check.
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
    /// What the system call returned; nil when none failed and the driver found the fault itself.
    public var errno: Errno?
    /// What the driver found when no system call failed ("the BMP280 was reset and lost its
    /// settings"): never dressed up as an errno the kernel did not give.
    public var finding: DeviceFinding?
    /// Overrides the default hint when the caller knows better (a wrong chip id, say).
    public var hintOverride: String?

    public init(_ kind: Kind, _ operation: Operation, device: String, detail: String? = nil, errno: Errno, hint: String? = nil) {
        self.kind = kind; self.operation = operation; self.device = device
        self.detail = detail; self.errno = errno; self.hintOverride = hint
    }

    /// A fault the driver found with every transfer succeeding (a wrong chip id, a chip that lost its settings).
    public init(_ kind: Kind, _ operation: Operation, device: String, detail: String? = nil, finding: DeviceFinding, hint: String) {
        self.kind = kind; self.operation = operation; self.device = device
        self.detail = detail; self.finding = finding; self.hintOverride = hint
    }

    /// The errno's value, 0 for a driver's finding (no errno is 0).
    private var code: CInt { errno?.rawValue ?? 0 }

    /// Whether the system call failed with one of `codes` (never for a driver's finding).
    public func failed(with codes: CInt...) -> Bool { errno.map { codes.contains($0.rawValue) } ?? false }

    public var hint: String {
        if let hintOverride { return hintOverride }
        switch (kind, code) {
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
        // Out of descriptors, any device fails to open: nothing is wrong with it or its wires.
        case (_, EMFILE), (_, ENFILE):
            return "Stop other programs, or raise the limit on open files (ulimit -n)."
        case (_, EBUSY):
            return "Another program holds the device; stop it (gpsd, a second recorder) and retry."
        case (.uart, EINVAL) where operation == .configure:
            return "Check the baud in board.conf (supported: 4800 to 921600)."
        default:
            return "Check the device and its wiring."
        }
    }

    /// The errno in plain words, with the device's own check after it (not a file's), or the finding.
    private var fault: String { errno?.words ?? finding?.words ?? "a fault" }

    public var description: String {
        let what = detail.map { " (\($0))" } ?? ""
        return "\(kind.rawValue) \(operation.rawValue) on \(device)\(what)\(errno == nil ? ":" : " failed:") \(fault). \(hint)"
    }

    /// Why, and what to check, for a sentence that has named the device and what failed already
    /// ("reopening /dev/ttyUSB0 failed: it does not exist. Check …"): neither is said twice.
    public var cause: String { (detail.map { "\($0): " } ?? "") + "\(fault). \(hint)" }
}

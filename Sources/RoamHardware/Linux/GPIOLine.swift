import RoamPorts
import RoamSystem
import CShims
import Glibc
import RoamCore

/// One line of a gpiochip, requested through the kernel's GPIO character device (libgpiod 1.6 or 2.x
/// behind CShims `roam_gpio_*`): the button as an input with both-edge, kernel-timestamped events,
/// the LED as an output. The request is held until deinit, so no other program can drive the line.
///
/// Not for concurrent use: each line belongs to one thread (the button thread, the LED thread).
/// `@unchecked Sendable` for that reason: a line is handed to its thread, which alone then uses it.
public final class GPIOLine: DigitalInput, DigitalOutput, @unchecked Sendable {
    /// "/dev/gpiochip0 line 17", as errors name it.
    public let device: String
    public let chipPath: String
    public let offset: Int
    /// False when the kernel refused the requested pull and the line runs with its bias as-is:
    /// an external pull resistor is then needed (`selftest` says so).
    public let biasApplied: Bool
    private let handle: OpaquePointer

    static let consumer = "roam-board"

    /// The device path for a board file's `gpio_chip`: "gpiochip0" is "/dev/gpiochip0"; a path
    /// stays as it is. Never a label or number lookup, which would open every chip on the system.
    public static func chipPath(_ name: String) -> String { name.hasPrefix("/") ? name : "/dev/" + name }

    private init(chipPath: String, offset: Int, handle: OpaquePointer, biasApplied: Bool) {
        self.chipPath = chipPath; self.offset = offset; self.handle = handle; self.biasApplied = biasApplied
        self.device = "\(chipPath) line \(offset)"
    }

    deinit { roam_gpio_release(handle) }

    /// Requests `line` as an input with both-edge events and the given pull. A kernel too old for
    /// bias flags (before 5.5) refuses them with EINVAL or EOPNOTSUPP; the line is then requested
    /// as-is and `biasApplied` is false rather than failing the recorder.
    public static func input(chip: String, line: Int, bias: BoardProfile.Bias) throws(DeviceError) -> GPIOLine {
        let path = chipPath(chip)
        try checkLineExists(path, line)
        var handle: OpaquePointer?
        var r = roam_gpio_request_input(path, UInt32(line), bias.shimValue, consumer, &handle)
        var applied = true
        if (r == -EINVAL || r == -EOPNOTSUPP) && bias != .asIs {
            r = roam_gpio_request_input(path, UInt32(line), BoardProfile.Bias.asIs.shimValue, consumer, &handle)
            applied = false
        }
        guard r == 0, let handle else { throw requestError(path, line, r, "input, bias \(bias.rawValue)") }
        return GPIOLine(chipPath: path, offset: line, handle: handle, biasApplied: applied)
    }

    /// Requests `line` as an output driven to `initial`, with `bias` (what the line does once it is
    /// an input again); a kernel that refuses bias flags gets the request without them, as `input` does.
    public static func output(chip: String, line: Int, initial: Bool = false, bias: BoardProfile.Bias = .asIs) throws(DeviceError) -> GPIOLine {
        let path = chipPath(chip)
        try checkLineExists(path, line)
        var handle: OpaquePointer?
        var r = roam_gpio_request_output(path, UInt32(line), initial ? 1 : 0, bias.shimValue, consumer, &handle)
        var applied = true
        if (r == -EINVAL || r == -EOPNOTSUPP) && bias != .asIs {
            r = roam_gpio_request_output(path, UInt32(line), initial ? 1 : 0, BoardProfile.Bias.asIs.shimValue, consumer, &handle)
            applied = false
        }
        guard r == 0, let handle else { throw requestError(path, line, r, bias == .asIs ? "output" : "output, bias \(bias.rawValue)") }
        return GPIOLine(chipPath: path, offset: line, handle: handle, biasApplied: applied)
    }

    public func waitForEdge(timeoutMs: Int32) throws(DeviceError) -> DigitalEdge? {
        var timestamp: UInt64 = 0
        var rising: CInt = 0
        let r = retryingOnInterrupt { roam_gpio_read_event(handle, timeoutMs, &timestamp, &rising) }
        guard r >= 0 else { throw DeviceError(.gpio, .read, device: device, detail: "edge event", errno: Errno(shimResult: r)) }
        return r == 0 ? nil : DigitalEdge(timestampNs: timestamp, isRising: rising != 0)
    }

    public func readLevel() throws(DeviceError) -> Bool {
        let r = roam_gpio_get(handle)
        guard r >= 0 else { throw DeviceError(.gpio, .read, device: device, errno: Errno(shimResult: r)) }
        return r == 1
    }

    public func setLevel(_ high: Bool) throws(DeviceError) {
        let r = roam_gpio_set(handle, high ? 1 : 0)
        guard r == 0 else { throw DeviceError(.gpio, .write, device: device, errno: Errno(shimResult: r)) }
    }

    /// Opens the chip to read its label and size, so a line beyond its end is named as such rather
    /// than as the bare EINVAL the kernel would give, and a path that is not a chip says so in the
    /// kernel's words (GPIOChipInfo.read), before libgpiod, whose 2.x says it otherwise, opens it.
    static func checkLineExists(_ path: String, _ line: Int) throws(DeviceError) {
        if let error = missingLine(line, on: try GPIOChipInfo.read(path)) { throw error }
    }

    /// A line past the chip's end, as the chip's own size says (nil when the chip has it).
    static func missingLine(_ line: Int, on chip: GPIOChipInfo) -> DeviceError? {
        guard line < 0 || line >= chip.lineCount else { return nil }
        let found = DeviceFinding(.noSuchLine, "\(chip.path) (\(chip.label)) has lines 0...\(chip.lineCount - 1), no line \(line)")
        return DeviceError(.gpio, .requestLine, device: "\(chip.path) line \(line)", finding: found,
                           hint: "Check the line numbers in board.conf (gpioinfo lists the chip's lines).")
    }

    private static func requestError(_ path: String, _ line: Int, _ r: CInt, _ what: String) -> DeviceError {
        let errno = Errno(shimResult: r)
        var hint: String?
        if errno == .busy, let user = GPIOChipInfo.user(of: line, on: path) {
            hint = "Line \(line) is held by '\(user.isEmpty ? "an unnamed consumer" : user)': stop that program "
                + "or remove the dtoverlay that claims the pin (gpioinfo shows who holds it)."
        }
        return DeviceError(.gpio, .requestLine, device: "\(path) line \(line)", detail: what, errno: errno, hint: hint)
    }
}

extension BoardProfile.Bias {
    /// The shim's encoding (roam_gpio.h).
    var shimValue: CInt {
        switch self {
        case .asIs: 0
        case .pullUp: 1
        case .pullDown: 2
        case .disabled: 3
        }
    }
}

// The button thread polls the line's event descriptor together with its wake pipe: no timer.
extension GPIOLine: PollableSource {
    public var readiness: PortReadiness {
        let fd = roam_gpio_event_fd(handle)
        return fd >= 0 ? .descriptor(fd) : .timedReadsOnly
    }
}

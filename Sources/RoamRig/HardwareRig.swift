import RoamPorts
import RoamSystem
import Glibc
import RoamCore
import RoamHardware

/// A real board's devices, made from its profile: the receiver on the UART, the BMP280 on the
/// I2C bus, the button and LED lines of the GPIO chip. `BoardDevices` makes them for `record`
/// (the bench board's come from `SimulatedRig`).
///
/// What is fatal and what is not: a permission problem or an impossible baud is a configuration
/// error and throws (before any ride is re-armed, so a restarting unit writes no gaps). A device
/// that is merely absent is reported and the recorder runs without it: the receiver is reopened
/// with backoff, the barometer (and a bus not there yet) re-probed (fixes flagged meanwhile, P6), a missing button or LED
/// leaves the recorder resuming an active ride rather than crash-looping.
public final class HardwareRig {
    public let profile: BoardProfile
    public let receiver: GNSSReceiver
    public let barometer: BMP280?
    public let button: Button?
    /// Set when the button's chip or line was absent at start: the button thread keeps trying it.
    public let openButtonLater: (() throws -> Button)?
    /// The LED line, or one opened later by the LED thread when its chip was absent at start.
    public let led: (any DigitalOutput)?

    /// `lateDevices`: what to do when a device absent at start is refused once it appears (nil:
    /// keep retrying; see `LateDeviceRestart`). `systemRoot`: where / is for the boot and console
    /// checks ("" on a board; tests lay out a folder like it).
    public init(profile: BoardProfile, report: @escaping @Sendable (String) -> Void, lateDevices: LateDeviceRestart? = nil,
                systemRoot: String = "") throws {
        self.profile = profile
        receiver = BoardDevices.receiver(profile, path: profile.uart)
        // Configured on the sensor thread at each open; what it found is said once per outcome.
        let say = report
        receiver.onReport = { [say] r in say(r.summary) }
        receiver.onNote = { [say] note in say(note) }
        do {
            try receiver.reopen()
        } catch {
            if Self.isConfigurationError(error) { throw BoardSystemChecks.uartRefused(error, uart: profile.uart, root: systemRoot) }
            let why = BoardSystemChecks.uart(profile.uart, root: systemRoot).map { " " + $0.message } ?? ""
            report("receiver: \(error)\(why) Recording waits for it (reopened with backoff).")
        }
        // Said once, at start: the recorder still reads the port, sharing it with the console.
        if let console = BoardSystemChecks.serialConsole(uart: profile.uart, root: systemRoot) {
            report("receiver: \(console.device): \(console.message) Recording anyway, but fixes may be lost while the port is shared.")
        }
        barometer = Self.barometer(profile, report, lateDevices)
        // Another Pi's board: the header's chip is not found, and the fix is enabling this Pi's board.
        let wrongBoard = PiModelCheck.mismatch(profile, root: systemRoot).map { " The board is another Pi's: \($0)." } ?? ""
        (button, openButtonLater) = Self.button(profile, report, lateDevices, wrongBoard)
        led = Self.led(profile, report, lateDevices, wrongBoard)
        lateDevices?.arm()
    }

    /// Errors no retry can fix: permissions, an unsupported baud, a path that is not a tty.
    static func isConfigurationError(_ error: DeviceError) -> Bool {
        error.failed(with: EACCES, EPERM, EINVAL, ENOTTY)
    }

    /// A bus that is missing at start is opened later by the re-probe (every 2 s while recording):
    /// a late i2c-dev or a bus enabled after boot costs the fixes until then, not the ride's climb.
    private static func barometer(_ profile: BoardProfile, _ report: (String) -> Void, _ late: LateDeviceRestart?) -> BMP280? {
        let bus = ReopeningI2CBus(device: profile.i2cBus) { (path: String) throws(DeviceError) -> any I2CBus in
            try LateDeviceRestart.opening(late, "barometer") { () throws(DeviceError) -> any I2CBus in try LinuxI2CBus(device: path) }
        }
        if let error = bus.openError, error.failed(with: EACCES, EPERM) {
            report("barometer: \(error) Recording without it: climb is unavailable (fixes are flagged).")
            return nil
        }
        return probed(BMP280(bus: bus, address: UInt16(profile.bmp280Address)), report)
    }

    /// Whatever the probe meets (a bus not there yet, no chip answering, another chip at the
    /// address, a stuck status bit), the sensor stays: it is re-probed while recording. The probe
    /// keeps what it met, so the recorder's first one says it again only if it changed.
    static func probed(_ sensor: BMP280, _ report: (String) -> Void) -> BMP280 {
        do {
            try sensor.probe()
        } catch where error.operation == .open {
            report("barometer: \(error) Recording without it until the bus appears (retried every 2 s); fixes are flagged meanwhile.")
        } catch {
            report("barometer: \(error) Re-probed while recording; fixes are flagged until it answers.")
        }
        return sensor
    }

    /// The button, or (when its chip or line is merely absent: a GPIO driver loaded after the unit
    /// started) an opener the button thread retries. Permissions and a wrong bank are not retried.
    private static func button(_ profile: BoardProfile, _ report: @escaping @Sendable (String) -> Void,
                               _ late: LateDeviceRestart?, _ wrongBoard: String) -> (Button?, (() throws -> Button)?) {
        button(opening: {
            try refuseSoCBank(profile.gpioChip)
            let line = try BoardDevices.buttonLine(profile)
            if !line.biasApplied {
                report("button: the kernel refused bias \(profile.buttonBias.rawValue) on \(line.device); fit an external pull resistor (10 kΩ).")
            }
            return try Button(input: line, activeLow: profile.buttonActiveLow, now: MonotonicClock.nowNs)
        }, report, late, wrongBoard: wrongBoard)
    }

    /// The button `open` gives, or the opener the button thread retries (`isRetried`). `wrongBoard`:
    /// said after a missing chip (" The board is another Pi's: …"), or "".
    static func button(opening open: @escaping () throws -> Button, _ report: (String) -> Void,
                       _ late: LateDeviceRestart?, wrongBoard: String = "") -> (Button?, (() throws -> Button)?) {
        do {
            return (try open(), nil)
        } catch let error as DeviceError where isRetried(error) {
            report("button: \(error)\(missing(error, wrongBoard)) Rides cannot be started or stopped until \(awaited(error)) (tried again every \(retryS) s).")
            return (nil, {
                do {
                    return try open()
                } catch let error as DeviceError {
                    late?.refused(error, what: "button")
                    throw error
                }
            })
        } catch {
            report("button: \(error) Rides cannot be started or stopped until this is fixed.")
            return (nil, nil)
        }
    }

    private static func led(_ profile: BoardProfile, _ report: (String) -> Void, _ late: LateDeviceRestart?,
                            _ wrongBoard: String) -> (any DigitalOutput)? {
        led(opening: { () throws(DeviceError) -> any DigitalOutput in
            try LateDeviceRestart.opening(late, "led") { () throws(DeviceError) -> any DigitalOutput in
                try refuseSoCBank(profile.gpioChip)
                return try BoardDevices.ledLine(profile)
            }
        }, device: "\(GPIOLine.chipPath(profile.gpioChip)) line \(profile.ledLine)", report, wrongBoard: wrongBoard)
    }

    /// The LED line `open` gives, or one the LED thread opens later (`isRetried`).
    static func led(opening open: @escaping () throws(DeviceError) -> any DigitalOutput, device: String,
                    _ report: (String) -> Void, wrongBoard: String = "") -> (any DigitalOutput)? {
        do {
            return try open()
        } catch where isRetried(error) {
            report("led: \(error)\(missing(error, wrongBoard)) Recording continues without status light until \(awaited(error)) (tried again every \(retryS) s).")
            return ReopeningDigitalOutput(device: device, open: open)
        } catch {
            report("led: \(error) Recording continues without status light.")
            return nil
        }
    }

    /// How often the button and LED threads try a line again (their back-off on a failed open).
    static let retryS = 2

    /// A line worth trying again: absent (a GPIO driver loaded after the unit started)
    /// or held by another program now, which may let it go.
    static func isRetried(_ error: DeviceError) -> Bool { error.failed(with: ENOENT, ENODEV, ENXIO, EBUSY) }

    /// `wrongBoard` after a chip or line not there; "" after any other error.
    static func missing(_ error: DeviceError, _ wrongBoard: String) -> String { error.failed(with: ENOENT, ENODEV, ENXIO) ? wrongBoard : "" }

    /// What the retry waits for: "it appears", "it is free".
    static func awaited(_ error: DeviceError) -> String { error.failed(with: EBUSY) ? "it is free" : "it appears" }

    /// On a Pi 5 with a kernel before 6.6.45, gpiochip0 is a 32-line SoC bank (Wi-Fi and Bluetooth
    /// control lines), not the header's RP1: reconfiguring its lines would be harmful, so refuse a
    /// board file that names a chip by number and got one of those.
    static func refuseSoCBank(_ chip: String) throws(DeviceError) {
        if let error = socBank(try GPIOChipInfo.read(GPIOLine.chipPath(chip))) { throw error }
    }

    /// The refusal of a Pi 5 SoC bank, found by its label (nil for any other chip).
    static func socBank(_ info: GPIOChipInfo) -> DeviceError? {
        guard info.label.hasPrefix("gpio-brcmstb") else { return nil }
        let found = DeviceFinding(.unexpectedChip, "it is labelled \(info.label): a Pi 5 SoC bank, not the 40-pin header's chip (pinctrl-rp1)")
        return DeviceError(.gpio, .requestLine, device: info.path, finding: found,
                           hint: "The header's chip changes number with the kernel: set gpio_chip = /dev/roam-gpiochip, "
                               + "the board's udev rule links the chip labelled pinctrl-rp1 there.")
    }
}

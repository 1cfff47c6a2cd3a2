import RoamPorts
import RoamCore
import RoamHardware
import RoamRecorder
import RoamSimulator
import RoamSystem

/// `selftest`: opens each device the board declares and probes it, one `ProbeResult` per device,
/// in the order a newcomer wires them, opened as `BoardDevices` opens them for `record`. On the
/// bench board the devices are the simulated rig's, so the command (and its tests) run anywhere.
///
/// Run it with the recorder stopped: the recorder holds the GPIO lines (a probe then names it as
/// their holder) and reads the UART. Root opens a UART the recorder holds exclusively all the same
/// (TIOCEXCL stops no root), so with a recorder holding the database's lock the devices are left
/// alone (`RecorderRunning`): a receiver set up again and read here would be a gap in the ride.
public enum BoardSelfTest {
    /// `sysRoot`: where / is for the system checks (/sys, /proc, /boot, /dev links): "" on a board;
    /// tests lay out a folder like it.
    /// `database`: the recorder's database in `dataDir`, whose files must be writable too, and which
    /// must not be damaged (`DatabaseCheck`). `boardFolder`: where board.conf is, for how to stop a
    /// recorder that holds it (`InstalledBoard`). `saying`: a line said while the checks run, before
    /// their results (the database's quick check reads the whole file).
    public static func run(profile: BoardProfile, dataDir: String, database: String? = nil, listenMs: UInt64 = 3000,
                           sysRoot: String = "", boardFolder: String? = nil, saying: (String) -> Void = { _ in }) -> [ProbeResult] {
        var results: [ProbeResult]
        if profile.isBench {
            results = bench(profile)
        } else if let database, let running = RecorderRunning.result(database: database, boardFolder: boardFolder) {
            results = [running]
            // Read-only (files under /sys, /proc and /boot): a console on the port is worth saying while it records.
            if let console = BoardSystemChecks.serialConsole(uart: profile.uart, root: sysRoot) { results.append(console) }
        } else {
            results = board(profile, listenMs: listenMs, sysRoot: sysRoot)
        }
        if !profile.isBench { results += USBGadgetCheck.results(root: sysRoot) }
        results.append(DeviceProbe.dataDirectory(dataDir, database: database, createdByRecord: profile.isBench, isBench: profile.isBench, systemRoot: sysRoot))
        if let database, let check = DatabaseCheck.result(database: database, saying: saying) { results.append(check) }
        return results
    }

    static func board(_ profile: BoardProfile, listenMs: UInt64, sysRoot: String = "") -> [ProbeResult] {
        var results: [ProbeResult] = []
        // First: with another Pi's board enabled, what fails below follows from it.
        let wrongBoard = PiModelCheck.mismatch(profile, root: sysRoot)
        if let wrongBoard { results.append(ProbeResult("board \(profile.name)", ok: false, wrongBoard + ".")) }
        let uartName = "uart \(profile.uart) at \(profile.baud) baud"
        let receiver = BoardDevices.receiver(profile, path: profile.uart)
        do {
            try receiver.reopen()
            receiver.configureNow()
            results.append(DeviceProbe.receiver(receiver, baud: profile.baud, listenMs: listenMs))
            if let held = PortHolders.hint(device: profile.uart) {
                results.append(ProbeResult(uartName, ok: false, "another program reads this port too, splitting its bytes: " + held))
            }
        } catch {
            let refused = BoardSystemChecks.uartRefused(error, uart: profile.uart, root: sysRoot, consoleSaidApart: true)
            results.append(ProbeResult(uartName, ok: false, "\(refused)"))
            if let why = BoardSystemChecks.uart(profile.uart, root: sysRoot) { results.append(why) }
        }
        if let console = BoardSystemChecks.serialConsole(uart: profile.uart, root: sysRoot) { results.append(console) }
        do {
            let bus = try LinuxI2CBus(device: profile.i2cBus)
            results.append(DeviceProbe.barometer(bus: bus, address: UInt16(profile.bmp280Address)))
        } catch {
            results.append(ProbeResult("i2c \(profile.i2cBus) bmp280 at \(I2CContext.hex(profile.bmp280Address))", ok: false, "\(error)"))
            if let why = BoardSystemChecks.i2cBus(profile.i2cBus, root: sysRoot) { results.append(why) }
        }
        let chip = GPIOLine.chipPath(profile.gpioChip)
        do {
            let info = try GPIOChipInfo.read(chip)
            try HardwareRig.refuseSoCBank(profile.gpioChip)
            results.append(ProbeResult("gpio \(chip)", ok: true, "\(info.label), \(info.lineCount) lines" + linkTarget(chip)))
        } catch {
            // Without the chip, the button and LED lines cannot be probed: one line says why.
            let udevLink = wrongBoard.map { " The board is another Pi's: \($0)." } ?? (chip.hasPrefix("/dev/gpiochip") ? ""
                : " \(chip) is made by the board's udev rule for the chip with the header's label: check /etc/udev/rules.d/99-roam-board.rules against the labels gpiodetect shows.")
            results.append(ProbeResult("gpio \(chip)", ok: false, "\(error)" + udevLink))
            return results
        }
        do {
            let line = try BoardDevices.buttonLine(profile)
            results.append(DeviceProbe.button(line, activeLow: profile.buttonActiveLow, bias: profile.buttonBias, biasApplied: line.biasApplied))
        } catch {
            results.append(ProbeResult("gpio \(chip) line \(profile.buttonLine) button", ok: false, "\(error)"))
        }
        do {
            let line = try BoardDevices.ledLine(profile)
            results.append(DeviceProbe.led(line))
        } catch {
            results.append(ProbeResult("gpio \(chip) line \(profile.ledLine) led", ok: false, "\(error)"))
        }
        return results
    }

    /// " (/dev/gpiochip4)" when `path` is a link (the udev rule's /dev/roam-gpiochip), so the
    /// chip's number is in view; "" for the chip itself.
    static func linkTarget(_ path: String) -> String {
        do {
            let target = try FileSystem.linkTarget(path)
            return " (" + (target.hasPrefix("/") ? target : "/dev/" + target) + ")"
        } catch {
            return "" // not a link: the number is in the path already
        }
    }

    /// The simulated rig's devices: a few simulated seconds of NMEA through the real pty and
    /// `SerialPort`, the BMP280 register map, the fake button and the recording LED.
    static func bench(_ profile: BoardProfile) -> [ProbeResult] {
        let rig: SimulatedRig
        do {
            // The bench rig reports nothing: its devices are there, or it throws.
            guard let simulated = try BoardDevices.open(profile, report: { _ in }).simulated else {
                return [ProbeResult("bench rig", ok: false, "the board is not the bench board")]
            }
            rig = simulated
        } catch {
            return [ProbeResult("bench rig", ok: false, "\(error)")]
        }
        var results: [ProbeResult] = []
        do {
            rig.configureReceiver()
            let seconds = RideSimulation().seconds.prefix(3)
            try rig.replayer.write(seconds.flatMap(\.nmea))
            results.append(DeviceProbe.receiver(rig.port, baud: profile.baud))
        } catch {
            results.append(ProbeResult("uart \(rig.replayer.secondaryPath) (bench pty)", ok: false, "\(error)"))
        }
        rig.sensor.setAmbient(pressurePa: 101_325, temperatureC: 20)
        results.append(DeviceProbe.barometer(bus: rig.bus, address: UInt16(profile.bmp280Address)))
        results.append(DeviceProbe.button(rig.button, activeLow: profile.buttonActiveLow, bias: profile.buttonBias, biasApplied: true))
        results.append(DeviceProbe.led(rig.led, onMs: 100))
        return results
    }
}

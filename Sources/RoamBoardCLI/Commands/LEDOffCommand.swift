import RoamCore
import RoamHardware
import RoamPorts
import RoamSystem

/// `roam-board led-off --board DIR`: the recorder units' `ExecStopPost=`. On a Raspberry Pi a released
/// GPIO output keeps its level, so a recorder that crashed or was killed with its LED lit leaves it lit
/// until the restart 5 s later, and for ever when that start is refused for good. This drives
/// board.conf's LED line low (with a pull-down, so it stays dark should the pin become an input) and
/// releases it. systemd runs it only once the recorder's processes are gone; a line someone still
/// holds is left alone. It never fails the unit: a board with nothing to darken (the bench, a chip not
/// there, a board.conf without the LED's keys) is said in one line and exits 0.
enum LEDOffCommand {
    static let spec = CommandSpec(name: "led-off", abstract: "Darken the board's LED line (the recorder unit's ExecStopPost=).",
                                  options: [SharedOptions.boardFolder],
                                  discussion: "Exit 0 when the line is dark or there is none to darken; 74 when the chip refused the request.",
                                  isHidden: true)

    static func run(_ p: ParsedArguments) throws {
        print("led-off: " + (try darken(boardDir: try p.value(SharedOptions.boardFolder))))
    }

    /// What was done, in words; throws only a device error that is not the board's absence.
    static func darken(boardDir: String) throws -> String {
        let file = FilePath.join(BoardLoader.absolute(boardDir), "board.conf")
        let bytes: [UInt8]
        do throws(SystemError) { bytes = try FileSystem.readBytes(file) } catch {
            return "cannot read \(file) (\(error.reason)): the LED line is left as it is"
        }
        guard let led = LEDDeclaration.read(String(decoding: bytes, as: UTF8.self)) else {
            return "\(file) declares no single gpio_chip and led_line: the LED line is left as it is"
        }
        if led.isSimulated { return "the bench board's LED is simulated: nothing to darken" }
        let device = "\(GPIOLine.chipPath(led.gpioChip)) line \(led.line)"
        do throws(DeviceError) {
            // Requested low, then released at once (deinit): the level stays, as the Pi keeps it.
            let line = try GPIOLine.output(chip: led.gpioChip, line: led.line, initial: false, bias: .pullDown)
            return "\(device) driven low and released: the LED is dark until the recorder starts" + (line.biasApplied ? "" : " (the kernel refused its pull-down)")
        } catch {
            if error.errno == .noSuchFile { return "\(GPIOLine.chipPath(led.gpioChip)) is not there: no LED line to darken" }
            if error.errno == .busy { return "\(device) is held by another program: left as it is" }
            throw error
        }
    }
}

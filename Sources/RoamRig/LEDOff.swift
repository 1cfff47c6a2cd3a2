import RoamCore
import RoamHardware
import RoamPorts
import RoamSystem

/// Darkens board.conf's LED line after the recorder stopped (`led-off`, the recorder units'
/// `ExecStopPost=`). On a Raspberry Pi a released GPIO output keeps its level, so a recorder that
/// crashed or was killed with its LED lit leaves it lit until the restart 5 s later, and for ever
/// when that start is refused for good. The line is driven low (with a pull-down, so it stays dark
/// should the pin become an input) and released. A line someone still holds is left alone, and a
/// board with nothing to darken (the bench, a chip not there, a board.conf without the LED's keys)
/// is said in words, not failed.
public enum LEDOff {
    /// What was done, in words; throws only a device error that is not the board's absence.
    /// `boardFolder` is absolute, so the words name the file wherever the command ran.
    public static func darken(boardFolder: String) throws(DeviceError) -> String {
        let file = FilePath.join(boardFolder, "board.conf")
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

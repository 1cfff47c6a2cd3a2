import RoamPorts
import RoamCore
import RoamHardware

/// From a board profile to its devices: the one factory `record` and `selftest` get them from.
/// A real board's are opened from its UART, I2C bus and GPIO chip (`HardwareRig`); the bench
/// board's are the same drivers over simulated far ends of each wire (`SimulatedRig`). The
/// recorder sees only what both have in common: a receiver, a barometer, a button and an LED line.
public struct BoardDevices {
    public let receiver: GNSSReceiver
    public let barometer: BMP280?
    public let button: Button?
    /// Set when the button's chip or line was absent at start: the button thread keeps trying it.
    public let openButtonLater: (() throws -> Button)?
    public let led: (any DigitalOutput)?
    /// The far ends of the bench board's wires, which play its ride; nil on a real board.
    public let simulated: SimulatedRig?

    /// Opens every device `profile` declares. Throws only what no retry can fix (see `HardwareRig`);
    /// `report` gets one line per device that is absent and waited for.
    /// `lateDevices`: see `LateDeviceRestart` (a real board's recorder under systemd).
    public static func open(_ profile: BoardProfile, report: @escaping @Sendable (String) -> Void,
                            lateDevices: LateDeviceRestart? = nil) throws -> BoardDevices {
        guard profile.isBench else {
            let rig = try HardwareRig(profile: profile, report: report, lateDevices: lateDevices)
            return BoardDevices(receiver: rig.receiver, barometer: rig.barometer, button: rig.button,
                                openButtonLater: rig.openButtonLater, led: rig.led, simulated: nil)
        }
        let rig = try SimulatedRig(profile: profile)
        // The bench's button and LED run through the real Button and LEDPatternPlayer drivers.
        return BoardDevices(receiver: rig.port, barometer: rig.barometer, button: try rig.makeButton(profile),
                            openButtonLater: nil, led: rig.led, simulated: rig)
    }

    // The real board's lines, opened the same way by the rig and by `selftest`'s probes.

    /// The receiver on the profile's UART (not opened yet), configured at each open unless `receiver = none`.
    static func receiver(_ profile: BoardProfile, path: String) -> GNSSReceiver {
        let setup = profile.receiver == .none ? nil : ReceiverSetup(family: profile.receiver, targetBaud: profile.baud, rateHz: profile.rateHz)
        return GNSSReceiver.serial(path: path, baud: profile.baud, setup: setup)
    }

    static func buttonLine(_ profile: BoardProfile) throws(DeviceError) -> GPIOLine {
        try GPIOLine.input(chip: profile.gpioChip, line: profile.buttonLine, bias: profile.buttonBias)
    }

    static func ledLine(_ profile: BoardProfile) throws(DeviceError) -> GPIOLine {
        try GPIOLine.output(chip: profile.gpioChip, line: profile.ledLine, initial: false)
    }
}

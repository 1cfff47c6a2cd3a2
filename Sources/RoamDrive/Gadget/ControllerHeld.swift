/// Another gadget holds the USB device controller, so the drive's gadget cannot be bound to it: a
/// gadget module loaded at boot (g_ether for SSH over USB: Raspberry Pi OS's rpi-usb-gadget, which
/// Raspberry Pi Imager's "USB Gadget mode" turns on) or another configfs gadget. Not a failure of the
/// drive: the keeper waits and binds once the controller is free (`ControllerBinding`).
public struct ControllerHeld: Sendable, Equatable {
    public var udc: String
    /// The kernel's name for the holder (`function` of the controller); "" when the kernel refused
    /// the binding as busy without naming one.
    public var holder: String

    public init(udc: String, holder: String) {
        self.udc = udc
        self.holder = holder
    }

    /// The words when no one said how to free it (the command line passes selftest's, which name
    /// the file that loads the module at boot).
    public static func plainWords(_ holder: String) -> String {
        "held by \(holder.isEmpty ? "another gadget (the kernel refused the binding as busy)" : "the gadget '\(holder)'"), so the rides' "
            + "USB drive cannot bind it while it does (recording is unaffected). 'roam-board selftest' says how to free it."
    }
}

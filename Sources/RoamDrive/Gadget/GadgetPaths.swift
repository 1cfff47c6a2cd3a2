/// Where the kernel's USB gadget files are: configfs for the gadget, sysfs for the controllers.
/// `root` is "" on a board; tests give a temporary folder laid out the same way, so the gadget
/// code runs on a host without a kernel gadget.
public struct GadgetPaths: Sendable, Equatable {
    public var root: String
    public var gadgetName = "roam-board"

    public init(root: String = "") {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    public var configfs: String { root + "/sys/kernel/config/usb_gadget" }
    public var gadget: String { configfs + "/" + gadgetName }
    public var function: String { gadget + "/functions/mass_storage.usb0" }
    public var lun: String { function + "/lun.0" }
    public var config: String { gadget + "/configs/c.1" }
    public var udcClass: String { root + "/sys/class/udc" }

    public func udcState(_ udc: String) -> String { udcClass + "/" + udc + "/state" }
}

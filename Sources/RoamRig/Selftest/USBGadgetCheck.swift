import RoamSystem

extension BoardSystemChecks {
    /// Another gadget holding the USB device controller, so the rides drive cannot bind to it:
    /// a legacy gadget module (g_ether, g_serial, g_mass_storage, g_multi: the controller's
    /// `function` names it) or another configfs gadget (its `UDC` names the controller). nil when
    /// there is no controller, or it is free or roam-board's own.
    public static func usbGadget(root: String = "/") -> ProbeResult? {
        let udcs = ((try? FileSystem.folderEntries(join(root, "sys/class/udc"))) ?? []).sorted()
        guard let udc = udcs.first else { return nil }
        let gadgets = join(root, "sys/kernel/config/usb_gadget")
        let configfsHolder = ((try? FileSystem.folderEntries(gadgets)) ?? []).sorted().first { name in
            name != ownGadget && value(join(gadgets, "\(name)/UDC")) == udc
        }
        let function = value(join(root, "sys/class/udc/\(udc)/function")) ?? ""
        let name = "usb \(udc) gadget"
        if let configfsHolder {
            return ProbeResult(name, ok: false, "the configfs gadget '\(configfsHolder)' holds \(udc), so the rides drive cannot bind: "
                + "echo '' | sudo tee \(gadgets)/\(configfsHolder)/UDC, and remove what creates it at boot.")
        }
        guard !function.isEmpty, function != ownGadget else { return nil }
        let module = function.hasPrefix("g_") ? function : "the gadget driver '\(function)'"
        return ProbeResult(name, ok: false, "\(module) holds \(udc), so the rides drive cannot bind: sudo rmmod \(function.hasPrefix("g_") ? function : "it"), "
            + "and remove it from /etc/modules and from 'modules-load=' in /boot/firmware/cmdline.txt (keep dwc2 there).")
    }

    static let ownGadget = "roam-board"

    private static func join(_ root: String, _ relative: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    private static func value(_ path: String) -> String? {
        (try? FileSystem.readText(path)).map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
    }
}

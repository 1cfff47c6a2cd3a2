import RoamRecorder
import RoamSystem

/// `selftest`'s USB lines: who holds each USB device controller. The rides' drive binds its
/// configfs gadget ("roam-board") to the controller; a legacy gadget (g_ether, g_serial, from
/// `modules-load=` in cmdline.txt or /etc/modules) or another configfs gadget holding it keeps the
/// drive from ever binding. Recording does not need it, so this is a note, never a failure. The
/// kernel names the holder in `/sys/class/udc/NAME/function` (empty while the controller is free;
/// a configfs gadget's is its folder name). No controller (no dwc2 overlay on a Pi): a note that says so.
enum UDCProbe {
    static let driveGadget = "roam-board"

    /// `root` is "" on a board; tests give a folder laid out like /sys.
    static func results(root: String = "") -> [ProbeResult] {
        let udcClass = root + "/sys/class/udc"
        // No folder (no UDC driver at all) is the same as an empty one.
        let names = (try? FileSystem.folderEntries(udcClass)) ?? []
        guard !names.isEmpty else { return [noController(root: root)] }
        return names.map { name in
            let holder = function(of: udcClass + "/" + name)
            switch holder {
            case "":
                return ProbeResult("usb \(name)", ok: true, "free; the rides' USB drive binds it when roam-board-drive runs")
            case driveGadget:
                return ProbeResult("usb \(name)", ok: true, "held by the rides' USB drive (gadget \(driveGadget))")
            default:
                return .note("usb \(name)", "held by the gadget '\(holder)', so the rides' USB drive cannot bind it (recording is "
                    + "unaffected). Remove \(holder) from modules-load= in /boot/firmware/cmdline.txt and from /etc/modules, "
                    + "or unbind that configfs gadget (echo \"\" > /sys/kernel/config/usb_gadget/NAME/UDC).")
            }
        }
    }

    /// The rides' drive needs a USB port in device mode; on a Pi that is the dwc2 overlay (usb.md).
    static func noController(root: String) -> ProbeResult {
        let words = "no USB device controller (/sys/class/udc is empty), so the rides' USB drive cannot start (recording is unaffected)"
        guard BootConfig.piModel(root: root) != nil else { return .note("usb", words + ".") }
        let dwc2 = BootConfig.Setting(key: "dtoverlay", values: ["dwc2,dr_mode=peripheral", "dwc2"])
        return .note("usb", words + ": the USB port is in device mode only with the dwc2 overlay; "
            + BootConfig.advice([dwc2], root: root, see: "usb.md") + ".")
    }

    /// The controller's `function`, "" when free or unreadable (an older kernel without the file).
    private static func function(of udc: String) -> String {
        do {
            return try FileSystem.readText(udc + "/function").trimmedOfWhitespace
        } catch {
            return ""
        }
    }
}

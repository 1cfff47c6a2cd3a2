import RoamRecorder
import RoamSystem

/// `selftest`'s USB lines: who holds each USB device controller. The rides' drive binds its
/// configfs gadget ("roam-board") to the controller; a legacy gadget (g_ether, g_serial, from
/// `modules-load=` in cmdline.txt or /etc/modules) or another configfs gadget holding it keeps the
/// drive from ever binding. Recording does not need it, so this is a note, never a failure. The
/// kernel names the holder in `/sys/class/udc/NAME/function` (empty while the controller is free;
/// a configfs gadget's is its folder name). No controller (no dwc2 overlay): no line.
enum UDCProbe {
    static let driveGadget = "roam-board"

    /// `root` is "" on a board; tests give a folder laid out like /sys.
    static func results(root: String = "") -> [ProbeResult] {
        let udcClass = root + "/sys/class/udc"
        let names: [String]
        do {
            names = try FileSystem.folderEntries(udcClass)
        } catch {
            return []   // no USB device controller on this board: nothing to hold
        }
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

    /// The controller's `function`, "" when free or unreadable (an older kernel without the file).
    private static func function(of udc: String) -> String {
        do {
            return try FileSystem.readText(udc + "/function").trimmedOfWhitespace
        } catch {
            return ""
        }
    }
}

import RoamCore
import RoamSystem

/// `selftest`'s USB lines: who holds each USB device controller. The rides' drive binds its configfs
/// gadget ("roam-board") to the controller; while another gadget holds it, a gadget module (g_ether
/// for SSH over USB, g_serial: loaded by `modules-load=` in cmdline.txt or a modules file) or another
/// configfs gadget, the drive cannot bind. Recording does not need the drive, so each line is OK or a
/// note, never a failure: selftest's exit status, and roam-board-enable's start of the recorder, are
/// the recorder's. The kernel names the holder in /sys/class/udc/NAME/function (empty while free; a
/// configfs gadget's is its folder name). `root` stands for `/` ("" on a board).
enum USBGadgetCheck {
    static let driveGadget = "roam-board"
    static let configfs = "/sys/kernel/config/usb_gadget"

    static func results(root: String = "") -> [ProbeResult] {
        // No folder (no UDC driver at all) is the same as an empty one.
        let names = ((try? FileSystem.folderEntries(BoardSystemChecks.path(root, "sys/class/udc"))) ?? []).sorted()
        guard !names.isEmpty else { return [noController(root: root)] }
        return names.map { udc in
            let name = "usb \(udc)"
            let holder = holder(of: udc, root: root)
            switch holder {
            case "": return ProbeResult(name, ok: true, "free; the rides' USB drive binds it when roam-board-drive runs")
            case driveGadget: return ProbeResult(name, ok: true, "held by the rides' USB drive (gadget \(driveGadget))")
            default: break
            }
            return .note(name, heldWords(holder, root: root))
        }
    }

    /// "held by …, so … To free it: …." for a controller that `holder` (its kernel name) holds.
    static func heldWords(_ holder: String, root: String) -> String {
        let held = "so the rides' USB drive cannot bind it while it does (recording is unaffected). To free it: "
        guard !holder.isEmpty else {
            return "held by another gadget (the kernel refused the binding as busy, naming none), " + held
                + "free it as 'roam-board selftest' says (one controller, one gadget)."
        }
        if FileSystem.exists(BoardSystemChecks.path(root, String(configfs.dropFirst()) + "/" + holder)) {
            return "held by the configfs gadget '\(holder)', " + held + "echo '' | sudo tee \(configfs)/\(holder)/UDC, "
                + "and stop what sets that gadget up at boot (a unit or script writing its UDC)."
        }
        let what = holder.hasPrefix("g_") ? "the gadget module \(holder)" : "the gadget driver '\(holder)'"
        return "held by \(what), " + held + "sudo rmmod \(holder) (a login over that USB link ends with it), and "
            + ModuleLoads.removal(holder, root: root) + "."
    }

    /// The controller's `function`; on a kernel without that file, the configfs gadget whose UDC
    /// names the controller. "" when free.
    static func holder(of udc: String, root: String) -> String {
        if let function = BoardSystemChecks.read(root, "sys/class/udc/\(udc)/function")?.trimmedOfWhitespace {
            return function
        }
        let gadgets = BoardSystemChecks.path(root, String(configfs.dropFirst()))
        return ((try? FileSystem.folderEntries(gadgets)) ?? []).sorted().first { gadget in  // no configfs gadgets: none holds it
            BoardSystemChecks.read(root, String(configfs.dropFirst()) + "/\(gadget)/UDC")?.trimmedOfWhitespace == udc
        } ?? ""
    }

    /// The rides' drive needs a USB port in device mode; on a Pi that is the dwc2 overlay (usb.md).
    static func noController(root: String) -> ProbeResult {
        let words = "no USB device controller (/sys/class/udc is empty), so the rides' USB drive cannot start (recording is unaffected)"
        guard BootConfig.piModel(root: root) != nil else { return .note("usb", words + ".") }
        return .note("usb", words + ": the USB port is in device mode only with the dwc2 overlay; "
            + BootConfig.advice([BootConfig.dwc2], root: root, see: "usb.md") + ".")
    }
}

/// The same words for the drive's keeper (`roam-board drive`), which binds the controller once it is free.
public enum USBControllerHolder {
    /// After "USB device controller NAME is": who holds it and how to free it for good.
    public static func words(_ holder: String, root: String = "") -> String { USBGadgetCheck.heldWords(holder, root: root) }
}

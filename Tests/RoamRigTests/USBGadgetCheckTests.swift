import Foundation
@testable import RoamRig
import Testing

/// `selftest` names another gadget that holds the USB device controller (the rides drive could not
/// bind), against a folder of real files standing for `/`.
@Suite struct USBGadgetCheckTests {
    func root(_ files: [String: String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roam-usb-\(UUID().uuidString)").path
        for (relative, text) in files {
            let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func gEtherHoldingTheControllerIsNamedWithWhatToRemove() throws {
        let r = try root(["sys/class/udc/3f980000.usb/function": "g_ether\n", "sys/class/udc/3f980000.usb/state": "configured\n"])
        defer { try? FileManager.default.removeItem(atPath: r) }
        let result = try #require(BoardSystemChecks.usbGadget(root: r))
        #expect(!result.isOK)
        #expect(result.message.contains("g_ether holds 3f980000.usb") && result.message.contains("sudo rmmod g_ether")
                && result.message.contains("modules-load="), "\(result.message)")
    }

    @Test func anotherConfigfsGadgetIsNamed() throws {
        let r = try root(["sys/class/udc/dummy_udc.0/function": "other\n",
                          "sys/kernel/config/usb_gadget/other/UDC": "dummy_udc.0\n",
                          "sys/kernel/config/usb_gadget/roam-board/UDC": "\n"])
        defer { try? FileManager.default.removeItem(atPath: r) }
        let result = try #require(BoardSystemChecks.usbGadget(root: r))
        #expect(result.message.contains("configfs gadget 'other' holds dummy_udc.0"), "\(result.message)")
    }

    @Test func aFreeControllerOrOurOwnGadgetOrNoControllerSaysNothing() throws {
        let free = try root(["sys/class/udc/dummy_udc.0/function": "\n"])
        defer { try? FileManager.default.removeItem(atPath: free) }
        #expect(BoardSystemChecks.usbGadget(root: free) == nil)
        let own = try root(["sys/class/udc/dummy_udc.0/function": "roam-board\n",
                            "sys/kernel/config/usb_gadget/roam-board/UDC": "dummy_udc.0\n"])
        defer { try? FileManager.default.removeItem(atPath: own) }
        #expect(BoardSystemChecks.usbGadget(root: own) == nil)
        let none = try root([:])
        defer { try? FileManager.default.removeItem(atPath: none) }
        #expect(BoardSystemChecks.usbGadget(root: none) == nil)
    }
}

import Foundation
@testable import RoamRig
import Testing

/// `selftest`'s USB lines, on a folder laid out like /sys: a free controller, the drive's own
/// gadget, and g_ether holding it (a note that names it and what to remove, never a failure).
@Suite struct UDCProbeTests {
    func sys(_ udcs: [String: String?]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("udc-\(UUID().uuidString)")
        let udcClass = root.appendingPathComponent("sys/class/udc")
        try FileManager.default.createDirectory(at: udcClass, withIntermediateDirectories: true)
        for (name, function) in udcs {
            let dir = udcClass.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            if let function { try function.write(to: dir.appendingPathComponent("function"), atomically: true, encoding: .utf8) }
        }
        return root
    }

    @Test func eachControllerSaysWhoHoldsIt() throws {
        let root = try sys(["1000480000.usb": "g_ether\n", "dummy_udc.0": "\n", "dummy_udc.1": "roam-board\n", "old.udc": nil])
        defer { try? FileManager.default.removeItem(at: root) }
        let lines = UDCProbe.results(root: root.path).map(\.description)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("NOTE usb 1000480000.usb: held by the gadget 'g_ether', so the rides' USB drive cannot bind it"))
        #expect(lines[0].contains("modules-load= in /boot/firmware/cmdline.txt") && lines[0].contains("recording is unaffected"))
        #expect(lines[1] == "OK   usb dummy_udc.0: free; the rides' USB drive binds it when roam-board-drive runs")
        #expect(lines[2] == "OK   usb dummy_udc.1: held by the rides' USB drive (gadget roam-board)")
        #expect(lines[3].hasPrefix("OK   usb old.udc: free"))   // a kernel without the function file
        let allOK = UDCProbe.results(root: root.path).allSatisfy { $0.isOK }
        #expect(allOK)   // selftest's exit status is the recorder's
    }

    /// Not a Pi (no dwc2 to name): the note says only what is missing. A Pi's: BootConfigChecksTests.
    @Test func aBoardWithoutAControllerGetsANote() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("udc-none-\(UUID().uuidString)")
        #expect(UDCProbe.results(root: root.path).map(\.description)
            == ["NOTE usb: no USB device controller (/sys/class/udc is empty), so the rides' USB drive cannot start (recording is unaffected)."])
    }
}

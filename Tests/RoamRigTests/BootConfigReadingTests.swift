import Foundation
@testable import RoamRig
import Testing

/// config.txt read as the Raspberry Pi documentation describes it ("File format", "include",
/// "Conditional filters", "DT parameters"), and the safe reading where it is silent: a line the
/// firmware might not apply does not make selftest say "there already, reboot".
@Suite struct BootConfigReadingTests {
    struct Case: CustomStringConvertible {
        let config: String
        var model = "Raspberry Pi Zero 2 W Rev 1.0"
        var setting = BootConfig.i2cArm
        var files: [String: String] = [:]  // beside config.txt
        /// nil: config.txt has it already (reboot); else the advice's end after "add ".
        let add: String?
        var description: String { "\(model): \(config.debugDescription)" }
    }

    static let file = "/boot/firmware/config.txt"
    static let i2c = "'dtparam=i2c_arm=on' to \(file)"
    static let allThenI2C = "the lines '[all]' and 'dtparam=i2c_arm=on' at the end of \(file)"

    static let cases: [Case] = [
        // Comments are lines that start with "#": one after a setting is part of its value.
        Case(config: "dtparam=i2c_arm=on   # the barometer\n", add: i2c + " (its line 'dtparam=i2c_arm=on   # the barometer' has a "
             + "comment after the setting, which the firmware reads as part of the value: put the comment on a line of its own)"),
        Case(config: "# the barometer\n  dtparam=i2c_arm=on\n", add: nil),
        // `include` reads the named file in place, filters and all.
        Case(config: "include extra.txt\n", files: ["extra.txt": "dtparam=i2c_arm=on\n"], add: nil),
        Case(config: "include extra.txt\ndtparam=i2c_arm=on\n", files: ["extra.txt": "[pi4]\narm_boost=1\n"],
             add: allThenI2C + " (it ends under [pi4], which this board does not read; "
             + "'dtparam=i2c_arm=on' is under [pi4], which this board does not read)"),
        Case(config: "[pi4]\ninclude extra.txt\n[all]\n", files: ["extra.txt": "[all]\ndtparam=i2c_arm=on\n"], add: i2c),
        Case(config: "include config.txt\ndtparam=i2c_arm=on\n", add: nil),  // a file including itself: read a bounded number of times
        // The last line setting a thing wins; i2c is i2c_arm's other name.
        Case(config: "dtparam=i2c_arm=on\ndtparam=i2c_arm=off\n", add: i2c + " (the later line 'dtparam=i2c_arm=off' undoes it: the firmware keeps the last)"),
        Case(config: "dtparam=audio=on,i2c_arm=on\ndtparam=i2c=off\n", add: i2c + " (the later line 'dtparam=i2c=off' undoes it: the firmware keeps the last)"),
        Case(config: "dtparam=i2c_arm=off\ndtparam=i2c_arm=on\n", add: nil),
        Case(config: "enable_uart=1\nenable_uart=0\n", setting: BootConfig.enableUART,
             add: "'enable_uart=1' to \(file) (the later line 'enable_uart=0' undoes it: the firmware keeps the last)"),
        // An overlay's parameters: on its line and on the dtparam lines after it; its last load decides them.
        Case(config: "dtoverlay=dwc2,dr_mode=peripheral\ndtoverlay=dwc2,dr_mode=host\n", setting: BootConfig.dwc2,
             add: "'dtoverlay=dwc2,dr_mode=peripheral' to \(file) (the later line 'dtoverlay=dwc2,dr_mode=host' undoes it: the firmware keeps the last)"),
        Case(config: "dtoverlay=dwc2\ndtparam=dr_mode=host\n", setting: BootConfig.dwc2, add: "'dtoverlay=dwc2,dr_mode=peripheral' to \(file)"),
        Case(config: "dtoverlay=dwc2,dr_mode=host\ndtoverlay=disable-bt\ndtoverlay=dwc2\ndtparam=i2c_arm=on\n", setting: BootConfig.dwc2, add: nil),
        // A file that ends in another model's section: a line appended there is not read on this board.
        Case(config: "dtparam=audio=on\n[pi4]\narm_boost=1\n",
             add: allThenI2C + " (it ends under [pi4], which this board does not read)"),
        Case(config: "[pi02]\narm_boost=1\n", add: i2c),
        Case(config: "dtparam=audio=on\n[gpio4=1]\n", add: allThenI2C + " (it ends under [gpio4=1], which may not apply at boot)"),
        // Filters the firmware judges at boot (GPIO level, monitor, HDMI port, serial number, board type,
        // tryboot), [none], and names it does not document (they are case-sensitive): not counted.
        Case(config: "[gpio4=1]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [gpio4=1], which may not apply at boot)"),
        Case(config: "[EDID=DEL-DELL_U2422H]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [EDID=DEL-DELL_U2422H], "
             + "which may not apply at boot)"),
        Case(config: "[HDMI:1]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [HDMI:1], which may not apply at boot)"),
        Case(config: "[0x12345678]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [0x12345678], which may not apply at boot)"),
        Case(config: "[board-type=0x12]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [board-type=0x12], "
             + "which may not apply at boot)"),
        Case(config: "[tryboot]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [tryboot], which may not apply at boot)"),
        Case(config: "[none]\n[pi02]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [pi02] [none], which this board does not read)"),
        Case(config: "[PI02]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [PI02], which may not apply at boot)"),
        // Filters of different types combine; of one type, replace; [all] resets them all.
        Case(config: "[gpio4=1]\n[pi02]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [pi02] [gpio4=1], which may not apply at boot)"),
        Case(config: "[pi4]\n[gpio4=1]\n[pi02]\ndtparam=i2c_arm=on\n[all]\n", add: i2c + " ('dtparam=i2c_arm=on' is under [pi02] [gpio4=1], which may not apply at boot)"),
        Case(config: "[gpio4=1]\n[pi4]\n[all]\n[pi0]\ndtparam=i2c_arm=on\n[all]\n", add: nil),
        Case(config: "dtparam=i2c_arm=on\n[gpio4=1]\ndtparam=i2c_arm=off\n[all]\n",
             add: i2c + " (the later line 'dtparam=i2c_arm=off' under [gpio4=1] may undo it at boot: the firmware keeps the last)"),
        // The firmware reads 98 characters of a line.
        Case(config: "dtparam=audio=on,spi=on,i2s=on,i2c_vc=off,i2c_arm_baudrate=400000,i2c_vc_baudrate=100000,audio=on,i2c_arm=on\n", add: i2c),
        // Pi 3s read [pi3] (a 3B+ also [pi3+]), not [pi4]; a model not listed judges no model filter.
        Case(config: "[pi3+]\ndtparam=i2c_arm=on\n[all]\n", model: "Raspberry Pi 3 Model B Plus Rev 1.3", add: nil),
        Case(config: "[pi4]\ndtparam=i2c_arm=on\n[all]\n", model: "Raspberry Pi 3 Model B Rev 1.2",
             add: i2c + " ('dtparam=i2c_arm=on' is under [pi4], which this board does not read)"),
        Case(config: "[pi4]\ndtparam=i2c_arm=on\n[all]\n", model: "Raspberry Pi Compute Module 0 Rev 1.0",
             add: i2c + " ('dtparam=i2c_arm=on' is under [pi4], which may not apply at boot)"),
    ]

    @Test(arguments: cases) func readsConfigAsTheFirmwareDoes(_ testCase: Case) throws {
        let root = try FakeRoot()
        try root.write("sys/firmware/devicetree/base/model", testCase.model + "\0")
        try root.write("boot/firmware/config.txt", testCase.config)
        for (name, text) in testCase.files { try root.write("boot/firmware/" + name, text) }
        let advice = BootConfig.advice([testCase.setting], root: root.path, see: "usb.md")
        let expected = testCase.add.map { "add " + $0 + " and reboot (usb.md)" }
            ?? "\(Self.file) has '\(testCase.setting.text)' already, and is read only at boot: reboot"
        #expect(advice == expected)
    }

    /// A dtparam line after an overlay goes to that overlay when it has a parameter of that name
    /// (its .dtbo's __overrides__), not when it only targets the node of that label (__fixups__), and
    /// not after "dtoverlay=" ends the overlay's parameters.
    @Test func aDtparamAfterAnOverlayWithThatParameterGoesToTheOverlay() throws {
        let root = try FakeRoot()
        try root.write("sys/firmware/devicetree/base/model", "Raspberry Pi Zero 2 W Rev 1.0\0")
        try root.write("boot/firmware/overlays/README")
        try Data(Self.overlay(parameters: ["i2c_arm", "addr"], targets: ["i2c_arm"]))
            .write(to: URL(fileURLWithPath: root.path + "/boot/firmware/overlays/acme.dtbo"))
        try Data(Self.overlay(parameters: ["addr"], targets: ["i2c_arm"])).write(to: URL(fileURLWithPath: root.path + "/boot/firmware/overlays/rtc.dtbo"))
        let advice = { (config: String) in
            try root.write("boot/firmware/config.txt", config)
            return BootConfig.advice([BootConfig.i2cArm], root: root.path, see: "usb.md")
        }
        #expect(try advice("dtoverlay=acme\ndtparam=i2c_arm=on\n") == "add \(Self.i2c) ('dtparam=i2c_arm=on' goes to the overlay of the line "
            + "'dtoverlay=acme' above it, which has a parameter of that name: put a line 'dtoverlay=' (empty: it ends that overlay's "
            + "parameters) before it) and reboot (usb.md)")
        let done = "\(Self.file) has 'dtparam=i2c_arm=on' already, and is read only at boot: reboot"
        #expect(try advice("dtoverlay=acme\ndtoverlay=\ndtparam=i2c_arm=on\n") == done)
        #expect(try advice("dtoverlay=rtc\ndtparam=i2c_arm=on\n") == done)
        #expect(try advice("dtoverlay=vc4-kms-v3d\ndtparam=i2c_arm=on\n") == done)  // no such file: the firmware loads nothing
    }

    /// A flattened device tree holding an overlay's __fixups__ (the labels it targets) and
    /// __overrides__ (its parameters), each property 4 bytes long.
    static func overlay(parameters: [String], targets: [String]) -> [UInt8] {
        var strings: [UInt8] = [], offsets: [String: Int] = [:]
        for name in parameters + targets where offsets[name] == nil {
            offsets[name] = strings.count
            strings += Array(name.utf8) + [0]
        }
        func word(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xff) } }
        func node(_ name: String, _ properties: [String]) -> [UInt8] {
            var bytes = word(1) + Array(name.utf8) + [0]
            while bytes.count % 4 != 0 { bytes.append(0) }
            for property in properties { bytes += word(3) + word(4) + word(offsets[property] ?? 0) + Array("x:0\0".utf8) }
            return bytes
        }
        let structure = node("", []) + node("__fixups__", targets) + word(2) + node("__overrides__", parameters) + word(2) + word(2) + word(9)
        let header = 40
        return word(0xd00d_feed) + word(header + structure.count + strings.count) + word(header) + word(header + structure.count)
            + word(header) + word(17) + word(16) + word(0) + word(strings.count) + word(structure.count) + structure + strings
    }

    /// The block each board's wiring.md gives, appended to a Raspberry Pi OS config.txt whose last
    /// section ([cm5], without the [all] after it) is another model's, is all that board needs.
    @Test(arguments: [("rpi-zero-2w", "Raspberry Pi Zero 2 W Rev 1.0", [BootConfig.enableUART, BootConfig.disableBT, BootConfig.i2cArm]),
                      ("rpi-4", "Raspberry Pi 4 Model B Rev 1.5", [BootConfig.enableUART, BootConfig.disableBT, BootConfig.i2cArm]),
                      ("rpi-5", "Raspberry Pi 5 Model B Rev 1.0", [BootConfig.uart0, BootConfig.i2cArm])])
    func theWiringNotesLinesAreAllABoardNeeds(board: String, model: String, wanted: [BootConfig.Setting]) throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let notes = try String(contentsOf: repository.appendingPathComponent("Boards/\(board)/wiring.md"), encoding: .utf8)
        let section = try #require(notes.components(separatedBy: "## Boot configuration").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```\n").dropFirst().first, "\(board): no config.txt block")
        let root = try FakeRoot()
        try root.write("sys/firmware/devicetree/base/model", model + "\0")
        try root.write("boot/firmware/config.txt", "dtparam=audio=on\ndtoverlay=vc4-kms-v3d\nmax_framebuffers=2\narm_boost=1\n"
            + "[cm4]\notg_mode=1\n[cm5]\ndtoverlay=dwc2,dr_mode=host\n" + block)
        #expect(BootConfig.advice(wanted, root: root.path).hasPrefix("\(Self.file) has "), "\(board): \(block)")
    }
}

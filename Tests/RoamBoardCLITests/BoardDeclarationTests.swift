import Foundation
import RoamCore
import Testing

/// P8 "declare as little as possible": what each board declares, and what its systemd unit and
/// udev rule allow, read from the files themselves. Adding a device, a writable path, a capability
/// or a network to any of them makes one of these fail.
@Suite struct BoardDeclarationTests {
    /// The boards a user installs: each has the full set of four files.
    static let installable = ["bench", "rpi-4", "rpi-5", "rpi-zero-2w"]

    @Test("P8: every board declares exactly one UART, one I2C bus, one GPIO chip and one data directory")
    func everyBoardDeclaresOneOfEach() throws {
        let boards = try BoardFiles.all()
        #expect(Set(Self.installable).isSubset(of: boards.map(\.name)))
        for board in boards {
            let p = board.profile
            // The parser already refuses unknown and repeated keys; a value must also name one thing.
            for value in [p.uart, p.i2cBus, p.gpioChip, p.dataDir] {
                let single = value.allSatisfy { $0 != " " && $0 != "," && $0 != "\t" }
                #expect(single, "\(board.name): '\(value)' names more than one thing")
            }
            let bench = [p.uart, p.i2cBus, p.gpioChip].filter { $0 == "bench" }.count
            #expect(bench == 0 || bench == 3, "\(board.name): simulated and real devices mixed")
            guard bench == 0 else { continue }
            #expect(p.uart.hasPrefix("/dev/tty"), "\(board.name): uart \(p.uart)")
            #expect(p.i2cBus.wholeMatch(of: /\/dev\/i2c-[0-9]+/) != nil, "\(board.name): i2c_bus \(p.i2cBus)")
            // By number (the kernel-sim boards, whose chips stay put) or the udev rule's link, found by label.
            #expect(p.gpioChip.wholeMatch(of: /(\/dev\/)?gpiochip[0-9]+|\/dev\/roam-gpiochip/) != nil, "\(board.name): gpio_chip \(p.gpioChip)")
            #expect(p.dataDir.hasPrefix("/"), "\(board.name): a real board's data_dir is absolute")
        }
    }

    @Test("Every installable board has its board file, wiring notes, unit and udev rule")
    func installableBoardsHaveAllFourFiles() throws {
        for name in Self.installable {
            let dir = BoardFiles.boardsDir.appendingPathComponent(name)
            for file in ["board.conf", "wiring.md", "roam-board.service", "99-roam-board.rules"] {
                #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), "\(name)/\(file) missing")
            }
        }
    }

    @Test("P8: each unit allows exactly the devices its board declares")
    func unitsAllowExactlyTheBoardsDevices() throws {
        for board in try BoardFiles.all() where board.hasUnit {
            let unit = try board.unit()
            let allowed = unit["DeviceAllow"] ?? []
            let nodes = board.deviceNodes
            #expect(allowed.sorted() == nodes.map { "\($0) rw" }.sorted(), "\(board.name): DeviceAllow \(allowed)")
            if nodes.isEmpty {
                // The bench: pseudo-terminals only, which PrivateDevices keeps and nothing else.
                #expect(unit["PrivateDevices"] == ["yes"], "\(board.name)")
            } else {
                #expect(unit["DevicePolicy"] == ["closed"] || unit["DevicePolicy"] == ["strict"], "\(board.name)")
                // What the unit waits for is what it allows, nothing more.
                let waits = Set((unit["Wants"] ?? []).flatMap { $0.split(separator: " ").map(String.init) })
                #expect(waits == Set(nodes.map(Self.deviceUnit)), "\(board.name): Wants \(waits)")
            }
        }
    }

    @Test("P8: each unit may write to its board's data directory and nowhere else")
    func unitsWriteOnlyToTheDataDirectory() throws {
        for board in try BoardFiles.all() where board.hasUnit {
            let unit = try board.unit()
            let exec = try #require(unit["ExecStart"]?.first)
            let words = exec.split(separator: " ").map(String.init)
            let boardIndex = try #require(words.firstIndex(of: "--board"))
            #expect(words.contains("record"), "\(board.name): \(exec)")
            let dataDir = board.dataDir(installedAt: words[boardIndex + 1])
            #expect(unit["ProtectSystem"] == ["strict"], "\(board.name)")
            #expect(["yes", "read-only", "tmpfs"].contains(unit["ProtectHome"]?.first ?? ""), "\(board.name)")
            // Typed one step at a time: Swift 6.0 reads `(x ?? []).flatMap` as Optional's flatMap.
            let readWritePaths: [String] = unit["ReadWritePaths"] ?? []
            let stateDirectories: [String] = unit["StateDirectory"] ?? []
            var writable = readWritePaths.flatMap { $0.split(separator: " ").map(String.init) }
            writable += stateDirectories.map { "/var/lib/" + $0 }
            #expect(writable == [dataDir], "\(board.name): writable \(writable), data_dir \(dataDir)")
            for key in ["ReadWriteDirectories", "LogsDirectory", "CacheDirectory", "RuntimeDirectory",
                        "ConfigurationDirectory", "BindPaths", "TemporaryFileSystem"] {
                #expect(unit[key] == nil, "\(board.name): \(key) adds a writable path")
            }
            #expect(unit["PrivateTmp"] == nil || unit["PrivateTmp"] == ["no"], "\(board.name): PrivateTmp makes /tmp writable")
            #expect(unit["Environment"]?.contains("SQLITE_TMPDIR=\(dataDir)") == true, "\(board.name): SQLite's temporary files")
        }
    }

    @Test("P8, P9: no network, no capabilities, an unprivileged user, always restarted")
    func unitsHaveNoNetworkNoCapabilitiesAndRestart() throws {
        for board in try BoardFiles.all() where board.hasUnit {
            let unit = try board.unit()
            #expect(unit["PrivateNetwork"] == ["yes"], "\(board.name)")
            #expect(unit["RestrictAddressFamilies"] == ["none"], "\(board.name): the recorder opens no socket at all")
            #expect(unit["IPAddressDeny"] == ["any"], "\(board.name)")
            #expect(unit["CapabilityBoundingSet"] == [""], "\(board.name): an empty bounding set")
            #expect((unit["AmbientCapabilities"] ?? [""]) == [""], "\(board.name)")
            #expect(unit["NoNewPrivileges"] == ["yes"], "\(board.name)")
            let user = try #require(unit["User"]?.first, "\(board.name): no User=")
            #expect(!["root", "0"].contains(user), "\(board.name)")
            #expect(!["root", "0"].contains(unit["Group"]?.first ?? ""), "\(board.name)")
            #expect(unit["SupplementaryGroups"] == nil, "\(board.name): device access comes from the udev rule, not groups")
            #expect(unit["Restart"] == ["always"], "\(board.name)")
            #expect(unit["StartLimitIntervalSec"] == ["0"], "\(board.name): never give up restarting")
        }
    }

    @Test("P8: each udev rule names exactly its board's devices")
    func udevRulesNameExactlyTheBoardsDevices() throws {
        for board in try BoardFiles.all() where FileManager.default.fileExists(atPath: board.udevURL.path) {
            let names = try board.udevOwnedNames()
            #expect(names.sorted() == board.deviceNodes.map { String($0.split(separator: "/").last!) }.sorted(),
                    "\(board.name): udev rule owns \(names)")
        }
    }

    /// The header chip's label on each Pi: its number moves with the kernel (a Pi 5's RP1 chip was
    /// gpiochip4 before kernel 6.6.45, gpiochip0 since; the SoC's banks gpiochip10 and up), its label does not.
    static let headerChipLabels = ["rpi-4": "pinctrl-bcm2711", "rpi-5": "pinctrl-rp1", "rpi-zero-2w": "pinctrl-bcm2835"]

    @Test("Each Pi's udev rule links the GPIO chip with the header's label, asked of the chip itself, to the board's gpio_chip")
    func udevRulesFindTheHeaderChipByLabel() throws {
        for (name, label) in Self.headerChipLabels {
            let board = try #require(try BoardFiles.all().first { $0.name == name })
            #expect(board.profile.gpioChip == "/dev/roam-gpiochip", "\(name)")
            let gpio = try board.udevRules().filter { BoardFiles.udevValue("SUBSYSTEM", in: $0) == "gpio" }
            #expect(gpio.count == 1, "\(name): \(gpio.count) gpio rules")
            let rule = try #require(gpio.first)
            #expect(BoardFiles.udevValue("KERNEL", in: rule) == "gpiochip[0-9]*", "\(name)")
            #expect(BoardFiles.udevValue("PROGRAM", in: rule) == "/usr/bin/roam-board gpio-label --chip $devnode", "\(name)")
            #expect(BoardFiles.udevValue("RESULT", in: rule) == label, "\(name)")
            #expect(BoardFiles.udevValue("SYMLINK", in: rule) == "roam-gpiochip", "\(name)")
            #expect(BoardFiles.udevValue("TAG", in: rule) == "systemd", "\(name): the unit waits for the link's device unit")
            #expect(rule.contains("ENV{DEVNAME}==\"?*\""), "\(name): the legacy /sys/class/gpio entries have no node to ask")
            #expect(BoardFiles.udevValue("TEST", in: rule) == "/usr/bin/roam-board", "\(name): no PROGRAM run once the package is removed")
        }
    }

    @Test("Each Pi's udev rule starts the drive's unit when a USB device controller appears")
    func udevRulesStartTheDriveOnAUDC() throws {
        for name in Self.headerChipLabels.keys.sorted() {
            let board = try #require(try BoardFiles.all().first { $0.name == name })
            let udc = try board.udevRules().filter { BoardFiles.udevValue("SUBSYSTEM", in: $0) == "udc" }.map(String.init)
            // TEST==: only while the drive's unit is enabled. A Wants= from udev starts a disabled unit
            // too, so after roam-board-enable --disable or apt remove the drive came back at every boot.
            // The link is the one `systemctl enable` makes from the unit's own [Install] section.
            let unit = try String(contentsOf: board.dir.appendingPathComponent("roam-board-drive.service"), encoding: .utf8)
            let wantedBy = try #require(unit.split(separator: "\n").first { $0.hasPrefix("WantedBy=") }?.dropFirst("WantedBy=".count))
            let want = #"SUBSYSTEM=="udc", ACTION=="add", TEST=="/etc/systemd/system/"# + wantedBy + #".wants/roam-board-drive.service", "#
                + #"TAG+="systemd", ENV{SYSTEMD_WANTS}+="roam-board-drive.service""#
            #expect(udc == [want], "\(name)")
        }
    }

    /// systemd's device unit for a node: "/dev/i2c-1" is "dev-i2c\x2d1.device".
    static func deviceUnit(_ node: String) -> String {
        node.dropFirst().replacingOccurrences(of: "-", with: "\\x2d").replacingOccurrences(of: "/", with: "-") + ".device"
    }
}

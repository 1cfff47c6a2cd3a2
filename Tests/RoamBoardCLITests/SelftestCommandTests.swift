import Foundation
import RoamHardware
import RoamSimulator
import Testing

/// `roam-board selftest --board DIR` end to end: one line per device, OK or what to check.
@Suite struct SelftestCommandTests {
    /// A board folder whose UART is a real pseudo-terminal and whose I2C bus and GPIO chip do not
    /// exist on this machine (as on a Pi with I2C not enabled and a wrong chip name).
    static func boardFolder(uart: String, dataDir: URL) throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        try """
            name = test-pi
            uart = \(uart)
            baud = 9600
            i2c_bus = /dev/i2c-99
            bmp280_address = 0x76
            gpio_chip = gpiochip99
            button_line = 17
            button_active = low
            button_bias = pull-up
            led_line = 27
            data_dir = \(dataDir.path)
            """.write(to: dir.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func theBenchBoardChecksOutDeviceByDevice() throws {
        let r = try CLIRunner.run(["selftest", "--board", "Boards/bench"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").dropFirst()
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.hasPrefix("OK   ") })
        #expect(lines.map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] } == ["uart", "i2c", "gpio", "gpio", "data"])
        #expect(r.stdout.contains("NMEA sentences"))
        #expect(r.stdout.contains("BMP280 (id 0x58)"))
        #expect(r.stdout.contains("button: reads high = released"))
    }

    @Test func aBoardWithJunkOnItsUARTAndMissingBusesSaysWhatToCheck() throws {
        let pty = try PseudoTerminal()
        // Random bytes: what a receiver at another baud looks like.
        var generator = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        let junk = (0..<600).map { _ in UInt8(truncatingIfNeeded: generator.next() >> 33) }
        try pty.write(junk)
        let data = try CLIRunner.temporaryDirectory()
        let board = try Self.boardFolder(uart: pty.secondaryPath, dataDir: data)
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }

        let r = try CLIRunner.run(["selftest", "--board", board.path])
        #expect(r.status == 74)
        var lines = r.stdout.split(separator: "\n").dropFirst().map(String.init)
        // Where this host has no i2c-dev loaded, selftest says so under the bus's line (BoardSystemChecks).
        let hostHasI2cDev = FileManager.default.fileExists(atPath: "/sys/class/i2c-dev")
        if !hostHasI2cDev, lines.count >= 5 {
            let hint = lines.remove(at: 2)
            #expect(hint.hasPrefix("FAIL i2c /dev/i2c-99: the i2c-dev module is not loaded"), "\(hint)")
        }
        // Where this host has no USB device controller, a note says the rides' drive cannot start (USBGadgetCheck).
        let hostHasUDC = !((try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/udc")) ?? []).isEmpty
        let notes = lines.filter { $0.hasPrefix("NOTE usb: no USB device controller") }
        #expect(notes.count == (hostHasUDC ? 0 : 1), "\(r.stdout)")
        let printed = lines.count
        lines.removeAll { $0.hasPrefix("NOTE usb") || $0.hasPrefix("OK   usb ") }
        #expect(lines.count == 4, "\(r.stdout)")
        // The baud search reads the junk at every common baud first (ReceiverSetup), then says so.
        #expect(lines[0].hasPrefix("FAIL uart \(pty.secondaryPath) at 9600 baud: "), "\(lines[0])")
        #expect(lines[0].contains("no valid NMEA sentence") && lines[0].contains("bytes but no checksummed sentence at any baud tried (9600, "),
                "\(lines[0])")
        #expect(lines[1] == "FAIL i2c /dev/i2c-99 bmp280 at 0x76: i2c open on /dev/i2c-99 failed: it does not exist. "
            + "Check that I2C is enabled (dtparam=i2c_arm=on) and the bus in board.conf.")
        #expect(lines[2].hasPrefix("FAIL gpio /dev/gpiochip99: gpio open on /dev/gpiochip99 failed: it does not exist."))
        #expect(lines[2].contains("gpiodetect"))
        #expect(lines[3].hasPrefix("OK   data \(data.path): writable (write + fsync)"))
        #expect(r.stderr.contains("\(hostHasI2cDev ? 3 : 4) of \(printed + (hostHasI2cDev ? 0 : 1)) checks failed"), "\(r.stderr)")
    }

    @Test func aMissingBoardFolderIsAMissingInput() throws {
        let r = try CLIRunner.run(["selftest", "--board", "/nonexistent/board"])
        #expect(r.status == 66)
        #expect(r.stderr.contains("cannot read board file /nonexistent/board/board.conf"))
    }
}

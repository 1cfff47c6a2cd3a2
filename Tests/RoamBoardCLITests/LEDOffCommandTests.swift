import Foundation
import Testing

/// `roam-board led-off --board DIR`, the recorder units' ExecStopPost=, where this machine has no
/// gpiochip (the system guest's g12 runs it on gpio-sim under systemd): it never fails the unit for a
/// board with nothing to darken, reads the LED's keys even from a board.conf the recorder refuses,
/// and says a chip's real refusal as the GPIO driver words it.
@Suite struct LEDOffCommandTests {
    /// A board folder holding `conf` as its board.conf.
    func board(_ conf: String) throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        try conf.write(to: dir.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func theBenchBoardsSimulatedLEDIsSaidAndExitsZero() throws {
        let r = try CLIRunner.run(["led-off", "--board", "Boards/bench"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "led-off: the bench board's LED is simulated: nothing to darken\n", "\(r.stdout)")
    }

    @Test func aChipThatIsNotThereIsOneLineAndExitZero() throws {
        let dir = try board("gpio_chip = /dev/gpiochip99\nled_line = 27\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLIRunner.run(["led-off", "--board", dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "led-off: /dev/gpiochip99 is not there: no LED line to darken\n", "\(r.stdout)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    /// The rider's typo on another line (the start after it is refused for good, exit 78) does not
    /// keep the LED's own keys from being read: the chip is asked for, here to find it absent.
    @Test func aBoardConfTheRecorderRefusesStillNamesTheLED() throws {
        var conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/rpi-zero-2w/board.conf"), encoding: .utf8)
        conf = conf.replacingOccurrences(of: "gpio_chip = /dev/roam-gpiochip", with: "gpio_chip = /dev/gpiochip99")
        conf += "this line has no equals sign\nbaud = fast\n"
        let dir = try board(conf)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLIRunner.run(["record", "--board", dir.path]).status == 78)
        let r = try CLIRunner.run(["led-off", "--board", dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "led-off: /dev/gpiochip99 is not there: no LED line to darken\n", "\(r.stdout)")
    }

    @Test func noBoardConfOrNoSingleLEDLineLeavesTheLineAndExitsZero() throws {
        let empty = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let missing = try CLIRunner.run(["led-off", "--board", empty.path])
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.stdout.hasPrefix("led-off: cannot read \(empty.path)/board.conf ("), "\(missing.stdout)")
        #expect(missing.stdout.hasSuffix("): the LED line is left as it is\n"), "\(missing.stdout)")
        for conf in ["gpio_chip = /dev/gpiochip99\n", "gpio_chip = /dev/gpiochip99\nled_line = 27\nled_line = 22\n",
                     "gpio_chip = /dev/gpiochip99\nled_line = 4096\n"] {
            let dir = try board(conf)
            defer { try? FileManager.default.removeItem(at: dir) }
            let r = try CLIRunner.run(["led-off", "--board", dir.path])
            #expect(r.status == 0 && r.stdout.hasSuffix("declares no single gpio_chip and led_line: the LED line is left as it is\n"), "\(conf): \(r.stdout)")
        }
    }

    /// A node that is there but is no chip is a real fault: exit 74 in the driver's words (the units'
    /// "-" keeps even that from failing the recorder's unit).
    @Test func aNodeThatIsNotAChipIsAnError() throws {
        let dir = try board("gpio_chip = /dev/null\nled_line = 27\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLIRunner.run(["led-off", "--board", dir.path])
        #expect(r.status == 74)
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr.contains("/dev/null is not a GPIO chip"), "\(r.stderr)")
    }

    @Test func theBoardIsRequired() throws {
        let r = try CLIRunner.run(["led-off"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--board"), "\(r.stderr)")
    }
}

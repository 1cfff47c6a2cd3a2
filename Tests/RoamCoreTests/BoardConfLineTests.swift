import Testing
@testable import RoamCore

/// board.conf's one line reader, which the parser and `led-off`'s LED reader share: each had its own
/// before, so a syntax one learned (hex led_line, Windows line endings) the other could miss.
@Suite struct BoardConfLineTests {
    @Test func readsSettingsWithTheirLineNumbersAndSkipsBlanksAndComments() {
        let text = "# name = not this\n\n  name\t= rpi-zero-2w \r\n   # indented comment\nled_line=0x1B\r\nuart = a = b\nkey =\nno equals here\n"
        let lines = BoardConfLine.read(text)
        #expect(lines.map { $0.number } == [3, 5, 6, 7, 8])
        #expect(lines.map { $0.line } == [.setting(key: "name", value: "rpi-zero-2w"), .setting(key: "led_line", value: "0x1B"),
                                      .setting(key: "uart", value: "a = b"), .setting(key: "key", value: ""),
                                      .noSetting("no equals here")])
    }

    /// Line numbers count every ending alike, a lone "\r" and "\r\n" included, as the parser's errors name them.
    @Test func countsEveryLineEnding() {
        #expect(BoardConfLine.read("a = 1\r\nb = 2\rc = 3\nd").map(\.number) == [1, 2, 3, 4])
    }

    /// Whatever the spacing, comments and line endings, `led-off` darkens the LED the recorder drives:
    /// the LED reader finds the parser's chip and line in every file the parser accepts.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func theLEDReaderFindsTheLEDTheParserReads(_ ending: String) throws {
        let keys = ["name = t", "uart = /dev/ttyAMA0", "baud = 9600", "i2c_bus = /dev/i2c-1", "bmp280_address = 0x76",
                    "\tgpio_chip\t=\tgpiochip0 ", "button_line = 17", "button_active = low", "button_bias = pull-up",
                    "  led_line=0x1B", "data_dir = /var/lib/roam-board"]
        let text = (["# led_line = 5", ""] + keys + ["  # gpio_chip = other"]).joined(separator: ending)
        let profile = try BoardProfile.parse(text, file: "board.conf")
        #expect(profile.ledLine == 27 && profile.gpioChip == "gpiochip0")
        #expect(LEDDeclaration.read(text) == LEDDeclaration(gpioChip: profile.gpioChip, line: profile.ledLine))
    }
}

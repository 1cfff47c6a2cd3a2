import Testing
@testable import RoamCore

/// The LED's keys read on their own (led-off, after the recorder's process is gone): a board.conf
/// the full parser refuses still names its LED; one that names it twice or not at all names none.
@Suite struct LEDDeclarationTests {
    @Test func theLEDsKeysAreReadWithTheParsersSyntax() {
        let text = "# a comment: led_line = 5\nname = rpi-zero-2w\n  gpio_chip\t= /dev/roam-gpiochip \r\nled_line = 27\r\n"
        #expect(LEDDeclaration.read(text) == LEDDeclaration(gpioChip: "/dev/roam-gpiochip", line: 27))
        #expect(LEDDeclaration.read("gpio_chip = bench\nled_line = 27\n")?.isSimulated == true)
        // Hexadecimal, as the full parser reads every integer key: the recorder drives 0x1B, so led-off darkens it.
        #expect(LEDDeclaration.read("gpio_chip = gpiochip0\nled_line = 0x1B\n") == LEDDeclaration(gpioChip: "gpiochip0", line: 27))
    }

    @Test func aTypoOnAnotherLineDoesNotHideTheLED() throws {
        let text = "gpio_chip = gpiochip0\nled_line = 22\nthis line has no equals sign\nbaud = fast\nbaud = 9600\n"
        #expect(throws: BoardProfileError.self) { try BoardProfile.parse(text, file: "board.conf") }
        #expect(LEDDeclaration.read(text) == LEDDeclaration(gpioChip: "gpiochip0", line: 22))
    }

    @Test func anAmbiguousOrMissingLEDDeclaresNone() {
        for text in ["gpio_chip = gpiochip0\n", "led_line = 27\n", "gpio_chip = gpiochip0\nled_line = 27\nled_line = 22\n",
                     "gpio_chip = gpiochip0\ngpio_chip = gpiochip1\nled_line = 27\n", "gpio_chip = gpiochip0\nled_line = 1024\n",
                     "gpio_chip = gpiochip0\nled_line = -1\n", "gpio_chip = gpiochip0\nled_line = twenty\n", "gpio_chip =\nled_line = 27\n"] {
            #expect(LEDDeclaration.read(text) == nil, "\(text)")
        }
    }
}

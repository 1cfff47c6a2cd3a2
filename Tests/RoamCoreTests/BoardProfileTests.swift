import Testing
@testable import RoamCore

@Suite struct BoardProfileTests {
    static let valid = """
    # comment
    name = t
    uart = /dev/ttyAMA0
    baud = 9600
    i2c_bus = /dev/i2c-1
    bmp280_address = 0x76
    gpio_chip = gpiochip0
    button_line = 17
    button_active = low
    button_bias = pull-up
    led_line = 27
    data_dir = /var/lib/roam-board
    """

    @Test func parsesEveryKey() throws {
        let p = try BoardProfile.parse(Self.valid, file: "b.conf")
        #expect(p.uart == "/dev/ttyAMA0")
        #expect(p.baud == 9600)
        #expect(p.bmp280Address == 0x76)
        #expect(p.buttonActiveLow)
        #expect(p.buttonBias == .pullUp)
        #expect(p.ledLine == 27)
    }

    @Test func rejectsUnknownKeyNamingTheLine() {
        #expect(throws: BoardProfileError(file: "b.conf", line: 13,
            message: "unknown key 'wifi' (a board declares only: \(BoardProfile.keys.joined(separator: ", ")))")) {
            try BoardProfile.parse(Self.valid + "\nwifi = on", file: "b.conf")
        }
    }

    @Test func rejectsDuplicateKey() {
        #expect(throws: BoardProfileError(file: "b.conf", line: 13, message: "duplicate key 'uart' (first set on line 3)")) {
            try BoardProfile.parse(Self.valid + "\nuart = /dev/ttyS0", file: "b.conf")
        }
    }

    @Test func rejectsMissingKey() {
        let text = Self.valid.split(separator: "\n").filter { !$0.hasPrefix("led_line") }.joined(separator: "\n")
        #expect(throws: BoardProfileError(file: "b.conf", line: nil, message: "missing key 'led_line'")) {
            try BoardProfile.parse(text, file: "b.conf")
        }
    }

    @Test func rejectsBadAddress() throws {
        let text = Self.valid.replacingOccurrences(of: "0x76", with: "0x40")
        #expect(throws: BoardProfileError.self) { try BoardProfile.parse(text, file: "b.conf") }
    }
}

private extension String {
    func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}

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

    /// A board.conf saved by a Windows editor: "\r\n" is one Character in Swift, so a split on "\n"
    /// read the whole file as one comment line ("missing key 'button_active'").
    @Test func readsWindowsLineEndings() throws {
        let crlf = Self.valid.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try BoardProfile.parse(crlf, file: "b.conf") == BoardProfile.parse(Self.valid, file: "b.conf"))
        #expect(throws: BoardProfileError(file: "b.conf", line: 13, message: "unknown key 'wifi' (a board declares only: \(BoardProfile.keys.joined(separator: ", ")))")) {
            try BoardProfile.parse(crlf + "\r\nwifi = on", file: "b.conf")
        }
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
    @Test func receiverAndRateDefaultAndParse() throws {
        let plain = try BoardProfile.parse(Self.valid, file: "b.conf")
        #expect(plain.receiver == .auto && plain.rateHz == 1)
        let set = try BoardProfile.parse(Self.valid + "\nreceiver = mtk\nrate_hz = 10", file: "b.conf")
        #expect(set.receiver == .mtk && set.rateHz == 10)
    }

    @Test(arguments: ["0", "50", "ten", "-1"]) func rejectsARateOutside1To10NamingTheKey(_ value: String) {
        #expect(throws: BoardProfileError(file: "b.conf", line: 13, message: "'rate_hz' must be an integer in 1...10, found '\(value)'")) {
            try BoardProfile.parse(Self.valid + "\nrate_hz = \(value)", file: "b.conf")
        }
    }

    @Test func commitIntervalDefaultsToOneSecondAndParsesDecimals() throws {
        let plain = try BoardProfile.parse(Self.valid, file: "b.conf")
        #expect(plain.commitIntervalS == 1.0)
        for (text, seconds) in [("0.2", 0.2), ("0.5", 0.5), ("2", 2.0), ("5", 5.0), ("5.0", 5.0)] {
            let set = try BoardProfile.parse(Self.valid + "\ncommit_interval_s = \(text)", file: "b.conf")
            #expect(set.commitIntervalS == seconds)
        }
    }

    @Test(arguments: ["0", "50", "ten", "-1", "0.1", "5.01", "inf", "nan", "1e0", ".5", "1.", "0x1", "1.5.0"])
    func rejectsACommitIntervalOutsideItsBoundsNamingTheKey(_ value: String) {
        let message = "'commit_interval_s' must be a number of seconds in 0.2...5.0 (default 1), found '\(value)'"
        #expect(throws: BoardProfileError(file: "b.conf", line: 13, message: message)) {
            try BoardProfile.parse(Self.valid + "\ncommit_interval_s = \(value)", file: "b.conf")
        }
    }

    @Test func rejectsAnUnknownReceiverFamily() {
        #expect(throws: BoardProfileError(file: "b.conf", line: 13,
            message: "'receiver' must be one of auto, ublox, mtk, casic, none, found 'sirf'")) {
            try BoardProfile.parse(Self.valid + "\nreceiver = sirf", file: "b.conf")
        }
    }
}

private extension String {
    func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}

/// `time_zone`: optional, an IANA name's shape checked here (resolving it is the caller's job).
@Suite struct BoardTimeZoneTests {
    @Test func timeZoneIsOptionalAndKeptAsWritten() throws {
        #expect(try BoardProfile.parse(BoardProfileTests.valid, file: "b.conf").timeZone == nil)
        let p = try BoardProfile.parse(BoardProfileTests.valid + "\ntime_zone = America/Argentina/Buenos_Aires", file: "b.conf")
        #expect(p.timeZone == "America/Argentina/Buenos_Aires")
        #expect(try BoardProfile.parse(BoardProfileTests.valid + "\ntime_zone = Etc/GMT+1", file: "b.conf").timeZone == "Etc/GMT+1")
    }

    @Test(arguments: ["../etc/passwd", "/Europe/Berlin", "Europe//Berlin", "Europe/Ber lin", "1Europe/Berlin", "Europe/Berlin/"])
    func badZoneShapeNamesTheKeyAndLine(name: String) {
        #expect(throws: BoardProfileError(file: "b.conf", line: 13,
            message: "'time_zone' must be an IANA zone name such as Europe/Berlin or UTC, found '\(name)'")) {
            try BoardProfile.parse(BoardProfileTests.valid + "\ntime_zone = \(name)", file: "b.conf")
        }
    }
}

/// The LED's chip and line as board.conf declares them, read without judging the rest of the file.
///
/// `led-off` (the recorder units' `ExecStopPost=`) darkens the LED after the recorder's process is
/// gone. A rider may have saved an unusable board.conf since the recorder started (a typo on another
/// line): the start that follows is refused for good, and the LED must not stay lit because of a line
/// that has nothing to do with it. So only `gpio_chip` and `led_line` are read here, by the parser's
/// own line reader (`BoardConfLine`); a key given twice, or a line number out of range, declares nothing.
public struct LEDDeclaration: Equatable, Sendable {
    public var gpioChip: String
    public var line: Int

    public init(gpioChip: String, line: Int) {
        self.gpioChip = gpioChip
        self.line = line
    }

    /// The bench board's LED is simulated: there is no line to darken.
    public var isSimulated: Bool { gpioChip == "bench" }

    /// The declaration in board.conf `text`, or nil when it does not name one chip and one line.
    public static func read(_ text: String) -> LEDDeclaration? {
        var chips: [String] = []
        var lines: [String] = []
        for (_, line) in BoardConfLine.read(text) {
            guard case .setting(let key, let value) = line else { continue }
            switch key {
            case "gpio_chip": chips.append(value)
            case "led_line": lines.append(value)
            default: continue
            }
        }
        guard chips.count == 1, lines.count == 1, let chip = chips.first, !chip.isEmpty,
              let number = lines.first.flatMap(BoardProfile.integerValue), (0...1023).contains(number) else { return nil }
        return LEDDeclaration(gpioChip: chip, line: number)
    }
}

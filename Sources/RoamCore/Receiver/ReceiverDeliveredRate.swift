/// A module that acknowledged a rate and sends fewer epochs, and still did after it was set up again:
/// the rate it delivers. Set up again it would only do the same every few minutes all ride long, so it
/// is said once, with the likely cause in numbers: its sentences at the acknowledged rate need more
/// bytes a second than the baud carries (10 bits a byte), or, when they fit, the module caps its rate
/// itself (firmware, model).
public struct ReceiverDeliveredRate: Sendable, Equatable {
    /// Epochs a second it delivers, in thousandths (2500: 2.5 Hz).
    public var milliHz: Int
    public var setUpForHz: Int
    /// Bytes read per epoch delivered (every sentence on the line, not only those recorded).
    public var bytesPerEpoch: Int
    /// The baud the set-up left the line at (nil: not known).
    public var baud: Int?

    public init(milliHz: Int, setUpForHz: Int, bytesPerEpoch: Int, baud: Int?) {
        self.milliHz = milliHz; self.setUpForHz = setUpForHz; self.bytesPerEpoch = bytesPerEpoch; self.baud = baud
    }

    /// "2.5 Hz", "1 Hz": one decimal, none when it is whole.
    public static func text(milliHz: Int) -> String {
        let tenths = (milliHz + 50) / 100
        return (tenths % 10 == 0 ? "\(tenths / 10)" : FixedPoint.format(Double(tenths) / 10, digits: 1)) + " Hz"
    }

    /// Bytes a second the acknowledged rate needs, and what the baud carries.
    public var neededBytesPerSecond: Int { bytesPerEpoch * setUpForHz }
    public var lineBytesPerSecond: Int? { baud.map { $0 / 10 } }
    public var baudTooLow: Bool { lineBytesPerSecond.map { neededBytesPerSecond > $0 } ?? false }

    /// The likely cause in numbers and what to change in board.conf.
    public var cause: String {
        let need = "\(bytesPerEpoch) B per epoch × \(setUpForHz) Hz = \(neededBytesPerSecond) B/s"
        guard let baud, let line = lineBytesPerSecond else { return need + " (the line's baud not known)" }
        if baudTooLow {
            let enough = ReceiverSentences.minimumBaud(rateHz: setUpForHz)
            return need + ", more than \(baud) baud carries (\(line) B/s): check baud in board.conf "
                + "(set baud = \(enough): the set-up moves the module to it)"
        }
        let delivered = max(1, milliHz / 1000)
        return need + ", within what \(baud) baud carries (\(line) B/s): the module caps its rate itself "
            + "(firmware or model); check rate_hz in board.conf (rate_hz = \(delivered) asks for what it delivers)"
    }

    /// Said once, in the log.
    public var description: String {
        "receiver delivers \(Self.text(milliHz: milliHz)), though it acknowledged \(setUpForHz) Hz: set up again, it sent just as slowly. "
            + "Likely cause: \(cause). Not set up again for this: later epochs are judged against \(Self.text(milliHz: milliHz)), "
            + "and a further drop (a module that lost power) is still set up again."
    }

    /// For `roam-board status`: within 120 bytes, so the status still fits its slot.
    public var summary: String {
        let head = "delivers \(Self.text(milliHz: milliHz)), not \(setUpForHz) Hz: \(bytesPerEpoch) B × \(setUpForHz) Hz = "
            + "\(neededBytesPerSecond) B/s"
        guard let baud, let line = lineBytesPerSecond else { return head }
        if baudTooLow { return head + " > \(line) B/s at \(baud) baud; set baud = \(ReceiverSentences.minimumBaud(rateHz: setUpForHz)) in board.conf" }
        return head + " fits \(baud) baud; the module caps it: rate_hz = \(max(1, milliHz / 1000)) in board.conf"
    }
}

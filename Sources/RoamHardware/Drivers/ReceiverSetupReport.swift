import RoamCore

/// What one configuration run found and did, said in words once by the recorder and by `selftest`.
public struct ReceiverSetupReport: Sendable, Equatable, CustomStringConvertible {
    /// The baud checksummed sentences arrive at now (nil: none at any baud tried).
    public var baud: Int?
    public var family: ReceiverFamily
    /// Every command acknowledged (or, for CASIC, sent); false when one was refused or unanswered.
    public var configured: Bool
    public var summary: String
    /// Bytes arrived but no checksummed sentence at any baud: a `selftest` that listens afterwards
    /// may hear nothing, the search having read it all, and must still say "junk", not "silent".
    public var sawOnlyJunk = false
    /// The rate asked of the module: the board's, or less when the module is rated to less (nil: none asked).
    public var rateHz: Int?
    /// The set-up changed what made the junk possible: it found the module at another baud than the
    /// host listened at first (a module that lost its settings), or turned its NMEA output (or a
    /// module's that sent nothing until asked) on. False
    /// when it found the module where it was, sending as it was: junk before it came from the line.
    public var mended = false
    /// The essential commands that failed, each in words (empty: none did).
    public var failures: [String] = []
    /// Whether one of `failures` was refused outright (ACK-NAK, PMTK001 flag other than 3), not merely
    /// unanswered: the module's firmware said no, and asked again it says the same.
    public var refused = false
    /// The run listened at a baud other than the one the line was at when it began (a search, a baud
    /// switch): the module's sentences at its own baud were not read meanwhile.
    public var listenedAtOtherBauds = false
    /// The run's last read brought no data (`ReceiverHandBack.endsPastData`): the last epoch it hands
    /// back was whole when it ended, and the module's next bytes begin another.
    public var handBackEndsWhole = false
    public var description: String { summary }
}

/// Why a file cannot be replayed, said before any ride exists. The kind is what the command line
/// makes of it: a usage mistake (64), a file that is not a ride (65), or one that is not there or cannot be read (66).
public struct ReplaySourceError: Error, CustomStringConvertible {
    public enum Kind: Sendable { case usage, badData, unreadable }
    public let kind: Kind
    public let description: String

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

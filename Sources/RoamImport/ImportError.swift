/// Why a file, or the whole import, failed: a sentence that names the file and what to do.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// gpsbabel is not installed: nothing that needs it can be imported.
        case toolMissing
        /// gpsbabel could not be started.
        case toolFailed
        /// The file is empty, damaged, cut short or not a ride: skipped, the rest imported.
        case badFile
        /// The file has no timestamps or no positions, or the folder holds no ride file: refused, the rest imported.
        case notARide
        /// The file or folder named is not there.
        case missing
        /// The file or folder cannot be read (permissions).
        case unreadable
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) { self.kind = kind; self.description = description }
}

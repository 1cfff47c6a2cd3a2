import RoamCore
import RoamStore
import RoamSystem

/// Free space on the database's storage fell below what stays for recording (`RecordingReserve`):
/// the import stops before it takes that room from a ride being recorded.
public struct ImportNoRoom: Error, Sendable, Equatable {
    public var freeBytes: Int64
    /// The folder measured: the database's.
    public var folder: String
    public var reserveBytes: Int64
    /// Points of the file already stored, and its total, when it stopped between two chunks; nil
    /// when it stopped before the file.
    public var storedPoints: Int?
    public var totalPoints: Int?
}

/// An import that stopped before its last file: the file it stopped at, why, what was imported
/// before it and what was never tried. The rides imported stay.
public struct ImportStopped: Error {
    public var file: String
    /// `ImportNoRoom`, or what the database or the file system threw.
    public var cause: any Error
    public var imported: [String]
    public var notTried: [String]

    public var noRoom: ImportNoRoom? { cause as? ImportNoRoom }

    /// The words, given the cause's own when it is not `ImportNoRoom` (the caller translates a
    /// database error into the rider's words); `pruneAdvice`: how to free room, as a command that
    /// runs as printed (the caller knows the board and the user).
    public func sentence(causeWords: String, pruneAdvice: String) -> String {
        let done = "imported: \(Self.names(imported)); not tried: \(Self.names(notTried))"
        guard let room = noRoom else { return "import failed on \(file): \(causeWords); \(done)" }
        var stopped = "import stopped before \(file)"
        if let stored = room.storedPoints, let total = room.totalPoints {
            stopped = "import stopped in \(file) after \(stored) of \(Plural.count(total, "point")) "
                + "(import unfinished: import the file again to finish it)"
        }
        return stopped + ": \(ByteSize.text(room.freeBytes)) free on \(room.folder), "
            + "\(ByteSize.text(room.reserveBytes)) stay for recording; \(done). Free room (\(pruneAdvice)) and import again"
    }

    /// "a.fit, b.fit", the first ten of a long list and how many more; "none".
    static func names(_ paths: [String]) -> String {
        guard !paths.isEmpty else { return "none" }
        let shown = paths.prefix(10).map { FilePath.lastComponent($0) }.joined(separator: ", ")
        return shown + (paths.count > 10 ? " and \(paths.count - 10) more" : "")
    }
}

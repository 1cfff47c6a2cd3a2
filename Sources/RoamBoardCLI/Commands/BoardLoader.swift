import Foundation
import RoamCore

/// Loads a board folder's board.conf and resolves where its database lives.
enum BoardLoader {
    static func load(_ dir: String) throws -> (profile: BoardProfile, dir: URL) {
        let folder = URL(fileURLWithPath: dir, isDirectory: true).standardizedFileURL
        let file = folder.appendingPathComponent("board.conf")
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw CLIError(description: "cannot read board file \(file.path): \(Self.reason(error)). Check --board (a folder holding board.conf).", status: ExitStatus.usage)
        }
        return (try BoardProfile.parse(text, file: file.path), folder)
    }

    /// The data directory of a board: relative paths are relative to the board folder.
    static func dataDir(_ profile: BoardProfile, boardDir: URL) -> URL {
        profile.dataDir.hasPrefix("/") ? URL(fileURLWithPath: profile.dataDir, isDirectory: true)
            : boardDir.appendingPathComponent(profile.dataDir, isDirectory: true).standardizedFileURL
    }

    static let databaseName = "rides.db"

    /// `--db FILE`, else `--board DIR`'s data directory; reading commands need one of them.
    static func databasePath(_ p: ParsedArguments) throws -> String {
        if let db = p.value("--db") { return db }
        if let board = p.value("--board") {
            let (profile, dir) = try load(board)
            return dataDir(profile, boardDir: dir).appendingPathComponent(databaseName).path
        }
        throw UsageError(command: p.command, message: "missing --db FILE (or --board DIR to use that board's data directory)")
    }

    private static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.code == NSFileReadNoSuchFileError ? "No such file or directory" : ns.localizedDescription
    }
}

import Foundation
import RoamCore
import RoamStore

/// Loads a board folder's board.conf and resolves where its database lives and its time zone.
enum BoardLoader {
    static func load(_ dir: String) throws -> (profile: BoardProfile, dir: URL) {
        let folder = URL(fileURLWithPath: dir, isDirectory: true).standardizedFileURL
        let file = folder.appendingPathComponent("board.conf")
        var isDirectory: ObjCBool = false
        // `--board …/board.conf` names the file, not its folder: say so instead of Foundation's error 256.
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            let parent = folder.deletingLastPathComponent().path
            throw CLIError(description: "--board \(dir) is a file; give the folder that holds board.conf (--board \(parent))",
                           status: ExitStatus.usage)
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            let why = access(file.path, F_OK) != 0 ? "it does not exist" : "permission denied: check its owner and mode"
            throw CLIError(description: "cannot read board file \(file.path): \(why). Check --board (a folder holding board.conf).", status: ExitStatus.usage)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BoardProfileError(file: file.path, line: nil, message: "not UTF-8 text")
        }
        let profile = try BoardProfile.parse(text, file: file.path)
        _ = try localTime(profile, file: file.path)
        return (profile, folder)
    }

    /// The board's zone from the zone database (/usr/share/zoneinfo), or UTC when it names none.
    static func localTime(_ profile: BoardProfile, file: String) throws -> LocalTime {
        guard let name = profile.timeZone else { return LocalTime(zone: nil) }
        guard let zone = TimeZone(identifier: name) else {
            throw BoardProfileError(file: file, line: nil,
                message: "'time_zone' names an unknown zone '\(name)': use a name from /usr/share/zoneinfo, e.g. Europe/Berlin (is tzdata installed?)")
        }
        return LocalTime(zone: zone)
    }

    /// The data directory of a board: relative paths are relative to the board folder.
    static func dataDir(_ profile: BoardProfile, boardDir: URL) -> URL {
        profile.dataDir.hasPrefix("/") ? URL(fileURLWithPath: profile.dataDir, isDirectory: true)
            : boardDir.appendingPathComponent(profile.dataDir, isDirectory: true).standardizedFileURL
    }

    static let databaseName = "rides.db"

    /// `--db FILE`, else `--board DIR`'s data directory; reading commands need one of them.
    static func databasePath(_ p: ParsedArguments) throws -> String { try target(p).path }

    /// The database and the zone its times are shown in (the board's; UTC with --db alone).
    static func target(_ p: ParsedArguments) throws -> (path: String, time: LocalTime) {
        var time = LocalTime(zone: nil)
        var boardDB: String?
        // --board is the same option whether a command requires it or not.
        if let board = try p.value(SharedOptions.board) {
            let (profile, dir) = try load(board)
            time = try localTime(profile, file: dir.appendingPathComponent("board.conf").path)
            boardDB = dataDir(profile, boardDir: dir).appendingPathComponent(databaseName).path
        }
        if let db = try p.value(SharedOptions.db) ?? boardDB { return (db, time) }
        throw UsageError(command: p.command, message: "missing --db FILE (or --board DIR to use that board's data directory)")
    }

    /// Refuses a missing file before SQLite does (its "error 14" names nothing a rider can fix,
    /// and a writer would create an empty database from a typo).
    static func requireDatabase(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError(description: ErrorText.missingDatabase(path), status: ExitStatus.ioError)
        }
        if isDirectory.boolValue {
            throw CLIError(description: "\(path) is a folder, not a database: give --db FILE (e.g. \(path)/\(databaseName))", status: ExitStatus.usage)
        }
    }

    /// A read-only reader of `--db`/`--board`'s database, with the zone to show its times in.
    static func reader(_ p: ParsedArguments) throws -> (reader: RideReader, time: LocalTime) {
        let (path, time) = try target(p)
        try requireDatabase(path)
        return (try RideReader(path: path), time)
    }
}

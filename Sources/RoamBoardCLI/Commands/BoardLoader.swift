import Glibc
import RoamCore
import RoamHandover
import RoamStore
import RoamSystem

/// Loads a board folder's board.conf and resolves where its database lives and its time zone.
enum BoardLoader {
    static func load(_ dir: String) throws -> (profile: BoardProfile, dir: String) {
        let folder = absolute(dir)
        let file = FilePath.join(folder, "board.conf")
        // A folder it may not search, or a path too long, is said as such, not as "not there".
        func unseen(_ error: SystemError) -> BoardFileUnreadable {
            BoardFileUnreadable(description: "cannot read the board folder \(FilePath.shown(folder)): \(error.reason). Check --board (a folder holding board.conf).",
                                errno: error.errno)
        }
        // `--board …/board.conf` names the file, not its folder: say so instead of a bare "not a directory".
        let folderKind: FileSystem.Kind?
        do { folderKind = try FileSystem.kind(folder) } catch { throw unseen(error) }
        if let kind = folderKind, kind != .folder {
            throw CLIError(description: "--board \(FilePath.shown(dir)) is a file; give the folder that holds board.conf (--board \(FilePath.shown(FilePath.parent(folder))))",
                           status: ExitStatus.usage)
        }
        // A folder not there (or without its board.conf) is a missing input, as a missing database is (66);
        // one that cannot be read says the read's own cause (a board.conf that is a folder: EISDIR).
        func unreadable(_ why: String, _ errno: Errno?) -> BoardFileUnreadable {
            BoardFileUnreadable(description: "cannot read board file \(file): \(why). Check --board (a folder holding board.conf).", errno: errno)
        }
        // A FIFO or a device would block the read, or never end it.
        let fileKind: FileSystem.Kind?
        do { fileKind = try FileSystem.kind(file) } catch { throw unreadable(error.reason, error.errno) }
        if let kind = fileKind, kind != .file, kind != .folder { throw unreadable("it is not a regular file", nil) }
        let bytes: [UInt8]
        do throws(SystemError) { bytes = try FileSystem.readBytes(file) } catch {
            throw unreadable(error.reason, error.errno)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw BoardProfileError(file: file, line: nil, message: "not UTF-8 text")
        }
        let profile = try BoardProfile.parse(text, file: file)
        _ = try localTime(profile, file: file)
        return (profile, folder)
    }

    /// `path` from the root, its "." and ".." resolved by name (symbolic links are left as they are),
    /// so messages and the database path read the same from any working directory.
    static func absolute(_ path: String) -> String {
        var whole = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                whole = FilePath.join(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), path)
            }
        }
        var parts: [Substring] = []
        for part in whole.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The board's zone from the zone database (/usr/share/zoneinfo), or UTC when it names none.
    static func localTime(_ profile: BoardProfile, file: String, zones: String = ZoneDatabase.folder) throws -> LocalTime {
        guard let name = profile.timeZone else { return LocalTime(zone: nil) }
        let found: LocalTime.Zone?
        do { found = try ZoneDatabase.zone(name, folder: zones) } catch {
            // There but unreadable: an I/O error, restarted like any other (a fixed mode or card is seen at the next start).
            throw CLIError(description: "\(FilePath.shown(file)): 'time_zone' names the zone '\(name)', whose file cannot be read: \(error.description). "
                           + "If tzdata's files are damaged: sudo apt install --reinstall tzdata", status: ExitStatus.ioError)
        }
        guard let zone = found else {
            throw ZoneNotFound(description: "\(file): 'time_zone' names an unknown zone '\(name)': use a name from /usr/share/zoneinfo, "
                               + "e.g. Europe/Berlin (is tzdata installed?)")
        }
        return LocalTime(zone: zone)
    }

    /// The data directory of a board: relative paths are relative to the board folder.
    static func dataDir(_ profile: BoardProfile, boardDir: String) -> String {
        guard profile.dataDir.hasPrefix("/") else { return absolute(FilePath.join(boardDir, profile.dataDir)) }
        var path = Substring(profile.dataDir)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }

    static let databaseName = "rides.db"

    /// `--db FILE`, else `--board DIR`'s data directory; reading commands need one of them.
    static func databasePath(_ p: ParsedArguments) throws -> String { try target(p).path }

    /// The database and the zone its times are shown in (the board's; UTC with --db alone).
    static func target(_ p: ParsedArguments) throws -> (path: String, time: LocalTime) {
        var time = LocalTime(zone: nil)
        var boardDB: (path: String, folder: String)?
        // --board is the same option whether a command requires it or not.
        if let board = try p.value(SharedOptions.board) {
            let (profile, dir) = try load(board)
            time = try localTime(profile, file: FilePath.join(dir, "board.conf"))
            boardDB = (FilePath.join(dataDir(profile, boardDir: dir), databaseName), dir)
        }
        if let db = try p.value(SharedOptions.db) {
            if let barred = CLIError.barred(db, command: p.command) { throw barred }
            try refuseFolder(db)
            return (db, time)
        }
        if let boardDB {
            if let barred = CLIError.barred(boardDB.path, command: p.command) { throw barred }
            try refuseFolder(boardDB.path, board: boardDB.folder)
            return (boardDB.path, time)
        }
        throw UsageError(command: p.command, message: "missing --db FILE (or --board DIR to use that board's data directory)")
    }

    /// Refuses a missing file before SQLite does (its "error 14" names nothing a rider can fix,
    /// and a writer would create an empty database from a typo).
    static func requireDatabase(_ path: String) throws {
        guard !FileSystem.isMissing(path) else {
            throw CLIError.missingDatabase(path)
        }
        try refuseFolder(path)
    }

    /// A folder where the database belongs, said as one, for readers and writers alike: SQLite says
    /// only that it cannot open it, and `status` called that an I/O error (74). What to change is
    /// where the path came from: `--db` names a file (64), or `--board`'s data_dir (`board`, its
    /// folder) holds the folder where the database is not (66, as a board.conf that is a folder).
    static func refuseFolder(_ path: String, board: String? = nil) throws {
        // A path it may not look at is left to the open, which says why.
        guard FileSystem.visibleKind(path) == .folder else { return }
        guard let board else {
            throw CLIError(description: "\(FilePath.shown(path)) is a folder, not a database: give --db FILE (e.g. \(FilePath.shown(path))/\(databaseName))", status: ExitStatus.usage)
        }
        throw CLIError(description: "\(FilePath.shown(path)) is a folder, not a database: it is where the data_dir of "
                       + "\(FilePath.join(board, "board.conf")) puts the board's \(databaseName). Move that folder out of the way, "
                       + "or set data_dir there to another folder", status: ExitStatus.noInput)
    }

    /// A read-only reader of `--db`/`--board`'s database, with the zone to show its times in.
    static func reader(_ p: ParsedArguments) throws -> (reader: RideReader, time: LocalTime) {
        let (path, time) = try target(p)
        try requireDatabase(path)
        return (try RideReader(path: path), time)
    }
}

extension BoardLoader {
    /// The units to show: `--units`, else the board's `units` (with --board), else metric.
    static func units(_ p: ParsedArguments) throws -> UnitFormatter {
        if let system = try p.value(SharedOptions.units) { return UnitFormatter(system) }
        guard let board = try p.value(SharedOptions.board) else { return .metric }
        return units(try load(board).profile)
    }

    /// The board's own units (board.conf's `units`), else metric: what the drive is in.
    static func units(_ profile: BoardProfile) -> UnitFormatter { UnitFormatter(profile.units ?? .metric) }
}

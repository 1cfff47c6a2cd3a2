import Foundation
import Glibc
import RoamTestSupport
import Testing

/// A path the system would not look at is not a path that is not there: a name too long, a loop of
/// symbolic links, a folder its user may not search. Each once read "does not exist" (`FileSystem.kind`
/// took every failed stat for nothing there); now each says the kernel's cause, in `Errno`'s words.
@Suite struct UnseenPathWordsTests {
    static let tooLong = "the name or the path is too long: give a shorter path"
    static let loop = "its path goes round in symbolic links"
    static let denied = "permission denied: check that you may read it (owner and mode)"

    /// A name of 300 characters (the file systems' limit is 255) and a link that leads to itself.
    static func unseenNames(in dir: URL) throws -> [(path: String, words: String)] {
        let long = dir.appendingPathComponent(String(repeating: "r", count: 300) + ".gpx").path
        let loop = dir.appendingPathComponent("loop.gpx").path
        try #require(symlink(loop, loop) == 0, "symlink: errno \(errno)")
        return [(long, tooLong), (loop, Self.loop)]
    }

    @Test func rederiveParametersSayWhyTheyCannotBeRead() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, words) in try Self.unseenNames(in: dir) {
            let r = try CLIRunner.run(["rederive", "--db", dir.appendingPathComponent("none.db").path, "--ride", "1", "--params", path])
            #expect(r.status == 66, "\(r.stderr)")
            #expect(r.stderr.contains("cannot read the parameters file \(path) (--params): \(words)"), "\(r.stderr)")
            #expect(!r.stderr.contains("does not exist"), "\(r.stderr)")
        }
    }

    @Test func importAndReplaySayWhyTheyCannotBeRead() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        for (path, words) in try Self.unseenNames(in: dir) {
            let imported = try CLIRunner.run(["import", "--db", db, path])
            #expect(imported.status != 0, "\(imported.stderr)")
            #expect(imported.stderr.contains("cannot read \(path): \(words)"), "\(imported.stderr)")
            #expect(!imported.stderr.contains("does not exist"), "\(imported.stderr)")
            let replay = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", path, "--quiet"])
            #expect(replay.status == 66, "\(replay.stderr)")
            #expect(replay.stderr.contains("cannot read --replay \(path): \(words)"), "\(replay.stderr)")
            #expect(!replay.stderr.contains("does not exist"), "\(replay.stderr)")
        }
    }

    /// A folder `locked` in a new folder every user may enter: the test fills it, then takes its mode away.
    static func folderToLock() throws -> (dir: URL, locked: URL) {
        let dir = try CLIRunner.temporaryDirectory()
        try #require(chmod(dir.path, 0o755) == 0)
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        return (dir, locked)
    }

    static func remove(_ dir: URL, _ locked: URL) {
        chmod(locked.path, 0o755)
        try? FileManager.default.removeItem(at: dir)
    }

    /// Root searches any folder: the reader is `nobody`, as a rider's login is beside root's files.
    @Test(.needs(geteuid() == 0, "running as another user than the folder's owner needs root"))
    func aFileInAFolderItMayNotSearchIsNotSaidMissing() throws {
        let (dir, locked) = try Self.folderToLock()
        defer { Self.remove(dir, locked) }
        let params = locked.appendingPathComponent("p.json").path
        try "{}".write(toFile: params, atomically: true, encoding: .utf8)
        try #require(chmod(locked.path, 0) == 0)
        let r = try ReaderWithoutWrite.run(["rederive", "--db", dir.appendingPathComponent("none.db").path, "--ride", "1", "--params", params])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.contains("cannot read the parameters file \(params) (--params): \(Self.denied)"), "\(r.stderr)")
        let gpx = locked.appendingPathComponent("ride.gpx").path
        let replay = try ReaderWithoutWrite.run(["record", "--board", "Boards/bench", "--db", dir.appendingPathComponent("r.db").path,
                                                 "--replay", gpx, "--quiet"])
        #expect(replay.stderr.contains("cannot read --replay \(gpx): \(Self.denied)"), "\(replay.stderr)")
        #expect(!replay.stderr.contains("does not exist"), "\(replay.stderr)")
    }

    /// `board`'s board.conf, in a folder of that name in `dir`, with its data_dir at `data`.
    static func board(_ board: String, in dir: URL, data: String) throws -> String {
        let folder = dir.appendingPathComponent(board).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let conf = try String(contentsOf: BoardFiles.boardsDir.appendingPathComponent("\(board)/board.conf"), encoding: .utf8)
        let lines = conf.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("data_dir") ? "data_dir = \(data)" : String($0) }
        try lines.joined(separator: "\n").write(toFile: folder + "/board.conf", atomically: true, encoding: .utf8)
        return folder
    }

    /// A data folder behind a folder its user may not search: `selftest` once said the bench's "not there yet" (OK).
    @Test(.needs(geteuid() == 0, "running as another user than the folder's owner needs root"))
    func aDataFolderBehindAFolderItMayNotSearchIsNotSaidMissing() throws {
        let (dir, locked) = try Self.folderToLock()
        defer { Self.remove(dir, locked) }
        let data = locked.appendingPathComponent("data").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
        let bench = try Self.board("bench", in: dir, data: data)
        try #require(chmod(locked.path, 0) == 0)
        let selftest = try ReaderWithoutWrite.run(["selftest", "--board", bench])
        #expect(selftest.stdout.contains("data \(data): cannot be looked at: \(Self.denied)"), "\(selftest.stdout)")
        #expect(!selftest.stdout.contains("not there yet"), "\(selftest.stdout)")
    }

    /// A real board's data folder on a path that loops: `record` once said "no data directory … Create it".
    @Test func aDataFolderOnALoopingPathIsNotSaidMissing() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let loop = dir.appendingPathComponent("loop").path
        try #require(symlink(loop, loop) == 0, "symlink: errno \(errno)")
        let data = loop + "/data"
        let record = try CLIRunner.run(["record", "--board", try Self.board("rpi-zero-2w", in: dir, data: data)])
        #expect(record.status == 74, "\(record.stderr)")
        #expect(record.stderr.contains("cannot record into the data directory \(data): \(Self.loop)"), "\(record.stderr)")
        #expect(!record.stderr.contains("no data directory"), "\(record.stderr)")
    }
}

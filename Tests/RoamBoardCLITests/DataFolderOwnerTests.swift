import Foundation
import Glibc
import RoamTestSupport
import Testing

/// The data folder's owner (`FolderOwner`): what a rider who forgets `sudo -u roam` (or `sudo`)
/// leaves behind and is told. The data folder is another user's, 0750, standing in for the
/// installed `roam` user's /var/lib/roam-board; commands run as root (the forgotten `-u roam`) or
/// as `nobody` through setpriv (`ReaderWithoutWrite`). Giving files to a user needs root.
@Suite(.needs(geteuid() == 0, "the data folder of another user, and running as that user, need root"))
struct DataFolderOwnerTests {
    struct Board {
        let root: URL
        var board: String { root.appendingPathComponent("board").path }
        var data: String { root.appendingPathComponent("data").path }
        var db: String { data + "/rides.db" }

        /// A GPX ride of `points` points, readable by every user; rides of other sizes are other days.
        func gpx(_ name: String, points: Int) throws -> String {
            let url = root.appendingPathComponent(name)
            try ImportCommandTests.gpx(points).replacingOccurrences(of: "2022-05-01", with: "2022-05-\(points / 10 + 10)")
                .write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    /// The bench board with its data folder `owner`'s, 0750.
    static func board(ownedBy owner: (uid: uid_t, gid: gid_t)) throws -> Board {
        let root = try CLIRunner.temporaryDirectory()
        let b = Board(root: root)
        for folder in [b.board, b.data] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) }
        let bench = try String(contentsOf: BoardFiles.boardsDir.appendingPathComponent("bench/board.conf"), encoding: .utf8)
        try bench.replacingOccurrences(of: "data_dir = ../../data/bench", with: "data_dir = \(b.data)")
            .write(toFile: b.board + "/board.conf", atomically: true, encoding: .utf8)
        guard chmod(root.path, 0o755) == 0, chown(b.data, owner.uid, owner.gid) == 0, chmod(b.data, 0o750) == 0 else {
            throw TrialSetupError(message: "cannot give \(b.data) to uid \(owner.uid): errno \(errno)")
        }
        return b
    }

    static func ownerUID(_ path: String) -> uid_t? {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_uid : nil
    }

    static var nobody: (uid: uid_t, gid: gid_t) { get throws { try #require(ReaderWithoutWrite.nobody) } }
    static var nobodyGroup: String { get throws { String(cString: try #require(getgrgid(try nobody.gid)).pointee.gr_name) } }

    @Test func aSudoImportOnAFreshFolderLeavesADatabaseItsOwnerWrites() throws {
        let b = try Self.board(ownedBy: try Self.nobody)
        defer { b.remove() }
        let asRoot = try CLIRunner.run(["import", "--board", b.board, try b.gpx("first.gpx", points: 40)])
        #expect(asRoot.status == 0, "\(asRoot.stderr)")
        let nobody = try Self.nobody.uid
        #expect(Self.ownerUID(b.db) == nobody, "root's import kept rides.db")
        let asOwner = try ReaderWithoutWrite.run(["import", "--board", b.board, try b.gpx("second.gpx", points: 50)])
        #expect(asOwner.status == 0 && asOwner.stdout.hasPrefix("ride 2: imported"), "the owner could not write root's database: \(asOwner.stderr)")
    }

    /// SQLite opens a database it may not write read-only without a word: the recorder must say so
    /// at start, not at the first press as a storage failure with advice about free space.
    @Test func theRecorderRefusesADatabaseItMayNotWriteBeforeItStarts() throws {
        let b = try Self.board(ownedBy: try Self.nobody)
        defer { b.remove() }
        #expect(try CLIRunner.run(["import", "--board", b.board, try b.gpx("past.gpx", points: 40)]).status == 0)
        // What an older build's `sudo roam-board import` left: root's database in the owner's folder.
        try #require(chown(b.db, 0, 0) == 0 && chmod(b.db, 0o644) == 0)
        let record = try ReaderWithoutWrite.run(["record", "--no-ride", "--quiet", "--board", b.board])
        #expect(record.status == 77, "\(record.stdout)\(record.stderr)")
        let fix = "give it back: sudo chown nobody:\(try Self.nobodyGroup) \(b.db)"
        #expect(record.stderr.contains("\(b.db) is user root's") && record.stderr.contains(fix), "\(record.stderr)")
        #expect(!record.stderr.contains("free space") && !record.stdout.contains("receiver:"), "\(record.stdout)\(record.stderr)")

        let selftest = try ReaderWithoutWrite.run(["selftest", "--board", b.board])
        let line = selftest.stdout.split(separator: "\n").first { $0.contains("data \(b.data)") } ?? ""
        #expect(selftest.status == 74 && line.hasPrefix("FAIL") && line.contains(fix), "\(selftest.stdout)")
    }

    /// A folder another user keeps to themselves is not an empty one: every command names who may read it.
    @Test func aUserWhoMayNotEnterTheFolderIsToldWhoMay() throws {
        let daemon = try #require(getpwnam("daemon").map { ($0.pointee.pw_uid, $0.pointee.pw_gid) })
        let b = try Self.board(ownedBy: daemon)
        defer { b.remove() }
        #expect(try CLIRunner.run(["import", "--board", b.board, try b.gpx("past.gpx", points: 40)]).status == 0)
        let commands = [["rides"], ["dump", "--ride", "1", "--format", "gpx"], ["show", "--ride", "1"], ["check"],
                        ["view", "--ride", "1", "-o", b.root.appendingPathComponent("ride.html").path], ["status"],
                        ["import", try b.gpx("more.gpx", points: 30)]]
        for command in commands {
            let r = try ReaderWithoutWrite.run(command + ["--board", b.board])
            let said = "you may not read \(b.data) (it is user daemon's): run it as that user: sudo -u daemon roam-board \(command[0]) …"
            #expect(r.status == 77 && r.stderr.contains(said), "\(command[0]): \(r.status) \(r.stderr)")
        }
    }

    @Test(.needs(DriveProbe.isAvailable, DriveProbe.skipReason))
    func aSudoDriveImageLeavesFilesItsOwnerBuildsOn() throws {
        let b = try Self.board(ownedBy: try Self.nobody)
        defer { b.remove() }
        #expect(try ReaderWithoutWrite.run(["import", "--board", b.board, try b.gpx("first.gpx", points: 40)]).status == 0)
        let asRoot = try CLIRunner.run(["drive-image", "--board", b.board])
        #expect(asRoot.status == 0, "\(asRoot.stderr)")
        let manifests = b.data + "/drive.img.manifests"
        let made = [b.data + "/drive.img", manifests] + (try FileManager.default.contentsOfDirectory(atPath: manifests)).map { manifests + "/" + $0 }
        let nobody = try Self.nobody.uid
        for path in made { #expect(Self.ownerUID(path) == nobody, "root's drive-image kept \(path)") }
        #expect(try ReaderWithoutWrite.run(["import", "--board", b.board, try b.gpx("second.gpx", points: 50)]).stdout.hasPrefix("ride 2: imported"))
        let asOwner = try ReaderWithoutWrite.run(["drive-image", "--board", b.board])
        #expect(asOwner.status == 0 && asOwner.stdout.contains("2 rides on the drive"), "the owner's build after root's: \(asOwner.stdout)\(asOwner.stderr)")
    }

    /// Root's files left in the owner's folder (by an older build): the build says whose they are, not the free room.
    @Test(.needs(DriveProbe.isAvailable, DriveProbe.skipReason))
    func aDriveBuildRefusedByRootsFilesSaysToGiveThemBack() throws {
        let b = try Self.board(ownedBy: try Self.nobody)
        defer { b.remove() }
        #expect(try ReaderWithoutWrite.run(["import", "--board", b.board, try b.gpx("first.gpx", points: 40)]).status == 0)
        try #require(mkdir(b.data + "/drive.img.manifests", 0o755) == 0)
        let build = try ReaderWithoutWrite.run(["drive-image", "--board", b.board])
        #expect(build.status == 74, "\(build.stderr)")
        #expect(build.stderr.contains("permission denied; \(b.data)/drive.img.manifests in \(b.data) is another user's"), "\(build.stderr)")
        let group = try Self.nobodyGroup
        #expect(build.stderr.contains("sudo chown -R nobody:\(group) \(b.data)") && !build.stderr.contains("free room"), "\(build.stderr)")
    }

    /// Every file the owner's own, one folder's mode the cause: no chown is advised (it would change
    /// nothing), the storage's words stay (review: "a file or folder … is another user's" was said anyway).
    @Test(.needs(DriveProbe.isAvailable, DriveProbe.skipReason))
    func aDriveBuildRefusedByAModeAdvisesNoChown() throws {
        let b = try Self.board(ownedBy: try Self.nobody)
        defer { b.remove() }
        #expect(try ReaderWithoutWrite.run(["import", "--board", b.board, try b.gpx("first.gpx", points: 40)]).status == 0)
        let manifests = b.data + "/drive.img.manifests"
        let nobody = try Self.nobody
        try #require(mkdir(manifests, 0o555) == 0 && chown(manifests, nobody.uid, nobody.gid) == 0)
        let build = try ReaderWithoutWrite.run(["drive-image", "--board", b.board])
        #expect(build.status == 74, "\(build.stderr)")
        #expect(build.stderr.contains("permission denied") && !build.stderr.contains("chown") && !build.stderr.contains("another user"), "\(build.stderr)")
    }

    /// The rider (pi) running selftest on the recorder's (roam's) data folder: both the data and the
    /// database checks name the owner and how to run it as them, never "chown roam" of a folder roam owns.
    @Test func aSelftestByAnotherUserSaysToRunItAsTheFoldersOwner() throws {
        let daemon = try #require(getpwnam("daemon")).pointee
        let b = try Self.board(ownedBy: (daemon.pw_uid, daemon.pw_gid))
        defer { b.remove() }
        try #require(FileManager.default.createFile(atPath: b.db, contents: Data()) && chown(b.db, daemon.pw_uid, daemon.pw_gid) == 0)
        let selftest = try ReaderWithoutWrite.run(["selftest", "--board", b.board])
        let fix = "\(b.data) is user daemon's: run it as that user: sudo -u daemon roam-board selftest …"
        let data = selftest.stdout.split(separator: "\n").first { $0.contains(" data \(b.data)") } ?? ""
        let database = selftest.stdout.split(separator: "\n").first { $0.contains(" database \(b.db)") } ?? ""
        #expect(selftest.status == 74 && data.hasPrefix("FAIL") && data.contains(fix), "\(selftest.stdout)")
        #expect(database.hasPrefix("FAIL") && database.contains(fix), "\(selftest.stdout)")
        #expect(!selftest.stdout.contains("chown roam"), "\(selftest.stdout)")
    }
}

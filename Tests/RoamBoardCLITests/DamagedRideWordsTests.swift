import Foundation
import Testing

/// Issue 26: every command that meets a ride's damaged page says it as `check` does (which ride, how
/// many fixes come before the damage) and what to do, rather than "damaged or not a roam-board
/// database", or nothing at all.
@Suite(.serialized) struct DamagedRideWordsTests {
    /// What `check` says of ride 1 ("cannot be read completely: a damaged page after K fixes"), for the other commands to say alike.
    static func checkSays(ride: Int, db: String) throws -> String {
        let check = try CLIRunner.run(["check", "--db", db])
        let prefix = "ride \(ride) (stopped): "
        guard let line = check.stdout.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else {
            throw TrialSetupError(message: "check names no damaged ride \(ride): \(check.stdout)")
        }
        return String(line.dropFirst(prefix.count))
    }

    /// The page of ride 1's first fixes, which `rides` reads (its first dated fix): the list goes on
    /// with ride 2, names ride 1 and what to do, and exits 65; before, it stopped at ride 1 with
    /// "damaged or not a roam-board database" and listed nothing.
    @Test func ridesNamesTheRideItCouldNotReadAndListsTheOthers() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try DamagedDatabaseRescueTests.damagedDatabase(
            in: dir, page: "SELECT pageno FROM dbstat WHERE name = 'fixes' AND pagetype = 'leaf' ORDER BY path LIMIT 1")
        let damage = try Self.checkSays(ride: 1, db: db)

        let rides = try CLIRunner.run(["rides", "--db", db])
        #expect(rides.status == 65)
        let lines = rides.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("   1  ") && $0.contains("? (damaged page)") }, "\(rides.stdout)")
        #expect(lines.contains { $0.hasPrefix("   2  stopped") && $0.contains("2026-06-14") }, "\(rides.stdout)")
        #expect(rides.stderr.contains("is damaged: ride 1 \(damage). 'roam-board dump --all --format fit -o DIR/' saves every ride "
                                      + "that can still be read whole and names the others; 'roam-board check' lists them"), "\(rides.stderr)")
        #expect(!rides.stderr.contains("not a roam-board database"), "\(rides.stderr)")
    }

    /// A page in the middle of ride 1's fixes: `show` and `view` say how far ride 1 can be read, as
    /// `check` does, and what saves the rest; ride 2 is shown as ever.
    @Test func showAndViewSayHowFarTheRideCanBeRead() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try DamagedDatabaseRescueTests.damagedDatabase(in: dir)
        let damage = try Self.checkSays(ride: 1, db: db)
        #expect(damage.hasPrefix("cannot be read completely: a damaged page after ") && !damage.hasSuffix(" after 0 fixes"), "\(damage)")

        let page = dir.appendingPathComponent("ride1.html").path
        for command in [["show", "--db", db, "--ride", "1"], ["view", "--db", db, "--ride", "1", "-o", page]] {
            let run = try CLIRunner.run(command)
            #expect(run.status == 65, "\(command[0])")
            #expect(run.stderr.contains("roam-board \(command[0]): ") && run.stderr.contains("rides.db is damaged: ride 1 \(damage). "
                                        + "'roam-board dump --all --format fit -o DIR/' saves every ride that can still be read whole "
                                        + "and names the others; 'roam-board check' lists them"), "\(run.stderr)")
            #expect(!run.stderr.contains("not a roam-board database"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: page))
        #expect(try CLIRunner.run(["show", "--db", db, "--ride", "2"]).status == 0)
    }
}

import RoamRecorder
import RoamRig
import RoamSystem

/// `roam-board selftest --board DIR`: one line per device the board declares — OK with what was
/// found, or FAIL with what is wrong and what to check. Exit 0 when all are OK, 74 otherwise.
enum SelftestCommand {
    static func run(_ p: ParsedArguments) throws {
        let (profile, boardDir) = try BoardLoader.load(try p.value(SharedOptions.boardFolder))
        let dataDir = BoardLoader.dataDir(profile, boardDir: boardDir)
        print("selftest of board '\(profile.name)' (\(boardDir)); run it with the recorder stopped")
        let results = BoardSelfTest.run(profile: profile, dataDir: dataDir, database: FilePath.join(dataDir, BoardLoader.databaseName),
                                        boardFolder: boardDir, saying: { Console.error($0) })
        for result in results { print(result) }
        let failed = results.filter { !$0.isOK }.count
        guard failed == 0 else {
            throw CLIError(description: "\(failed) of \(results.count) checks failed", status: ExitStatus.ioError)
        }
    }
}

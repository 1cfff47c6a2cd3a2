import RoamSystem
import Glibc

/// A benchmark command's scratch folder: `--dir` when given (the user's folder: never removed),
/// else a new temporary folder, removed afterwards unless `--keep`.
struct BenchScratch {
    let path: String
    private let removeAfter: Bool

    init(_ p: ParsedArguments, name: String) throws {
        if let dir = try p.value(SharedOptions.scratchDir) {
            path = dir
            removeAfter = false
        } else {
            path = FilePath.join(FileSystem.temporaryFolder, "\(name)-\(getpid())")
            removeAfter = !p.value(SharedOptions.keepScratch)
        }
        try FileSystem.makeFolders(path)
    }

    func file(_ name: String) -> String { FilePath.join(path, name) }

    /// Removes the folder if this command made it; a failure is told, the figures already printed stand.
    func finish() {
        guard removeAfter else { return }
        do { try FileSystem.removeTree(path) } catch { Console.error("could not remove \(path): \(error)") }
    }
}

import RoamHardware
import RoamSystem
import Glibc

/// A benchmark command's scratch folder: `--dir` when given (the user's folder: never removed),
/// else a new temporary folder, removed afterwards unless `--keep`.
struct BenchScratch {
    let path: String
    private let removeAfter: Bool

    /// `measuresStorage`: the command's figures are bytes written and syncs, which a folder in RAM voids.
    init(_ p: ParsedArguments, name: String, measuresStorage: Bool = false) throws {
        if let dir = try p.value(SharedOptions.scratchDir) {
            path = dir
            removeAfter = false
        } else {
            path = FilePath.join(FileSystem.temporaryFolder, "\(name)-\(getpid())")
            removeAfter = !p.value(SharedOptions.keepScratch)
        }
        try FileSystem.makeFolders(path)
        // /tmp is tmpfs on Raspberry Pi OS trixie: bytes written and syncs there are RAM's, and the
        // figures would say nothing of the card. Said before them, once.
        if measuresStorage, let storage = try? FolderStorage.volatility(of: path) {
            let command = name.hasPrefix("roam-") ? String(name.dropFirst("roam-".count)) : name
            Console.error("\(command): the scratch folder \(FilePath.shown(path)) is \(storage.words): the bytes written, the syncs and "
                          + "their times below are RAM's, not the SD card's; give --dir a folder on the card (such as /var/tmp/roam-bench)")
        }
    }

    func file(_ name: String) -> String { FilePath.join(path, name) }

    /// Removes the folder if this command made it; a failure is told, the figures already printed stand.
    func finish() {
        guard removeAfter else { return }
        do { try FileSystem.removeTree(path) } catch { Console.error("could not remove \(path): \(error)") }
    }
}

import Glibc
import RoamCore
import RoamHandover
import RoamDrive
import RoamImport
import RoamStore
import RoamSystem

/// `roam-board import FILE|FOLDER…`: past rides from other devices into the database (RoamImport).
/// One line per file on standard output, the progress and the refusals on standard error; when any
/// input failed (the others are imported), the status its cause gives (`ExitStatus.importFailure`);
/// 75 when the only files not done wait for an unfinished import of their ride, or when it stopped
/// short of the room kept for recording (`RecordingReserve`): the words name what was and was not imported.
enum ImportCommand {
    static func run(_ p: ParsedArguments) throws {
        guard !p.operands.isEmpty else {
            throw UsageError(command: p.command, message: "name at least one GPX, FIT or TCX file or a folder of them")
        }
        let path = try BoardLoader.databasePath(p)
        let units = try BoardLoader.units(p)
        let folder = FilePath.parent(path)
        let madeFolders: [String]
        do { madeFolders = try FileSystem.makeFolders(folder) } catch { throw OutputFailure.creating(error) }
        // A run that imports nothing leaves no new database, and no folder made for it, behind (a
        // typo'd name once did); a database or folder that was there stays.
        let existed = FileSystem.exists(path)
        let store = try RideStore(path: path)
        defer { store.close() }
        func removeIfNew() {
            guard !existed else { return }
            store.close()
            for file in [path, path + "-wal", path + "-shm", path + "-journal"] { unlink(file) }
            // Innermost first; rmdir takes only an empty folder, so nothing put there meanwhile goes.
            for made in madeFolders.reversed() { rmdir(made) }
        }
        var failedKinds: Set<ImportError.Kind> = []
        let progress: ImportRun.Progress
        do {
            progress = try ImportRun.run(p.operands, into: store, now: { WallClock.nowUTCms() }) { report in
                switch report {
                case let .file(file, done):
                    print(line(file, done, units: units))
                case let .failed(file, error):
                    failedKinds.insert(error.kind)
                    StandardStream.error("import: \(error.kind == .toolMissing ? FilePath.shown(error.description) : skipped(file, error))\n")
                case let .progress(progress):
                    // Every 50 files and the last: a folder of 1 000 rides says where it is without flooding.
                    if progress.done % 50 == 0 || progress.done == progress.total { StandardStream.error("\(progress.line)\n") }
                }
            }
        } catch let stopped as ImportStopped {
            // Short of the room kept for recording: done in part, to run again once room is made (75);
            // the database or its storage failing: that error's own status.
            if let room = stopped.noRoom, room.storedPoints == nil, stopped.imported.isEmpty { removeIfNew() }
            // The prune printed as the drive's README.txt prints it: as the folder's owner, naming the board.
            let advice = PruneLine.commands(p, databasePath: path).pruneAdvice(day: PruneLine.today(p))
            throw CLIError(description: stopped.sentence(causeWords: ErrorText.describe(stopped.cause), pruneAdvice: advice),
                           status: stopped.noRoom != nil ? ExitStatus.tempFailure : ExitStatus.of(stopped.cause))
        }
        if progress.imported == 0 { removeIfNew() }
        if progress.failed > 0 {
            let said = progress.failed == progress.total
                ? "nothing imported: \(progress.total == 1 ? "the input" : "all \(progress.total) inputs") failed (see the lines above)"
                : "\(progress.failed) of \(progress.total) inputs failed; the others are imported (see the lines above)"
            throw CLIError(description: said, status: ExitStatus.importFailure(failedKinds))
        }
        if progress.heldBack > 0 {
            throw CLIError(description: "\(Plural.count(progress.heldBack, "file")) held back until an unfinished import of "
                + "the same ride is finished (see the lines above): import \(progress.heldBack == 1 ? "it" : "them") again then",
                           status: ExitStatus.tempFailure)
        }
    }

    /// "skipped FILE: what failed" or "skipped FILE is empty…", the file named once: an import
    /// error's words start with the file ("FILE: gpsbabel could not…", "FILE is empty…"). Escaped
    /// (`FilePath.shown`), so a name cannot forge a line.
    static func skipped(_ file: String, _ error: ImportError) -> String {
        let said = error.description
        let rest = said.hasPrefix(file) ? said.dropFirst(file.count) : ""
        let namesFile = !file.isEmpty && (rest.hasPrefix(": ") || rest.hasPrefix(" "))
        return FilePath.shown(namesFile ? "skipped \(said)" : "skipped \(file): \(said)")
    }

    static func line(_ path: String, _ done: RideImporter.Imported, units: UnitFormatter) -> String {
        let file = FilePath.shown(path)
        switch done.outcome {
        case let .alreadyImported(id):
            return "\(file): already imported as ride \(id); nothing done"
        case let .sameRideAs(id):
            return "\(file): ride \(id) already covers most of its time along the same track "
                + "(the same ride from another file or device); nothing done"
        case let .unfinishedImport(id, name):
            return "\(file): ride \(id), the unfinished import of \(name) (only part of that file is stored: an import "
                + "running now, or one cut short), follows this file's track where it has fixes; finish that import "
                + "(import \(name) again, unless it is running now), then import this file again; nothing done"
        case let .imported(id, t):
            return "ride \(id): \(done.provenance.sentence), \(units.distance(metres: t.distanceM, digits: 2)), "
                + "moving \(ClockDuration.text(seconds: t.movingS)), \(Plural.count(t.fixCount, "point"))"
                + (done.unkeptSentence.map { "; " + $0 } ?? "")
        }
    }
}

import RoamStore
import RoamSystem

/// `import FILE|FOLDER…` as a use case: the files to import (a folder's GPX, FIT and TCX files, plain or .gz,
/// sorted by name), each imported in its own transactions (`RideStore.storeImport`), a report per file and a progress line.
/// A bad file is named and skipped, the rest imported; the caller turns the failures' kinds into an exit status.
public enum ImportRun {
    /// What the caller hears, in order.
    public enum Report {
        /// One file done: a new ride or the ride it already was.
        case file(path: String, RideImporter.Imported)
        /// One file or folder refused, with the sentence that says why.
        case failed(path: String, ImportError)
        /// After each file: how far the run is.
        case progress(Progress)
    }

    public struct Progress: Sendable, Equatable {
        public var done = 0, total = 0, imported = 0, already = 0, failed = 0
        /// Files of a ride whose import from another file is unfinished: judged once it is finished.
        public var heldBack = 0

        /// "imported 120 of 1000 files (3 already there, 1 failed)".
        public var line: String {
            var s = "imported \(imported) of \(total) file" + (total == 1 ? "" : "s")
            var notes: [String] = []
            if already > 0 { notes.append("\(already) already there") }
            if heldBack > 0 { notes.append("\(heldBack) held back") }
            if failed > 0 { notes.append("\(failed) failed") }
            if done < total { notes.append("\(total - done) to go") }
            if !notes.isEmpty { s += " (" + notes.joined(separator: ", ") + ")" }
            return s
        }
    }

    /// The files behind `inputs`, and the inputs that gave none (a folder with nothing importable, a
    /// missing path), each with its sentence.
    public static func files(_ inputs: [String]) -> (files: [String], refused: [(String, ImportError)]) {
        var files: [String] = [], refused: [(String, ImportError)] = []
        for input in inputs {
            let kind: FileSystem.Kind?
            do { kind = try FileSystem.kind(input) } catch {
                // There, or not, behind a folder it may not search or a name too long: not "does not exist".
                refused.append((input, ImportError(.unreadable, "cannot read \(input): \(error.reason)")))
                continue
            }
            switch kind {
            case .folder?:
                let names: [String]
                do { names = try FileSystem.folderEntries(input) } catch {
                    refused.append((input, ImportError(.unreadable, "cannot list the folder \(input): \(error.reason)")))
                    continue
                }
                let found = names.filter { ImportFormat.byExtension($0) != nil }.sorted()
                    .map { FilePath.join(input, $0) }.filter(isFileOrUnseen)
                if found.isEmpty {
                    refused.append((input, ImportError(.notARide, "\(input) holds no .gpx, .fit or .tcx file: nothing to import from it")))
                }
                files += found
            case nil:
                refused.append((input, ImportError(.missing, "\(input) does not exist: give a GPX, FIT or TCX file or a folder of them")))
            default:
                files.append(input)
            }
        }
        return (files, refused)
    }

    /// A file in a listed folder, or one that cannot be looked at: its read says why (a folder named ride.gpx is left out).
    private static func isFileOrUnseen(_ path: String) -> Bool {
        do { return try FileSystem.kind(path) == .file } catch { return true }
    }

    /// Imports every file of `inputs`, one after the other. Stops early (`ImportStopped`: the file it
    /// stopped at, the files imported and those never tried; the rides committed so far stay) when
    /// the free space falls below `reserveBytes`, checked before each file and each chunk, or when
    /// the database or its storage itself fails.
    public static func run(_ inputs: [String], into store: RideStore, reserveBytes: Int64 = RecordingReserve.bytes,
                           now: () -> Int64, report: (Report) -> Void) throws -> Progress {
        let (files, refused) = files(inputs)
        // An input refused whole (missing, a folder with nothing to import) counts as one failed file.
        var progress = Progress(total: files.count + refused.count)
        progress.failed = refused.count
        progress.done = refused.count
        for (path, error) in refused { report(.failed(path: path, error)) }
        if !refused.isEmpty { report(.progress(progress)) }
        let importer = RideImporter(store: store)
        importer.reserveBytes = reserveBytes
        var missingTool: ImportError?
        var imported: [String] = []
        for (index, path) in files.enumerated() {
            do {
                if let missingTool, ImportFormat.byExtension(path) != .gpx { throw missingTool }
                let done = try importer.importFile(path, nowUTCms: now())
                switch done.outcome {
                case .imported: progress.imported += 1; imported.append(path)
                case .unfinishedImport: progress.heldBack += 1
                case .alreadyImported, .sameRideAs: progress.already += 1
                }
                report(.file(path: path, done))
            } catch let error as ImportError {
                progress.failed += 1
                // Said once: every other FIT and TCX file would say the same.
                if error.kind == .toolMissing {
                    if missingTool == nil { report(.failed(path: path, error)) }
                    missingTool = error
                } else {
                    report(.failed(path: path, error))
                }
            } catch {
                throw ImportStopped(file: path, cause: error, imported: imported, notTried: Array(files[(index + 1)...]))
            }
            progress.done += 1
            report(.progress(progress))
        }
        return progress
    }
}

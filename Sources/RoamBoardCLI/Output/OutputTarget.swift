import Glibc
import RoamExport
import RoamSystem

/// Where `-o/--out` sends a command's output, by one rule for every command:
/// `-` is standard output; a trailing `/` or an existing folder is a folder (created as needed,
/// one file per ride named by start and id); a name ending in the format's extension is a file
/// (its folders created as needed). Any other name (another extension, or none) is a usage error
/// naming both choices: made into a folder, `-o ride1.htm` would hide the page one level down.
enum OutputTarget: Equatable {
    case standardOutput
    case file(String)
    case folder(String)

    static func resolve(_ out: String?, extension ext: String, command: String) throws -> OutputTarget {
        guard let out, out != "-" else { return .standardOutput }
        if out.hasSuffix("/") || FileSystem.isFolder(out) {
            return .folder(out)
        }
        if out.lowercased().hasSuffix("." + ext) { return .file(out) }
        // Told to "name a file /dev/stdout.gpx", the user who meant standard output was sent astray.
        if ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(out) {
            throw UsageError(command: command, message: "--out \(FilePath.shown(out)) is standard output: give -o - (or a file ending in .\(ext), or a folder)")
        }
        let name = out.split(separator: "/").last.map(String.init) ?? out
        let stem = name.lastIndex(of: ".").map { String(out.dropLast(name.distance(from: $0, to: name.endIndex))) } ?? out
        let found = name.lastIndex(of: ".").map { "ends in \(FilePath.shown(String(name[$0...])))" } ?? "has no extension"
        throw UsageError(command: command, message: "--out \(FilePath.shown(out)) \(found) and is not a folder; this writes .\(ext): "
                         + "name a file \(FilePath.shown(stem)).\(ext), or a folder \(FilePath.shown(out))/")
    }

    /// Creates `path` and its parents (an existing folder is fine); a file in the way is named.
    static func createFolder(_ path: String) throws {
        let standing: FileSystem.Kind?
        do { standing = try FileSystem.kind(path) } catch {
            throw CLIError(description: "cannot create the output folder \(FilePath.shown(path)): \(error.reason)", status: ExitStatus.ioError)
        }
        if let kind = standing {
            if kind == .folder { return }
            throw CLIError(description: "cannot create the output folder \(FilePath.shown(path)): a file of that name is in the way", status: ExitStatus.ioError)
        }
        // The folders made, outermost first: each is durable only once its parent is synced.
        let made: [String]
        do {
            made = try FileSystem.makeFolders(path)
        } catch {
            throw CLIError(description: "cannot create the output folder \(FilePath.shown(path)): \(error.creationReason)",
                           status: ExitStatus.ioError)
        }
        // Without this a power cut can leave a ride marked dumped while its new folder is gone.
        for folder in made {
            do { try DurableFile.syncFolder(containing: folder) } catch {
                throw CLIError(description: "cannot sync the folder \(FilePath.shown(error.subject)) after creating the output folder \(FilePath.shown(folder)) in it: "
                               + error.reason, status: ExitStatus.ioError)
            }
        }
    }

    /// The one line `--force` says when it replaced a read-only file.
    static func replacedReadOnly(_ path: String, mode: mode_t, command: String) -> String {
        let octal = String(mode, radix: 8)
        return "\(command): \(FilePath.shown(path)) was read-only (mode \(String(repeating: "0", count: max(0, 4 - octal.count)) + octal)): "
            + "replaced, as --force asks"
    }

    /// Creates the folders a file path needs.
    static func createParent(of file: String) throws {
        guard let slash = file.lastIndex(of: "/"), slash != file.startIndex else { return }
        try createFolder(String(file[..<slash]))
    }

    /// Binary bytes on a terminal garble it and help no one: refused with what to do instead.
    static func refuseBinaryOnTerminal(_ format: String, command: String, example: String) throws {
        guard isatty(1) == 1 else { return }
        throw UsageError(command: command, message: "\(format) is binary and standard output is a terminal: "
                         + "redirect it (> \(example)), pipe it, or give -o \(example)")
    }
}

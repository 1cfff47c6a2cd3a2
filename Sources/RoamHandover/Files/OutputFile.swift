import Glibc
import RoamSystem

/// A file an export is written to, whichever command writes it (`dump`, `view`, the drive).
public enum OutputFile {
    /// The path a ride goes to in a folder.
    public static func path(in folder: String, name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// A file is written only over a regular file or nothing: what else is at `path` (a named pipe
    /// whose open would wait for a writer, a device, a socket, a folder) is refused before anything
    /// is opened, `--force` or not. A symbolic link is refused too, whatever it points at: the new
    /// file would take the link's name and leave what it points at as it was, which no one asked for.
    public static func refuseNonFile(_ path: String) throws {
        let what: String
        do {
            if try FileSystem.kind(path, followLinks: false) == .symlink {
                let target = (try? FileSystem.linkTarget(path)).map { " (to \(FilePath.shown($0)))" } ?? ""  // only said: the refusal stands either way
                what = FileSystem.Kind.symlink.words + target
            } else {
                guard let kind = try FileSystem.kind(path), kind != .file else { return }
                what = kind.words
            }
        } catch {
            throw OutputFailure("cannot write \(FilePath.shown(path)): \(error.reason)")
        }
        throw OutputFailure("cannot write \(FilePath.shown(path)): it is \(what), not a file; nothing is written "
                            + "over it, --force or not: remove it, or give another name")
    }

    /// The permission bits of a regular file at `path` that no one may write (`chmod a-w`), nil for
    /// any other: `--force` replaces it, and says so (as root, writing is never refused).
    public static func readOnlyMode(_ path: String) -> mode_t? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_mode & 0o222 == 0 else { return nil }
        return st.st_mode & 0o7777
    }
}

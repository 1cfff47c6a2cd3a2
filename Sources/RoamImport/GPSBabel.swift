import Glibc
import RoamSystem

/// Debian's GPSBabel as a child process: FIT and TCX in, GPX 1.1 out on its standard output,
/// tracks only (`-t`), with Garmin's extensions so an air temperature the device measured is kept.
/// Found on PATH, as a rider who installed it would run it.
enum GPSBabel {
    static let package = "gpsbabel"

    /// The program's path on PATH, or an error that names the package to install.
    static func locate() throws(ImportError) -> String {
        let path = Environment.value("PATH") ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = FilePath.join(String(dir), "gpsbabel")
            if FileSystem.isExecutable(candidate) { return candidate }
        }
        throw ImportError(.toolMissing, "gpsbabel is not installed (FIT and TCX are read through it): apt install \(package)")
    }

    /// The GPX text of `file`, or what gpsbabel said went wrong with it. A compressed file's bytes
    /// reach it as its standard input (`-f -`), an unlinked scratch file: its FIT reader seeks, so
    /// it refuses a pipe ("cannot be used in piped commands"), and no name is left behind.
    static func convert(_ file: RideFile, program: String) throws(ImportError) -> String {
        let format = file.format
        var scratch: CInt = -1
        defer { if scratch >= 0 { close(scratch) } }
        if file.compressed {
            do { scratch = try FileSystem.unlinkedScratchFile(holding: file.bytes) } catch {
                throw ImportError(.unreadable, "\(file.path): cannot hand its uncompressed bytes to gpsbabel: writing a temporary file failed (\(error)); check the free space in \(FileSystem.temporaryFolder)")
            }
        }
        let result: ChildResult
        do {
            result = try ChildProcess.run(program, ["gpsbabel", "-t", "-i", format.gpsbabelName, "-f", scratch >= 0 ? "-" : file.path,
                                                    "-o", "gpx,gpxver=1.1,garminextensions", "-F", "-"],
                                          stdin: scratch >= 0 ? .descriptor(scratch) : .file("/dev/null", flags: O_RDONLY))
        } catch {
            throw ImportError(.toolFailed, "\(file.path): cannot run \(program): \(error)")
        }
        guard result.status == 0 else {
            let said = String(decoding: result.stderr, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "no message"
            throw ImportError(.badFile, "\(file.path): gpsbabel could not read it as \(format.rawValue.uppercased()) "
                              + "(exit \(result.status): \(said)); the file is damaged or not a \(format.rawValue.uppercased()) ride")
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }
}

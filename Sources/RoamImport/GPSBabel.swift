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

    /// The longest gpsbabel may take on one file. It read edge530-2020-11-07.fit's 8 823 points in
    /// 0.8 s on the (busy) development machine: a 12-hour ride at 10 Hz, 432 000 points, is some 40 s
    /// there, and on a Pi Zero 2 W, about ten times slower, some 7 minutes. At 30 minutes it is not
    /// slow but stuck (a damaged file it loops on), and is stopped so the import goes on to the next.
    static let timeLimit: Duration = .seconds(30 * 60)

    /// The GPX text of `file`, or what went wrong with it, in our words, gpsbabel's own line quoted
    /// after them. A compressed file's bytes reach it as its standard input (`-f -`), an unlinked
    /// scratch file: its FIT reader seeks, so it refuses a pipe ("cannot be used in piped commands"),
    /// and no name is left behind.
    static func convert(_ file: RideFile, program: String, limit: Duration = timeLimit) throws(ImportError) -> String {
        let format = file.format
        let name = format.rawValue.uppercased()
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
                                          stdin: scratch >= 0 ? .descriptor(scratch) : .file("/dev/null", flags: O_RDONLY), limit: limit)
        } catch {
            switch error {
            case .notRun(let reason):
                throw ImportError(.toolFailed, "\(file.path): not read: cannot \(reason.action) \(program), which reads \(name) files "
                                  + "(\(reason.errno.words)); check that it runs ('\(program) --version'), or apt install --reinstall \(package)")
            case .overran:
                throw ImportError(.badFile, "\(file.path): not read: gpsbabel was still reading it after \(ChildProcessError.words(limit)) "
                                  + "and was stopped (a long ride takes it minutes on a Pi Zero); the file is likely damaged: "
                                  + "export the ride again from its device or website")
            }
        }
        guard result.status == 0 else {
            throw ImportError(.badFile, "\(file.path): gpsbabel could not read it as \(name) (\(result.ending.words)); the file is damaged or not a \(name) ride"
                              + Self.quoted(result.stderr))
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// gpsbabel's first line on its standard error, marked as its own words: `; gpsbabel said: "…"`,
    /// or nothing when it said nothing.
    static func quoted(_ stderr: [UInt8]) -> String {
        guard let line = String(decoding: stderr, as: UTF8.self).split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return "" }
        return "; gpsbabel said: \"\(line)\""
    }
}

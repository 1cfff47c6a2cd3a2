import RoamSystem

/// Debian's FAT tools as child processes: `mkfs.vfat` (dosfstools) makes the file system, `mcopy`,
/// `mmd`, `mdir` and `mtype` (mtools) write and read it without mounting, so no root and no loop
/// device are needed. Their own messages are kept only as a detail after our sentence.
public enum DriveTools {
    /// `ROAM_DRIVE_TOOLS` (a folder) is searched first: another build of the tools, or the kill
    /// trial's wrappers that stop a rebuild at a known step.
    static var searchPath: [String] {
        let first = Environment.value("ROAM_DRIVE_TOOLS").map { [$0] } ?? []
        return first + ["/usr/sbin", "/sbin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/local/bin"]
    }

    /// The program's path, or a `toolMissing` error naming the Debian package.
    static func locate(_ name: String) throws -> String {
        for dir in searchPath {
            let path = "\(dir)/\(name)"
            if FileSystem.isExecutable(path) { return path }
        }
        let package = name.hasPrefix("m") && name != "mkfs.vfat" ? "mtools" : "dosfstools"
        throw DriveError(.toolMissing, "\(name) is missing: install Debian's \(package) package (apt-get install dosfstools mtools)")
    }

    /// The longest one tool may take. The slowest call is mcopy of a full image: the cap's 2 GiB
    /// of rides written to an SD card that sustains 5 MB/s takes about 7 minutes; mkfs.vfat of that
    /// image writes its two FATs (4 MiB) in seconds. At 30 minutes a tool is not slow but stuck (a
    /// failing card, an image it loops on), and is stopped so the keeper can say so and go on.
    static let timeLimit: Duration = .seconds(30 * 60)

    /// Runs the tool with stdin on /dev/null (mtools would otherwise ask about name clashes) and
    /// returns its standard output; a non-zero exit is a `toolFailed` error that says `what` could
    /// not be done, then the tool's first stderr line, quoted as its own.
    /// `zoneFile`: the zone the tool writes the image's dates in, nil for UTC, as `TZ`. FAT dates
    /// carry no zone: the tools write local time as the C library has it, and Windows and macOS show
    /// it as their own local time, so the drive's dates are the file names' wall clock (board.conf
    /// `time_zone`), never the environment's TZ or /etc/localtime.
    /// posix_spawn, not Foundation's Process: Process needs a CFSocket wakeup pair, which a minimal
    /// system (the kernel-sim guest) may refuse, and a child per call is all this needs.
    @discardableResult
    static func run(_ name: String, _ arguments: [String], what: String, zoneFile: String? = nil,
                    limit: Duration = timeLimit) throws -> String {
        let result = try outcome(name, arguments, what: what, zoneFile: zoneFile, limit: limit)
        guard result.status == 0 else {
            throw DriveError(.toolFailed, "cannot \(what): \(name) ended with \(result.ending.words)" + said(name, result.stderr))
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// The tool's exit, output and messages, for a caller that judges them itself (`run` judges by the
    /// exit status); only a tool that is missing, cannot be started or overruns `limit` throws.
    static func outcome(_ name: String, _ arguments: [String], what: String, zoneFile: String? = nil,
                        limit: Duration = timeLimit) throws -> ChildResult {
        let path = try locate(name)
        // No ~/.mtoolsrc or drive letters: every call names its image with -i.
        let environment = Environment.entries.filter { !$0.hasPrefix("MTOOLS_SKIP_CHECK=") && !$0.hasPrefix("LC_ALL=") && !$0.hasPrefix("TZ=") }
            + ["MTOOLS_SKIP_CHECK=1", "LC_ALL=C", "TZ=" + (zoneFile.map { ":" + $0 } ?? "UTC0")]
        do {
            return try ChildProcess.run(path, [name] + arguments, environment: environment, limit: limit)
        } catch {
            switch error {
            case .notRun(let reason):
                throw DriveError(.toolFailed, "cannot run \(name) to \(what): \(reason.reason)")
            case .overran:
                throw DriveError(.toolFailed, "cannot \(what): \(name) was still running after \(ChildProcessError.words(limit)) "
                                 + "and was stopped; it takes minutes at most, so check the storage's errors ('dmesg')")
            }
        }
    }

    /// The tool's first line on its standard error, marked as its own words after our sentence:
    /// ` (mcopy said: "…")`, or nothing when it said nothing. Escaped (`FilePath.shown`): the line names
    /// the image it was given, and a control character in that name must not reach the log as it is.
    static func said(_ name: String, _ stderr: [UInt8]) -> String {
        let line = FilePath.shown(firstLine(stderr))
        return line.isEmpty ? "" : " (\(name) said: \"\(line)\")"
    }

    /// The first line a tool wrote to its standard error, the detail said after our sentence.
    static func firstLine(_ stderr: [UInt8]) -> String {
        String(decoding: stderr, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}

import RoamHandover
import RoamSystem

/// One HTML page written where `-o` says (`OutputTarget`): standard output, a file, or `name` in a
/// folder; files atomically (`AtomicFileSink`), an existing one only with `force`.
enum PageOutput {
    /// The path written (escaped, `FilePath.shown`, to be printed), or nil for standard output.
    static func write(_ html: String, to target: OutputTarget, nameInFolder name: String, force: Bool) throws -> String? {
        let out: String
        switch target {
        case .standardOutput:
            var sink = StandardOutputSink()
            try sink.write(html)
            try sink.flush()
            return nil
        case .file(let path):
            try OutputTarget.createParent(of: path)
            out = path
        case .folder(let dir):
            try OutputTarget.createFolder(dir)
            out = OutputFile.path(in: dir, name: name)
        }
        // The same page again (the same ride, nothing new since): left as it is, as `dump` leaves a
        // file that holds its ride byte for byte. Another page there still needs --force.
        if !force, holds(out, html) {
            Console.error("\(FilePath.shown(out)) already holds this page, byte for byte: left as it is")
            return FilePath.shown(out)
        }
        var sink = try AtomicFileSink(path: out, overwrite: force)
        do {
            try sink.write(html)
            try sink.commit()
        } catch {
            sink.abandon()
            throw error
        }
        if let mode = sink.replacedReadOnly { Console.error(OutputTarget.replacedReadOnly(out, mode: mode, command: "view")) }
        return FilePath.shown(out)
    }

    /// Whether the file at `path` holds `html` byte for byte (`FileComparingSink`; a file that cannot
    /// be read is not known to).
    private static func holds(_ path: String, _ html: String) -> Bool {
        guard var sink = FileComparingSink(path: path) else { return false }
        do { try sink.write(bytes: Array(html.utf8)) } catch { return false }
        return sink.matches
    }
}

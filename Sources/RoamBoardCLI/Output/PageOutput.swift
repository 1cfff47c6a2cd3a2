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
}

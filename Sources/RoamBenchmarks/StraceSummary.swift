import RoamSystem
/// Reads what `strace -c -e trace=fdatasync,fsync -o FILE` wrote: the benchmarks count syncs with it.
enum StraceSummary {
    /// The fdatasync and fsync calls of the summary at `path` (rows: "% time seconds usecs/call
    /// calls [errors] syscall"; the calls column is the 4th).
    static func syncCalls(_ path: String) throws(BenchmarkError) -> Int {
        let text: String
        do { text = try FileSystem.readText(path) } catch {
            throw BenchmarkError(step: "reading", subject: path, reason: "strace wrote no summary")
        }
        var calls = 0
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ")
            if let name = f.last, name == "fdatasync" || name == "fsync", f.count >= 5, let n = Int(f[3]) { calls += n }
        }
        return calls
    }
}

import RoamSystem

/// This process's I/O counters from /proc/self/io. `write_bytes` counts page-cache pages as they
/// are dirtied (4 KiB each), i.e. what the process sends towards the device, as perf-limits.md
/// measured it; it does not count syncs, which is why the sync count comes from strace.
public struct ProcessIO: Sendable {
    public var writeBytes: Int
    public var writeCalls: Int

    public static func now() throws -> ProcessIO {
        let text = try FileSystem.readText("/proc/self/io")
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1].filter { $0 != " " }) }
        }
        return ProcessIO(writeBytes: values["write_bytes"] ?? 0, writeCalls: values["syscw"] ?? 0)
    }
}

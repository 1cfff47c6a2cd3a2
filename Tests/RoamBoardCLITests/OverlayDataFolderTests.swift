import Foundation
import RoamTestSupport
import Testing

/// P1 on a real overlay, as raspi-config's Overlay File System makes root: its writable layer on a
/// tmpfs. In a mount namespace of its own (unshare -m), so nothing is left mounted: `selftest`
/// fails it on a real board (notes it on the bench), `record` on a real board refuses to start for good (exit 78, not restarted every 5 s) before any device, and the same
/// overlay with its writable layer on this machine's disk passes (a container's overlay).
@Suite(.needs(OverlayMount.isPossible, "needs root, unshare and the overlay file system to mount one"))
struct OverlayDataFolderTests {
    @Test func anOverlayInRAMFailsSelftestAndRecordRefusesItOnARealBoard() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let binary = CLIRunner.binary.path
        let board = { (source: String, name: String) throws -> String in
            let folder = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/\(source)/board.conf"), encoding: .utf8)
            // A real board's devices absent (its checks fail fast): the data directory is judged as on a Pi.
            let values = VolatileDataFolderTests.absentDevices.merging(["data_dir": "\(dir.path)/merged/data"]) { _, data in data }
            try conf.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                let key = line.split(separator: " ").first.map(String.init) ?? ""
                return (source == "bench" && key != "data_dir" ? nil : values[key]).map { "\(key) = \($0)" } ?? String(line)
            }.joined(separator: "\n")
                .write(to: folder.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
            return folder.path
        }
        let bench = try board("bench", "bench"), real = try board("kernel-sim", "real")
        // A recorder that got past the check would wait for the real board's devices: `timeout` ends it (124).
        let script = """
            set -e
            cd '\(dir.path)'
            mkdir -p ram lower/data merged disk/upper disk/work
            mount -t tmpfs tmpfs-root ram
            mkdir ram/upper ram/work
            mount -t overlay overlay -o lowerdir=$PWD/lower,upperdir=$PWD/ram/upper,workdir=$PWD/ram/work merged
            set +e
            '\(binary)' selftest --board '\(real)' > selftest-ram.out 2>&1; echo $? > selftest-ram.rc
            '\(binary)' selftest --board '\(bench)' > selftest-bench-ram.out 2>&1; echo $? > selftest-bench-ram.rc
            timeout 20 '\(binary)' record --board '\(real)' --quiet > record.out 2>&1; echo $? > record.rc
            umount merged
            mount -t overlay overlay -o lowerdir=$PWD/lower,upperdir=$PWD/disk/upper,workdir=$PWD/disk/work merged
            '\(binary)' selftest --board '\(bench)' > selftest-disk.out 2>&1; echo $? > selftest-disk.rc
            """
        let r = try CLIRunner.run(["-m", "sh", "-c", script], executable: URL(fileURLWithPath: OverlayMount.unshare))
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let read = { (name: String) in (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? "" }

        let inRAM = read("selftest-ram.out")
        #expect(read("selftest-ram.rc") == "74\n", "\(inRAM)")
        #expect(inRAM.contains("FAIL data \(dir.path)/merged/data: writable, but on an overlay whose writable layer is in RAM "
            + "(its writable layer \(dir.path)/ram/upper is on tmpfs;"), "\(inRAM)")
        #expect(inRAM.contains("raspi-config nonint disable_overlayfs"), "\(inRAM)")
        // The bench is a bench: a NOTE, counted as OK.
        let benchInRAM = read("selftest-bench-ram.out")
        #expect(read("selftest-bench-ram.rc") == "0\n", "\(benchInRAM)")
        #expect(benchInRAM.contains("NOTE data \(dir.path)/merged/data: writable (write + fsync), "), "\(benchInRAM)")
        #expect(benchInRAM.contains("on an overlay whose writable layer is in RAM (its writable layer \(dir.path)/ram/upper is on tmpfs;"),
                "\(benchInRAM)")

        let record = read("record.out")
        #expect(read("record.rc") == "78\n", "\(record)")
        #expect(record.hasPrefix("roam-board record: cannot record: the data directory \(dir.path)/merged/data is on an overlay "
            + "whose writable layer is in RAM"), "\(record)")

        let onDisk = read("selftest-disk.out")
        #expect(read("selftest-disk.rc") == "0\n", "\(onDisk)")
        #expect(onDisk.contains("OK   data \(dir.path)/merged/data: writable (write + fsync)"), "\(onDisk)")
    }

    /// An overlay whose /proc/cmdline cannot be read (a sysctl file only root may write, and none may
    /// read, bound over it in the namespace: EACCES): where its writable layer lies is unknown. `record`
    /// records all the same (a ride is never dropped for a doubt) and warns once; nothing else said it.
    @Test func recordWarnsOfAnOverlayItCouldNotJudge() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = dir.appendingPathComponent("bench"), data = "\(dir.path)/merged/data"
        try FileManager.default.createDirectory(at: board, withIntermediateDirectories: true)
        let conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
        try conf.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("data_dir") ? "data_dir = \(data)" : String($0) }
            .joined(separator: "\n").write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        let script = """
            set -e
            cd '\(dir.path)'
            mkdir -p lower/data upper work merged
            mount -t overlay overlay -o lowerdir=$PWD/lower,upperdir=$PWD/upper,workdir=$PWD/work merged
            mount --bind /proc/sys/vm/drop_caches /proc/cmdline
            if head -c 1 /proc/cmdline > /dev/null 2>&1; then echo "/proc/cmdline is still readable" >&2; exit 1; fi
            set +e
            timeout 120 '\(CLIRunner.binary.path)' record --board '\(board.path)' --quiet > record.out 2>&1; echo $? > record.rc
            umount merged
            """
        let r = try CLIRunner.run(["-m", "sh", "-c", script], executable: URL(fileURLWithPath: OverlayMount.unshare))
        #expect(r.status == 0, "the overlay, or /proc/cmdline made unreadable: \(r.stdout)\(r.stderr)")
        let said = try String(contentsOf: dir.appendingPathComponent("record.out"), encoding: .utf8)
        let status = try String(contentsOf: dir.appendingPathComponent("record.rc"), encoding: .utf8)
        #expect(status == "0\n", "\(said)")
        let warnings = said.split(separator: "\n").filter { $0.contains("is in RAM is unknown") }.map(String.init)
        #expect(warnings == ["roam-board record: warning: whether the data directory \(data) is in RAM is unknown: it is on an overlay, "
            + "and /proc/cmdline, which says where its writable layer lies, cannot be read (permission denied). Check that /proc is "
            + "mounted and readable. If it is in RAM, every ride written here is lost at power-off."], "\(said)")
        #expect(said.contains("ride 1: stopped: ") && said.contains("database: \(data)/rides.db"), "recorded all the same: \(said)")
    }
}

/// Whether this process may mount an overlay in a namespace of its own.
enum OverlayMount {
    static let unshare = ["/usr/bin/unshare", "/bin/unshare"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/unshare"

    /// Also that the temporary folder, which holds the "disk" layer, is not itself in RAM.
    static var isPossible: Bool {
        let filesystems = (try? String(contentsOfFile: "/proc/filesystems", encoding: .utf8)) ?? ""
        return geteuid() == 0 && FileManager.default.isExecutableFile(atPath: unshare)
            && filesystems.split(separator: "\n").contains { $0.hasSuffix("\toverlay") }
            && !["tmpfs", "ramfs"].contains(fileSystem(holding: FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path))
    }

    /// The type of the mount with the longest mount point above `path` (/proc/self/mounts).
    static func fileSystem(holding path: String) -> String {
        let mounts = ((try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? "").split(separator: "\n").map { $0.split(separator: " ") }
        let above = mounts.filter { $0.count > 2 && ($0[1] == "/" || path == $0[1] || path.hasPrefix($0[1] + "/")) }
        return above.max { $0[1].count <= $1[1].count }.map { String($0[2]) } ?? ""
    }
}

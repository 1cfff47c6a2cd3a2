import RoamCore
import RoamPorts
import RoamSystem
import Glibc

/// Who else has a device open, from /proc/<pid>/fd (only processes this user may inspect show up:
/// run as root to see a getty). Used when an open fails with EBUSY and by `selftest`.
public enum PortHolders {
    public struct Holder: Sendable, Equatable, CustomStringConvertible {
        public var pid: Int32
        public var command: String
        public var description: String { "\(command) (pid \(pid))" }
    }

    public static func find(device: String, excludingSelf: Bool = true) -> [Holder] {
        let target = FileSystem.resolved(device) ?? device
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var holders: [Holder] = []
        let me = getpid()
        while let entry = readdir(proc) {
            let name = entry.pointee.name
            guard let pid = Int32(name), !(excludingSelf && pid == me) else { continue }
            guard let fds = opendir("/proc/\(name)/fd") else { continue }
            defer { closedir(fds) }
            while let fd = readdir(fds) {
                let fdName = fd.pointee.name
                guard fdName.first?.isNumber == true, opens("/proc/\(name)/fd/\(fdName)", target) else { continue }
                holders.append(Holder(pid: pid, command: command(pid)))
                break
            }
        }
        return holders.sorted { $0.pid < $1.pid }
    }

    /// One sentence: who holds the port and how to free it; nil when nobody can be seen.
    public static func hint(device: String) -> String? {
        let holders = find(device: device)
        guard !holders.isEmpty else { return nil }
        let names = holders.map(\.description).joined(separator: ", ")
        let tty = device.split(separator: "/").last.map(String.init) ?? device
        let fix: String
        if holders.contains(where: { $0.command.hasPrefix("gpsd") }) {
            fix = "stop it: sudo systemctl disable --now gpsd.socket gpsd"
        } else if holders.contains(where: { $0.command.containsText("getty") }) {
            fix = "a login console is on the port: sudo systemctl disable --now serial-getty@\(tty).service, and remove "
                + "console=serial0,115200 from /boot/firmware/cmdline.txt"
        } else {
            fix = "stop it (a second recorder or a terminal program) and retry"
        }
        return "\(device) is held by \(names): \(fix)."
    }

    /// Whether the descriptor link `fdLink` leads to `target`; one closed meanwhile, or of a process
    /// this user may not inspect, leads nowhere.
    private static func opens(_ fdLink: String, _ target: String) -> Bool {
        do { return try FileSystem.linkTarget(fdLink) == target } catch { return false }
    }

    /// The process's name; FileSystem reads it close-on-exec, so no child spawned meanwhile inherits it.
    private static func command(_ pid: Int32) -> String {
        let text: String
        do { text = try FileSystem.readText("/proc/\(pid)/comm") } catch { return "pid \(pid)" }  // it ended meanwhile
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}

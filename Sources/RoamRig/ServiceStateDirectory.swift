import RoamSystem

/// The one folder a board's service may write: the shipped units run with `ProtectSystem=strict`,
/// which makes every other folder read-only, and `StateDirectory=roam-board`, which systemd names
/// to the process in $STATE_DIRECTORY (several, colon-separated, when a unit lists more).
///
/// A board.conf whose `data_dir` points elsewhere (a rider's edit, /home/pi/rides) passes
/// `selftest`, which runs outside the sandbox, and then fails under systemd as a read-only file
/// system, "check the mount", once every restart. Said at start instead, in words that name the fix.
public enum ServiceStateDirectory {
    /// Why the service may not keep its data in `dataFolder`; nil outside systemd (no
    /// $STATE_DIRECTORY) or when the folder is the state directory or inside it.
    public static func refusal(dataFolder: String, stateDirectory: String? = Environment.value("STATE_DIRECTORY"),
                               unit: String) -> String? {
        guard let listed = stateDirectory, !listed.isEmpty else { return nil }
        let allowed = listed.split(separator: ":").map { trimmed(String($0)) }
        let folder = trimmed(dataFolder)
        // As written, and as the links lead (a data_dir that is a link to the state directory is in it).
        let real = FileSystem.resolved(folder) ?? folder
        for state in allowed {
            for (f, s) in [(folder, state), (real, FileSystem.resolved(state) ?? state)] where f == s || f.hasPrefix(s + "/") { return nil }
        }
        let first = allowed.first ?? listed
        return "the data folder \(FilePath.shown(folder)) (board.conf's data_dir) is outside the only folder this service may write, "
            + "its state directory \(first) (every other folder is read-only to it: the unit's ProtectSystem=strict): "
            + "set data_dir = \(first) in board.conf, then sudo systemctl restart \(unit)"
    }

    private static func trimmed(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }
}

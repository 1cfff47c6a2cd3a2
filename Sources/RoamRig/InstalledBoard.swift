import RoamSystem

/// The board as the package installs it: board.conf in /etc/roam-board, the recorder run by
/// roam-board.service, and roam-board.path, which starts that service again whenever
/// /etc/roam-board changes. So a rider stops both (the path unit first), and starts both after.
public enum InstalledBoard {
    public static let folder = "/etc/roam-board"
    public static let stopRecorder = "sudo systemctl stop roam-board.path roam-board"
    public static let startRecorder = "sudo systemctl start roam-board roam-board.path"

    /// Whether `boardFolder` is the installed board's (as written, or where its links lead).
    /// `installed`: the installed board's folder; tests name one of their own.
    public static func holds(boardFolder: String, installed: String = folder) -> Bool {
        let real = { (path: String) in FileSystem.resolved(path) ?? path }
        return trimmed(boardFolder) == trimmed(installed) || real(boardFolder) == real(installed)
    }

    /// How a rider stops the recorder with pid `pid` that holds the database, said after "stop it
    /// first: ": the units on an installed board (killed, the service would start it again 5 s
    /// later), else the process itself.
    public static func stopAdvice(pid: Int32?, boardFolder: String?, installed: String = folder) -> String {
        if let boardFolder, holds(boardFolder: boardFolder, installed: installed) {
            return "\(stopRecorder) (and \(startRecorder) once done)"
        }
        return "Ctrl-C where it runs, or " + (pid.map { "kill \($0)" } ?? "stop the roam-board record that holds the lock")
    }

    private static func trimmed(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }
}

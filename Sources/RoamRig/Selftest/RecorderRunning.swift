import RoamStore
import RoamSystem

/// `selftest` beside a running recorder. Its UART, I2C bus and GPIO lines are the recorder's: root
/// opens the UART all the same (TIOCEXCL stops no root), sets the receiver up again and reads the
/// sentences the recorder never gets, a false "receiver silent" gap mid-ride. So the device checks
/// are not run; the data folder's and the database's (read-only) still are.
enum RecorderRunning {
    /// A FAIL naming the recorder that holds `database`'s lock and how to stop it; nil when none does.
    /// A lock this user may not look at (EACCES, EPERM) is no answer either way: the device checks then
    /// run as before, and a user other than root is kept off the recorder's UART by TIOCEXCL (EBUSY,
    /// said in words). Any other failure to read it (EIO, EMFILE, ELOOP) may hide a recorder that root
    /// would disturb: the devices are not checked, and why is said.
    static func result(database: String, boardFolder: String?) -> ProbeResult? {
        let held: RecorderLock.Held?
        do { held = try RecorderLock.runningRecorder(databasePath: database) } catch {
            guard case let .recorderUnknown(action, lock, errno, _) = error else { return ProbeResult("devices", ok: false, "not checked: \(error)") }
            if errno == .accessDenied || errno == .notPermitted { return nil }
            return ProbeResult("devices", ok: false, "not checked: cannot tell whether a recorder is running: cannot \(action) "
                + "\(FilePath.shown(lock)): \(errno.reason(.read)). A running recorder uses them (a check would set the receiver up "
                + "again and take its sentences: a gap in the ride): stop it first, or make the lock readable")
        }
        guard let held else { return nil }
        let who = held.holderPID.map { " (pid \($0))" } ?? ""
        return ProbeResult("devices", ok: false, "not checked: the recorder is running\(who) and uses them "
            + "(a check would set the receiver up again and take its sentences: a gap in the ride). To check the devices, stop it first: "
            + InstalledBoard.stopAdvice(pid: held.holderPID, boardFolder: boardFolder) + ".")
    }
}

import Glibc
import RoamPorts
import RoamSystem

extension BoardSystemChecks {
    /// The udev rule `roam-board-enable` installs: it makes user roam the UART's owner, so an
    /// installed board needs no group for it.
    static let installedRule = "etc/udev/rules.d/99-roam-board.rules"

    /// `error` (the UART refused this user: EACCES) with the cause a Pi usually has. A login console
    /// on the port (agetty makes the tty root:tty 0620 while it runs, whatever the udev rule gave) is
    /// named first, with the line to change; else who owns the device node and its mode; the
    /// 'dialout' group only off an installed board. `consoleSaidApart`: the caller says the console
    /// in a line of its own (`selftest`). Any other error is returned as it is.
    public static func uartRefused(_ error: DeviceError, uart: String, root: String = "", consoleSaidApart: Bool = false) -> DeviceError {
        guard error.kind == .uart, error.failed(with: EACCES) else { return error }
        var refused = error
        if !consoleSaidApart, let console = serialConsole(uart: uart, root: root) {
            refused.hintOverride = "A console holds the port: " + console.message
            return refused
        }
        let node = nodeWords(uart).map { "\($0), and this is \(FolderOwner.current.words)" } ?? "This is \(FolderOwner.current.words)"
        guard !FileSystem.exists(path(root, installedRule)) else {
            refused.hintOverride = node + ": the board's udev rule (/\(installedRule)) makes user roam its owner, so another program "
                + "(a login console, a tool run as root) took it over since" + (consoleSaidApart ? " (see the console line)." : ".")
            return refused
        }
        refused.hintOverride = node + ". Check the device's permissions: the user needs to be in the 'dialout' group."
        return refused
    }

    static let overflowID: UInt32 = 65534

    /// "/dev/ttyAMA0 is owned by root, group tty, mode 0620" (following a link such as /dev/serial0); nil when it cannot be looked at.
    static func nodeWords(_ device: String) -> String? {
        var st = stat()
        guard stat(device, &st) == 0 else { return nil }
        let owner = FolderOwner(uid: st.st_uid, gid: st.st_gid)
        let mode = String(st.st_mode & 0o7777, radix: 8)
        // Under the unit's PrivateUsers= every id but root's and roam's reads as the overflow id
        // (65534, "nobody"/"nogroup"): not the node's real owner, so not named as one.
        let user = st.st_uid == overflowID ? "a user not visible here" : owner.name ?? "uid \(st.st_uid)"
        let group = st.st_gid == overflowID ? "not visible here" : owner.groupWord ?? "gid \(st.st_gid)"
        return "\(device) is owned by \(user), group \(group), mode " + String(repeating: "0", count: max(0, 4 - mode.count)) + mode
    }
}

import Glibc
import RoamCore
import RoamSystem

/// The board as a USB drive: a configfs gadget (libcomposite) with one mass-storage function whose
/// only LUN is read-only and removable, backed by the drive image. `setUp` is the privileged step
/// (root, once per start of the unit) and writes an attribute only when its value differs; the
/// unprivileged keeper never calls it on a gadget that exists, and writes only the two files it
/// was handed: the medium (`point`) and the binding (`bind`).
public struct MassStorageGadget: Sendable {
    public let paths: GadgetPaths

    public init(paths: GadgetPaths) { self.paths = paths }

    /// The controller to bind to: `udc` if given (it must exist), else the first in /sys/class/udc.
    public func controller(_ udc: String?) throws -> String {
        let names = (try? FileSystem.folderEntries(paths.udcClass)) ?? []  // no class folder: no controller, refused below in words
        if let udc {
            guard names.contains(udc) else {
                throw DriveError(.noGadget, "no USB device controller \(FilePath.shown(udc)) in \(FilePath.shown(paths.udcClass)) (there: \(names.isEmpty ? "none" : names.map(FilePath.shown).joined(separator: ", "))): check --udc; recording is unaffected")
            }
            return udc
        }
        guard let first = names.first else {
            throw DriveError(.noGadget, "no USB device controller in \(FilePath.shown(paths.udcClass)): this board's USB port is not in device mode "
                             + "(on a Raspberry Pi: dtoverlay=dwc2,dr_mode=peripheral in config.txt, see /etc/roam-board/usb.md); recording is unaffected")
        }
        return first
    }

    /// The kernel's gadget support: libcomposite loaded and configfs mounted.
    public func requireConfigfs() throws {
        guard FileSystem.exists(paths.configfs) else {
            throw DriveError(.noGadget, "USB gadget configfs is missing (\(FilePath.shown(paths.configfs))): load it with 'modprobe libcomposite' "
                             + "and mount configfs on /sys/kernel/config; recording is unaffected")
        }
    }

    /// The gadget's serial number, one for both the setup and the keeper: stable for a board, so a
    /// host keeps its mount point, and never rewritten once set.
    public static func serial(boardName: String) -> String {
        let digits = boardName.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        return "ROAM" + String(digits, radix: 16, uppercase: true)
    }

    /// The gadget's LUN exists: the privileged setup ran since the last boot.
    public var isSetUp: Bool { FileSystem.exists(paths.lun + "/file") }

    /// Creates the gadget with the image as its medium, unbound: `bindIfFree` binds it. `owner`
    /// (uid, gid) receives the files the keeper writes later: the LUN's medium and the controller
    /// binding. Returns whether the medium was written (it is left alone when it already names `image`).
    @discardableResult
    public func setUp(image: String, serial: String, owner: (uid: uid_t, gid: gid_t)? = nil) throws -> Bool {
        try requireConfigfs()
        for dir in [paths.gadget, paths.gadget + "/strings/0x409", paths.config + "/strings/0x409", paths.lun] { try makeFolder(dir) }
        // Linux Foundation's ids for a composite gadget, as the kernel's own examples use.
        try set("idVendor", "0x1d6b", in: paths.gadget)
        try set("idProduct", "0x0104", in: paths.gadget)
        try set("bcdDevice", "0x0100", in: paths.gadget)
        try set("bcdUSB", "0x0200", in: paths.gadget)
        try set("manufacturer", "Roam board", in: paths.gadget + "/strings/0x409")
        try set("product", "Roam board rides", in: paths.gadget + "/strings/0x409")
        try set("serialnumber", serial, in: paths.gadget + "/strings/0x409")
        try set("configuration", "Rides (read-only drive)", in: paths.config + "/strings/0x409")
        try set("MaxPower", "250", in: paths.config)
        try set("stall", "1", in: paths.function)
        try set("removable", "1", in: paths.lun)
        try set("ro", "1", in: paths.lun)
        try set("cdrom", "0", in: paths.lun)
        try set("nofua", "0", in: paths.lun)
        let link = paths.config + "/mass_storage.usb0"
        if symlink(paths.function, link) != 0 && errno != EEXIST { throw failure("cannot link the function into", link) }
        if let owner {
            for file in [paths.lun + "/file", paths.gadget + "/UDC"] {
                try touch(file)
                guard chown(file, owner.uid, owner.gid) == 0 else { throw failure("cannot hand over", file) }
            }
        }
        // Only when it differs: a restart of the unit must not re-point the medium under a host.
        return try set("file", image, in: paths.lun)
    }

    /// Takes the drive off the cable for good (the package removed, `roam-board-enable --disable`):
    /// a stopped keeper leaves the gadget bound on purpose (a restart must not pull the drive from a
    /// host), so the kernel would serve it until the next boot, keep the controller from any other
    /// gadget and hold the image open (a deleted drive.img keeps its space). Unbound, ejected and
    /// removed in the order configfs wants (the kernel's gadget_configfs.rst, "Cleaning up").
    /// Returns false when there is no gadget.
    public func remove() throws -> Bool {
        guard FileSystem.exists(paths.gadget) else { return false }
        if (boundController ?? "") != "" { try write("", to: paths.gadget + "/UDC") }
        if (medium ?? "") != "" { try point(at: "") }
        let link = paths.config + "/mass_storage.usb0"
        if unlink(link) != 0 && errno != ENOENT { throw failure("cannot remove", link) }
        // configfs removes its default groups (the LUN, a configuration's strings, a gadget's configs,
        // functions and strings) with their parents; a test root's are plain folders.
        let testRootOnly = { (folders: [String]) in paths.root.isEmpty ? [] : folders }
        let folders = [paths.config + "/strings/0x409"] + testRootOnly([paths.config + "/strings"]) + [paths.config] + testRootOnly([paths.lun])
            + [paths.function, paths.gadget + "/strings/0x409"] + testRootOnly(["configs", "functions", "strings"].map { paths.gadget + "/" + $0 })
            + [paths.gadget]
        for folder in folders {
            try removeFolder(folder)
        }
        return true
    }

    /// The LUN's medium: written even when the path is unchanged, so the kernel opens the file anew
    /// after another image was renamed in (it holds the old one open until then). "" ejects.
    public func point(at image: String) throws {
        try write(image, to: paths.lun + "/file")
    }

    public var medium: String? { read(paths.lun + "/file") }

    /// Binds the gadget to `udc` unless another gadget holds the controller (g_ether loaded at boot,
    /// another configfs gadget): then nothing is written and the holder is returned. The kernel
    /// names it in the controller's `function`; a binding it refuses as busy all the same (a
    /// kernel without that file, or a holder that came in between) is a holder it did not name.
    @discardableResult
    public func bindIfFree(_ udc: String) throws -> ControllerHeld? {
        if let holder = otherHolder(of: udc) { return ControllerHeld(udc: udc, holder: holder) }
        do { try set("UDC", udc, in: paths.gadget) } catch let e as DriveError where e.kind == .controllerHeld {
            return ControllerHeld(udc: udc, holder: otherHolder(of: udc) ?? "")
        }
        return nil
    }

    /// The gadget driver holding `udc` when it is not this gadget, as the kernel names it in
    /// /sys/class/udc/NAME/function (a module's name, "g_ether"; a configfs gadget's folder name);
    /// nil while the controller is free, held by this gadget, or the kernel has no such file.
    public func otherHolder(of udc: String) -> String? {
        guard let function = read(paths.udcClass + "/" + udc + "/function"), !function.isEmpty, function != paths.gadgetName else { return nil }
        return function
    }

    /// The controller the gadget is bound to; "" after its controller went away (driver unloaded).
    public var boundController: String? { read(paths.gadget + "/UDC") }

    /// The controller's state as sysfs says it: "configured" once a host has set the gadget up,
    /// "not attached" with no cable; nil if unreadable.
    public func state(_ udc: String) -> String? { read(paths.udcState(udc)) }

    @discardableResult
    private func set(_ name: String, _ value: String, in dir: String) throws -> Bool {
        let path = dir + "/" + name
        if read(path) == value { return false }
        try write(value, to: path)
        return true
    }

    private func read(_ path: String) -> String? {
        (try? FileSystem.readText(path))?.trimmedOfWhitespace  // configfs attribute: absent reads as not set up
    }

    private func touch(_ path: String) throws {
        let fd: CInt
        do { fd = try retryingInterrupted { open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) } } catch { throw failure("cannot open", path, error) }
        close(fd)
    }

    /// One write(2) with a newline, as `echo` does: configfs takes an attribute in one store call.
    /// Under a test root the plain file is truncated to it.
    private func write(_ value: String, to path: String) throws {
        let fd: CInt
        do { fd = try retryingInterrupted { open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) } } catch { throw failure("cannot open", path, error) }
        defer { close(fd) }
        let bytes = Array((value + "\n").utf8)
        let written = bytes.withUnsafeBytes { raw in Result { () throws(Errno) in try retryingInterrupted { Glibc.write(fd, raw.baseAddress, raw.count) } } }
        switch written {
        case .success(bytes.count): break
        // A short store: configfs took part of the value, which it never does for a value it accepts.
        case .success: throw failure("cannot write '\(FilePath.shown(value))' to", path, .ioError)
        case .failure(let e): throw failure("cannot write '\(FilePath.shown(value))' to", path, e)
        }
        // configfs and sysfs attributes are never truncated; a test root's plain file is.
        if !paths.root.isEmpty { _ = ftruncate(fd, off_t(bytes.count)) }
    }

    /// configfs removes a folder's attributes with it; a test root's are plain files, removed first.
    private func removeFolder(_ path: String) throws {
        if !paths.root.isEmpty, FileSystem.isFolder(path) {
            for name in try FileSystem.folderEntries(path) where try FileSystem.kind(path + "/" + name, followLinks: false) == .file {
                unlink(path + "/" + name)
            }
        }
        if rmdir(path) == 0 || errno == ENOENT { return }
        throw failure("cannot remove", path)
    }

    private func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        if errno == ENOENT {
            try makeFolder(FilePath.parent(path))
            if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        }
        throw failure("cannot create", path)
    }

    /// A failed gadget call, with `errno` read right after it unless given. Busy means two things:
    /// on the binding (UDC), that another gadget holds the controller (`bindIfFree` says which);
    /// on the LUN, that a host has the medium open.
    private func failure(_ what: String, _ path: String, _ e: Errno = .current) -> DriveError {
        if e == .busy && path == paths.gadget + "/UDC" {
            return DriveError(.controllerHeld, "\(what) \(path): another gadget holds the USB device controller; recording is unaffected")
        }
        let why = e == .accessDenied || e == .notPermitted ? "permission denied: run the gadget setup as root (the drive unit's ExecStartPre does)"
            : e == .busy ? "the host holds the drive: unplug it and try again" : e.reason(.write)
        return DriveError(.noGadget, "\(what) \(FilePath.shown(path)): \(why); recording is unaffected")
    }
}

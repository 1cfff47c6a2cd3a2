import RoamSystem

/// Where a kernel module is loaded at every boot: `modules-load=` on the kernel command line
/// (cmdline.txt), /etc/modules, and the modules-load.d files systemd-modules-load reads. Read, never written.
enum ModuleLoads {
    /// The package's own (packaging/deb/roam-board.modules-load): i2c-dev, for the barometer's bus.
    static let packageFile = "/usr/lib/modules-load.d/roam-board.conf"
    static let etcFolder = "/etc/modules-load.d"
    /// systemd-modules-load's folders, strongest first (modules-load.d(5)): a file hides the files of
    /// its name in the folders after it, and one linked to /dev/null (or empty) loads nothing.
    static let folders = [etcFolder, "/run/modules-load.d", "/usr/local/lib/modules-load.d", "/usr/lib/modules-load.d"]
    /// Raspberry Pi OS's USB Gadget mode (rpi-usb-gadget; Raspberry Pi Imager's "USB Gadget mode"):
    /// `rpi-usb-gadget on` writes g_ether into this file, `off` deletes it.
    static let gadgetModeFile = "/etc/modules-load.d/usb-gadget.conf"
    static let gadgetModeTool = "/usr/bin/rpi-usb-gadget"

    /// What to change so that `module` is no longer loaded at boot, in words: the entry as each file
    /// that is read holds it, or where to look when none names it.
    static func removal(_ module: String, root: String) -> String {
        var places: [String] = []
        let cmdline = BootConfig.file("cmdline.txt", root: root)
        let text = BoardSystemChecks.read(root, String(cmdline.dropFirst())) ?? ""
        for entry in text.split(whereSeparator: \.isWhitespace) where entry.hasPrefix("modules-load=") {
            if entry.dropFirst("modules-load=".count).split(separator: ",").contains(Substring(module)) {
                places.append("remove \(module) from '\(entry)' in \(cmdline)")
            }
        }
        if names(module, BoardSystemChecks.read(root, "etc/modules")) { places.append("remove the line '\(module)' from /etc/modules") }
        for file in loadedFiles(root: root) where names(module, BoardSystemChecks.read(root, String(file.dropFirst()))) {
            places.append(advice(module, file, root: root))
        }
        guard !places.isEmpty else {
            let searched = folders.map { $0 + "/" }.joined(separator: ", ")
            return "remove it from what loads it at boot (modules-load= in \(cmdline), /etc/modules, \(searched))"
        }
        return places.joined(separator: " and ") + " so that a reboot leaves it free"
    }

    /// The modules-load.d files systemd-modules-load reads, by name: of each name, the one in the
    /// strongest folder; none for a name masked there (a link to /dev/null). Debian's
    /// /etc/modules-load.d/modules.conf, a link to /etc/modules, is /etc/modules.
    static func loadedFiles(root: String) -> [String] {
        var byName: [String: String] = [:]
        for folder in folders.reversed() {  // a stronger folder's file replaces a weaker one's
            let entries = (try? FileSystem.folderEntries(BoardSystemChecks.path(root, String(folder.dropFirst())))) ?? []  // no folder: nothing loaded from it
            for name in entries where name.hasSuffix(".conf") { byName[name] = folder + "/" + name }
        }
        return byName.sorted { $0.key < $1.key }.map(\.value).filter { file in
            let target = try? FileSystem.linkTarget(BoardSystemChecks.path(root, String(file.dropFirst())))  // not a link: a file of its own
            return target != "/dev/null" && target != "../modules" && target != "/etc/modules"
        }
    }

    /// How to stop `file` loading `module`: an edit in /etc; USB Gadget mode turned off; a file
    /// of a package (or made at boot, in /run) replaced from /etc, since its upgrade would undo an edit.
    static func advice(_ module: String, _ file: String, root: String) -> String {
        let name = FilePath.lastComponent(file)
        if file == gadgetModeFile, FileSystem.exists(BoardSystemChecks.path(root, String(gadgetModeTool.dropFirst()))) {
            return "turn off Raspberry Pi OS's USB Gadget mode, which loads it from \(file): sudo rpi-usb-gadget off "
                + "(it also deletes the line dtoverlay=dwc2,dr_mode=peripheral from config.txt: add that line again, as usb.md says)"
        }
        if file.hasPrefix(etcFolder + "/") { return "remove the line '\(module)' from \(file)" }
        let others = (BoardSystemChecks.read(root, String(file.dropFirst())) ?? "").split(whereSeparator: \.isNewline)
            .compactMap { $0.prefix { $0 != "#" && $0 != ";" }.split(whereSeparator: \.isWhitespace).first }.filter { $0 != module }
        guard others.isEmpty else {
            return "put a copy of \(file) without the line '\(module)' at \(etcFolder)/\(name) (it replaces that file, "
                + "whose package would undo an edit)"
        }
        return "mask \(file), whose package would undo an edit: sudo ln -s /dev/null \(etcFolder)/\(name)"
    }

    /// Whether a modules file lists `module` on a line of its own (comments start with # or ;).
    static func names(_ module: String, _ text: String?) -> Bool {
        (text ?? "").split(whereSeparator: \.isNewline).contains { line in
            line.prefix { $0 != "#" && $0 != ";" }.split(whereSeparator: \.isWhitespace).first.map(String.init) == module
        }
    }
}

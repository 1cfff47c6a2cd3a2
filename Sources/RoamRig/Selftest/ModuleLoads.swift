import RoamSystem

/// Where a kernel module is loaded at every boot: `modules-load=` on the kernel command line
/// (cmdline.txt), /etc/modules, and the modules-load.d files systemd-modules-load reads. Read, never written.
enum ModuleLoads {
    /// The package's own (packaging/deb/roam-board.modules-load): i2c-dev, for the barometer's bus.
    static let packageFile = "/usr/lib/modules-load.d/roam-board.conf"
    static let etcFolder = "/etc/modules-load.d"

    /// What to change so that `module` is no longer loaded at boot, in words: the entry as each file
    /// holds it, or where to look when none names it.
    static func removal(_ module: String, root: String) -> String {
        var places: [String] = []
        let cmdline = BootConfig.file("cmdline.txt", root: root)
        let text = BoardSystemChecks.read(root, String(cmdline.dropFirst())) ?? ""
        for entry in text.split(whereSeparator: \.isWhitespace) where entry.hasPrefix("modules-load=") {
            if entry.dropFirst("modules-load=".count).split(separator: ",").contains(Substring(module)) {
                places.append("remove \(module) from '\(entry)' in \(cmdline)")
            }
        }
        let entries = (try? FileSystem.folderEntries(BoardSystemChecks.path(root, String(etcFolder.dropFirst())))) ?? []  // no folder: no module loaded from it
        let confs = entries.filter { $0.hasSuffix(".conf") }.sorted().map { etcFolder + "/" + $0 }
        for file in ["/etc/modules"] + confs where names(module, BoardSystemChecks.read(root, String(file.dropFirst()))) {
            places.append("remove the line '\(module)' from \(file)")
        }
        guard !places.isEmpty else {
            return "remove it from what loads it at boot (modules-load= in \(cmdline), /etc/modules, \(etcFolder)/)"
        }
        return places.joined(separator: " and ") + " so that a reboot leaves it free"
    }

    /// Whether a modules file lists `module` on a line of its own (comments start with # or ;).
    static func names(_ module: String, _ text: String?) -> Bool {
        (text ?? "").split(whereSeparator: \.isNewline).contains { line in
            line.prefix { $0 != "#" && $0 != ";" }.split(whereSeparator: \.isWhitespace).first.map(String.init) == module
        }
    }
}

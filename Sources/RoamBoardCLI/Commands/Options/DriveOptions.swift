import RoamDrive

extension DriveCommand {
    enum Options {
        static let image = Option<String>("--image", "FILE", help: "The image (default: drive.img beside the database).")
        /// The builder's own budget, so the help and the image agree.
        static let defaultMaxMiB = Int(DriveImageBuilder(imagePath: "").maxImageBytes >> 20)
        static func maxMiB(_ help: @escaping (String) -> String) -> DefaultedOption<Int> {
            DefaultedOption<Int>("--max-mib", "N", default: defaultMaxMiB, help: help)
        }
        static let imageMaxMiB = maxMiB { "Cap in MiB on the rides already handed over (default \($0)); older ones beyond it are left off." }
        static let driveMaxMiB = maxMiB { "Cap in MiB on the rides already handed over (default \($0))." }
        static let udc = Option<String>("--udc", "NAME", help: "The USB device controller (default: the first in /sys/class/udc).")
        static let setupOnly = Flag("--setup-only", help: "Create and bind the gadget, then exit (as root, before the unprivileged keeper).")
        static let remove = Flag("--remove", help: "Take the drive off the cable: unbind the gadget, eject the image and remove the gadget from configfs, then exit (as root; the package's removal and roam-board-enable --disable do).")
        static let owner = Option<String>("--owner", "USER", help: "With --setup-only: the user (a name, or UID:GID) that may re-point the medium and bind the controller.")
        /// Empty: the real root.
        static let sysRoot = DefaultedOption<String>("--sys-root", "DIR", default: "") { _ in
            "Tests: a folder standing for / (its sys/kernel/config and sys/class/udc)."
        }
        /// A safety net only: the USB state (POLLPRI) and the database's changes (inotify) wake the keeper
        /// themselves. 30 s: what notifies nothing (another gadget freeing the controller, room freed on the
        /// card) is seen within half a minute, at 0.03 wake-ups/s on an idle board.
        static let pollMs = DefaultedOption<Int>("--poll-ms", "MS", default: 30_000) {
            "How often the keeper looks even when nothing woke it (default \($0)): the USB state (POLLPRI) and the database's "
                + "changes (inotify) wake it at once; this look catches what says nothing, such as another gadget freeing the "
                + "controller or room freed on the card. Every second while the controller is gone, or when the database's "
                + "folder cannot be watched."
        }
    }

    static let imageSpec = CommandSpec(name: "drive-image", abstract: "Build the USB drive's image now: a FAT file system with Rides/*.fit, *.gpx and *.html (each ride's page), index.html, Leaflet/ (with libjs-leaflet) and README.txt.", options: [
        SharedOptions.db, SharedOptions.board, Options.image, Options.imageMaxMiB,
    ], discussion: "Rebuilt only when the rides or --max-mib changed, another build of roam-board made it (an upgrade: its files are made again), or, after rides were left off for lack of room, room was freed; in place from the previous image (FILE.spare) where it can: only what changed is written; synced, checked (fsck.vfat -n), renamed over FILE. Needs dosfstools and mtools.\nA ride the database cannot read whole (a damaged page) is left out and named; the image holds every other ride and the command exits 65, as dump does.\nA ride not handed over yet that is left off for lack of room makes it exit 75 (EX_TEMPFAIL): free room (delete files not needed on that storage, or prune rides already handed over) and run it again, or take them with dump. Rides handed over already that are left off are named with what left them off (the cap, or the room on that storage); the exit stays 0.\nA build that fails keeps the image built before: it exits 74 when the storage or a tool refused it (the line says what to check), 1 when dosfstools or mtools is missing.")

    static let driveSpec = CommandSpec(name: "drive", abstract: "Offer the rides as a read-only USB drive (configfs gadget) and keep it up to date while no host has it.", options: [
        SharedOptions.db, SharedOptions.boardFolder, Options.image, Options.driveMaxMiB, Options.udc, Options.setupOnly, Options.remove, Options.owner,
        Options.sysRoot, Options.pollMs,
    ], discussion: "A ride counts as handed over (its dumped time set, as by dump) once a host has configured the drive while the ride was on it.")
}

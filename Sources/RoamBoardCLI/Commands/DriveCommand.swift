import Glibc
import RoamCore
import RoamDrive
import RoamHandover
import RoamHardware
import RoamPorts
import RoamRig
import RoamStore
import RoamSystem

/// `roam-board drive-image` builds the USB drive's image once; `roam-board drive` offers it as a
/// read-only USB drive (configfs mass-storage gadget) and follows the cable (`DriveKeeper`).
enum DriveCommand {
    static let imageName = "drive.img"

    struct Target {
        var settings: DriveKeeper.Settings
        var time: LocalTime
        var units: UnitFormatter

        /// The files the drive holds, written from `reader` in the board's zone and units.
        func files(_ reader: RideReader) -> DriveRideFiles {
            DriveRideFiles(reader: reader, time: time, boardName: settings.boardName, units: units, describing: { ErrorText.describe($0) })
        }
    }

    /// The database, the image (default drive.img beside the database), the board's name and units.
    static func target(_ p: ParsedArguments, gadget: MassStorageGadget? = nil, udc: String? = nil,
                       requiringDatabase: Bool = true) throws -> Target {
        let (path, time) = try BoardLoader.target(p)
        if requiringDatabase { try BoardLoader.requireDatabase(path) }
        var name = "roam-board", units = UnitFormatter.metric
        if let board = try p.value(SharedOptions.board) {
            let profile = try BoardLoader.load(board).profile
            name = profile.name
            units = BoardLoader.units(profile)
        }
        // Beside the database; a bare database name ("ride.db") gives a bare image name.
        let image = try p.value(Options.image) ?? FilePath.join(path.utf8.contains(UInt8(ascii: "/")) ? FilePath.parent(path) : "", imageName)
        // A folder there was moved aside as the old image (.spare) at the first swap, and blocked every later one.
        guard !FileSystem.isFolder(image) else {
            throw UsageError(command: p.command, message: "the drive image \(FilePath.shown(image)) is a folder: give --image a file name, as \(FilePath.shown(FilePath.join(image, imageName)))")
        }
        var builder = DriveImageBuilder(imagePath: image)
        builder.maker = DriveMaker.current(zone: time.label, units: units.system)
        // One declaration for both commands' --max-mib: the same name, default and conversion.
        let mib = try p.value(Options.imageMaxMiB)
        guard mib >= 2 else { throw UsageError(command: p.command, message: "--max-mib \(mib) is too small: 2 MiB at least") }
        builder.maxImageBytes = Int64(mib) << 20
        return Target(settings: .init(databasePath: path, builder: builder, boardName: name, gadget: gadget, udc: udc,
                                      commands: try readmeCommands(p, databasePath: path)), time: time, units: units)
    }

    /// How README.txt's commands are run on the board: as the data folder's owner (the recorder's
    /// user, `roam` on an installed board), naming the board folder this drive was given, else the database.
    static func readmeCommands(_ p: ParsedArguments, databasePath: String) throws -> DriveReadme.Commands {
        // --db names the database whatever board is given beside it (`record --board Boards/bench --db FILE`).
        readmeCommands(board: try p.value(SharedOptions.db) == nil ? p.value(SharedOptions.board) : nil, databasePath: databasePath)
    }

    /// `board`: the board folder the command line named, else the database is named by --db.
    static func readmeCommands(board: String?, databasePath: String) -> DriveReadme.Commands {
        let database = BoardLoader.absolute(databasePath)
        let named = board.map { "--board " + shellWord(BoardLoader.absolute($0)) } ?? "--db " + shellWord(database)
        return DriveReadme.Commands(runAs: FolderOwner.of(FilePath.parent(database))?.runAs ?? "", database: named)
    }

    /// A path as one shell word inside README.txt's single quotes: as it is, or in double quotes.
    private static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "/._-+:@,".unicodeScalars.contains($0) }
        guard !plain else { return path }
        var quoted = "\""
        for ch in path { if "\"\\$`".contains(ch) { quoted.append("\\") }; quoted.append(ch) }
        return quoted + "\""
    }

    static func runImage(_ p: ParsedArguments) throws {
        let t = try target(p)
        // A file-size limit must fail the export in words, not kill the command.
        signal(SIGXFSZ, SIG_IGN)
        let reader = try RideReader(path: t.settings.databasePath)
        // Progress lines only: a failed build is this command's error, said once by main.
        let keeper = try DriveKeeper(t.settings, writer: t.files(reader)) { line in
            guard line.hasPrefix("drive: built") || line.hasPrefix("drive: room freed") || line.hasSuffix("building a new one") else { return }
            Console.error(line)
        }
        try keeper.buildNow(nowUTCms: WallClock.nowUTCms())
        // The build's own error: its exit status is ExitStatus.drive's, as every drive error's.
        if let failure = keeper.lastFailure { throw failure }
        let image = t.settings.builder.imagePath
        if keeper.readsWithoutLocks { throw DriveImageUnread.failure(p, database: t.settings.databasePath, image: image) }
        let listing = try DriveImageReader.read(image)
        print("\(FilePath.shown(image)): \(Plural.count(listing.rideIDs.count, "ride")) on the drive (\(Plural.count(listing.files.count, "file")))")
        // Read from the image itself, so a run that had nothing to rebuild says it as well: 65, as `dump`.
        guard listing.damaged.isEmpty else {
            let names = listing.damaged.map(String.init).joined(separator: ", ")
            let one = listing.damaged.count == 1
            throw CLIError(description: "\(FilePath.shown(t.settings.databasePath)) is damaged: ride\(one ? "" : "s") \(names) could not be read "
                           + "completely and \(one ? "is" : "are") not on \(FilePath.shown(image)); \(others(listing)) "
                           + "('roam-board check' lists what the database still holds)", status: ExitStatus.dataError)
        }
        // The prune printed as README.txt prints it: as the folder's owner, naming the board, a day in its zone.
        let today = String(t.time.iso8601(utcMs: WallClock.nowUTCms()).prefix(10))
        let advice = try readmeCommands(p, databasePath: t.settings.databasePath).pruneAdvice(day: today)
        try requireRoom(listing, reader: reader, image: image, capBytes: t.settings.builder.maxImageBytes, pruneAdvice: advice)
    }

    /// Rides left off, read from the image as damaged ones are. Those handed over already are
    /// named with the limit that left them off (the rider has them: exit 0): the cap (--max-mib) at
    /// work, or the room on the storage. One not handed over yet is a drive the rider cannot take
    /// every ride from: 75 (EX_TEMPFAIL), make room and run again: the next run builds again once
    /// enough room was freed (`DriveRoom`), whether by pruning or by deleting files.
    private static func requireRoom(_ listing: DriveImageReader.Listing, reader: RideReader, image: String, capBytes: Int64,
                                    pruneAdvice: String) throws {
        guard !listing.leftOff.isEmpty || !listing.overCap.isEmpty else { return }
        let rides = Dictionary(uniqueKeysWithValues: try reader.rides().map { ($0.id, $0) })
        // A ride pruned since the build is not missing from anywhere.
        let off = listing.leftOff.filter { rides[$0] != nil }
        let waiting = off.filter { rides[$0]?.dumpedUTCms == nil }
        let roomOff = off.filter { rides[$0]?.dumpedUTCms != nil }
        let capOff = listing.overCap.filter { rides[$0] != nil }
        let folder = FilePath.parent(image)
        if !capOff.isEmpty {
            Console.error("\(FilePath.shown(image)): \(Plural.list("ride", capOff)) handed over already, left off beyond the \(ByteSize.text(capBytes)) "
                          + "cap for those (--max-mib): 'roam-board dump --ride N' still writes them, and a larger --max-mib puts them on")
        }
        if !roomOff.isEmpty {
            Console.error("\(FilePath.shown(image)): \(Plural.list("ride", roomOff)) handed over already, left off for lack of room on \(FilePath.shown(folder)): "
                          + "'roam-board dump --ride N' still writes them; free room there (delete files not needed, or \(pruneAdvice)) "
                          + "and run drive-image again to put them on")
        }
        guard !waiting.isEmpty else { return }
        throw CLIError(description: "\(FilePath.shown(image)) is incomplete: \(Plural.list("ride", waiting)), not handed over yet, "
                       + "left off for lack of room (\(others(listing)) on it); free room on "
                       + "the storage it is on (delete files not needed there, or \(pruneAdvice)) "
                       + "and run drive-image again, or take them with 'roam-board dump --ride N'", status: ExitStatus.tempFailure)
    }

    /// "the 1 other ride is", "the 2 other rides are": the rides on the image beside those named.
    private static func others(_ listing: DriveImageReader.Listing) -> String {
        "the \(Plural.count(listing.rideIDs.count, "other ride")) \(listing.rideIDs.count == 1 ? "is" : "are")"
    }

    static func runDrive(_ p: ParsedArguments) throws {
        if p.value(Options.remove) {
            let gadget = MassStorageGadget(paths: GadgetPaths(root: try p.value(Options.sysRoot)))
            print(try gadget.remove() ? "gadget \(FilePath.shown(gadget.paths.gadget)) unbound and removed: the USB drive is off the cable"
                  : "no gadget \(FilePath.shown(gadget.paths.gadget)): the USB drive is off the cable already")
            return
        }
        // The arguments first (--board, --max-mib): a typo there is not the kernel's configfs.
        // The set-up (the unit's ExecStartPre=) leaves a refusal for good to the keeper: systemd's
        // RestartPreventExitStatus= judges the main process's status only, so there it stops the restarts.
        do {
            _ = try RefusedForGood.judgingStart(unit: "roam-board-drive", board: try p.value(SharedOptions.board)) { try target(p, requiringDatabase: false) }
        } catch let refused as RefusedForGood where p.value(Options.setupOnly) {
            Console.error("roam-board drive: nothing set up: \(refused.reason)")
            return
        }
        let (keeper, watch, files) = try RefusedForGood.judgingStart(unit: "roam-board-drive", board: try p.value(SharedOptions.board)) { try startKeeper(p) }
        guard let keeper, let watch else { return }
        try keeper.run(watch: watch, files: files, pollMs: try p.value(Options.pollMs))
    }

    /// The drive's start: the gadget, then (`--setup-only`) its set-up, or the keeper over the database.
    /// Nil keeper: the set-up is done.
    private static func startKeeper(_ p: ParsedArguments) throws -> (DriveKeeper?, UDCStateWatch?, FileChanges?) {
        let sysRoot = try p.value(Options.sysRoot)
        let gadget = MassStorageGadget(paths: GadgetPaths(root: sysRoot))
        try gadget.requireConfigfs()
        let udc = try gadget.controller(try p.value(Options.udc))
        var t = try target(p, gadget: gadget, udc: udc, requiringDatabase: false)
        // selftest's words for another gadget on the controller: they name the file that loads it at boot.
        t.settings.heldWords = { USBControllerHolder.words($0, root: sysRoot) }
        if p.value(Options.setupOnly) {
            let owner = try p.value(Options.owner).map(account)
            // Not bound yet (a boot): no host can have the medium, so the image built ahead goes in now.
            let unbound = (gadget.boundController ?? "").isEmpty
            if unbound { try t.settings.builder.slots.swapIn() }
            let image = FileSystem.exists(t.settings.builder.imagePath) ? t.settings.builder.imagePath : ""
            // The one serial number, set here once; the keeper never writes it.
            let serial = MassStorageGadget.serial(boardName: t.settings.boardName)
            if try gadget.setUp(image: image, serial: serial, owner: owner), !image.isEmpty {
                // The gadget serves the image all the same: a record not kept only costs a re-point later.
                do { try ServedImage.record(image, owner: owner) } catch { Console.error(ServedImage.unkept(error)) }
            }
            let medium = "medium \(image.isEmpty ? "none yet" : FilePath.shown(image))"
            // A host on the cable (a Zero 2 W powered by the computer) configures the drive the moment it
            // is bound and keeps it until the unplug, its power: an image that lacks rides is left to
            // the keeper, which binds once its first build is in.
            if unbound, !image.isEmpty, gadget.otherHolder(of: udc) == nil, let change = staleImage(t.settings) {
                print("gadget \(FilePath.shown(gadget.paths.gadget)) set up, \(medium), not bound yet: \(change); the drive keeper "
                      + "binds \(FilePath.shown(udc)) once its new image is in (until then a computer sees no drive)")
                return (nil, nil, nil)
            }
            // Another gadget on the controller: set up all the same, and exit 0, so the keeper starts
            // and binds it once it is free (ControllerBinding) rather than the unit failing for it.
            if let held = try gadget.bindIfFree(udc) {
                print("gadget \(FilePath.shown(gadget.paths.gadget)) set up, \(medium), not bound: USB device controller \(FilePath.shown(udc)) is "
                      + t.settings.heldWords(held.holder) + " The drive binds it once it is free.")
                return (nil, nil, nil)
            }
            print("gadget \(FilePath.shown(gadget.paths.gadget)) bound to \(FilePath.shown(udc)), \(medium)")
            return (nil, nil, nil)
        }
        if let why = ServiceStateDirectory.refusal(dataFolder: FilePath.parent(BoardLoader.absolute(t.settings.builder.imagePath)), unit: "roam-board-drive") {
            throw RefusedForGood(cause: .boardConf, reason: "cannot keep the drive: \(why)", unit: RefusedForGood.unitUnderSystemd("roam-board-drive"))
        }
        let pollMs = try p.value(Options.pollMs)
        // A file-size limit must fail a build in words (tried again when the rides change), not kill the keeper.
        signal(SIGXFSZ, SIG_IGN)
        // Watched before the first look, so a change made meanwhile is queued, not missed.
        let files = watchDatabase(t.settings.databasePath)
        try DriveKeeper.waitForDatabase(t.settings.databasePath, files: files, pollMs: pollMs, say: Console.error)
        try BoardLoader.requireDatabase(t.settings.databasePath)
        let reader = try RideReader(path: t.settings.databasePath)
        let keeper = try DriveKeeper(t.settings, writer: t.files(reader), say: Console.error)
        try keeper.start(nowUTCms: WallClock.nowUTCms())
        return (keeper, UDCStateWatch(path: gadget.paths.udcState(udc)), files)
    }

    /// The database's folder watched for its changes (inotify); nil, said once, when the kernel refuses.
    private static func watchDatabase(_ path: String) -> FileChanges? {
        do {
            return try FolderWatch(folder: FilePath.parent(BoardLoader.absolute(path)), names: DriveKeeper.watchedNames(path))
        } catch {
            Console.error(DriveKeeper.unwatchedWords(error))
            return nil
        }
    }

    /// Why the image lacks what the keeper would put on it now; nil when it holds the rides as they
    /// are, or when that cannot be told (said): the gadget is bound with it then, as before.
    private static func staleImage(_ settings: DriveKeeper.Settings) -> String? {
        do { return try DriveImageFreshness.change(settings) } catch {
            Console.error("roam-board drive: cannot tell whether \(FilePath.shown(settings.builder.imagePath)) holds every ride "
                          + "(\(ErrorText.describe(error))): bound with it as it is; the keeper builds a new one if the rides changed")
            return nil
        }
    }

    /// The account --owner names, as the gadget's set-up takes it.
    private static func account(_ name: String) throws -> (uid: uid_t, gid: gid_t) {
        guard let owner = FolderOwner.named(name) else {
            throw CLIError(description: "no user '\(name)' on this system: check --owner (a name, or UID:GID)", status: ExitStatus.usage)
        }
        return (owner.uid, owner.gid)
    }
}

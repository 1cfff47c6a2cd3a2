import Glibc
import RoamCore
import RoamStore
import RoamSystem

/// Follows the cable: builds the next image ahead whenever the rides change (`.next`, beside the
/// served one), swaps it in and re-points the gadget's medium the moment no host has the drive
/// (the state read again right before: a host that configured the drive during a build keeps the
/// image it found until the unplug), and marks the rides on the medium as handed over when a host configures the gadget. It reads the
/// database through a WAL reader and writes only the hand-over marks (`DumpLedger`), so the
/// recorder never waits for more than one UPDATE.
///
/// Of the gadget it writes only what it was handed by the privileged setup: the medium (only when
/// the served image really changed) and the binding (only when the controller lost it). The
/// gadget's identity (serial number, ids, strings) is the setup's, set once and never rewritten.
///
/// The hand-over rule: a stopped ride counts as handed over once the gadget was in the UDC state
/// "configured" (a host enumerated it and chose its configuration) while the ride was on the medium.
/// Marked at that moment, not at unplug: on a Pi Zero 2 W the cable is also the power.
public final class DriveKeeper {
    public struct Settings {
        public var databasePath: String
        public var builder: DriveImageBuilder
        public var boardName: String
        /// nil: build the image only (no gadget; `drive-image`, and hosts without a device port).
        public var gadget: MassStorageGadget?
        public var udc: String?
        /// The words after "… controller X is" while another gadget holds it, from its kernel name.
        public var heldWords: (String) -> String = ControllerHeld.plainWords
        /// How README.txt's commands are run on the board.
        public var commands: DriveReadme.Commands
        public init(databasePath: String, builder: DriveImageBuilder, boardName: String,
                    gadget: MassStorageGadget? = nil, udc: String? = nil, commands: DriveReadme.Commands = .installed) {
            self.databasePath = databasePath; self.builder = builder; self.boardName = boardName
            self.gadget = gadget; self.udc = udc; self.commands = commands
        }
    }

    public let settings: Settings
    let writer: DriveRideWriter
    let say: (String) -> Void
    private let database: KeeperDatabase
    private var follower = CableFollower()
    private var binding = ControllerBinding()
    var slots: DriveImageSlots { settings.builder.slots }
    /// The database state of the newest image (the ready one, else the served one).
    private var builtFingerprint: String?
    /// The cap (--max-mib) the newest image was built under, when its manifest says: another cap is a change.
    private var builtCap: Int64?
    /// The rides of `.next`, nil while none is ready.
    var ready: [Int64]?
    /// The file the kernel has open (its inode) and the rides on it.
    var servedInode: UInt64?
    var served: [Int64]?
    /// The rides of the file at the image path once `.next` was swapped in, until the medium points at it.
    var swapped: [Int64]?
    /// A database state whose build failed: tried again only once the rides change or room is freed.
    private var failedFingerprint: String?
    /// The newest image left rides off for lack of room (or a build failed for it): built again
    /// once this much more room is free, checked at every look (one statvfs).
    private var room: DriveRoom?
    private var lastState: String??
    /// The last build's failure, nil after a success (`drive-image` exits with it).
    public private(set) var lastFailure: DriveError?
    /// Said that the pages keep their static map (no Leaflet on the board): once, not per build.
    private var saidNoLeaflet = false
    /// Said that the served image's record could not be kept: once a streak, not per offer.
    var saidServedUnkept = false
    /// Said that the host ejected the drive: once per eject, until the medium is pointed at the image again.
    var saidEjected = false
    /// How many times the rides were read from the database (a look with nothing changed reads none).
    public var listings: Int { database.listings }
    /// The last look could read the database only without locks (a full card: `KeeperDatabase`), so
    /// nothing was built from it: `drive-image` fails with that rather than list an older image.
    public var readsWithoutLocks: Bool { database.readsWithoutLocks }

    public init(_ settings: Settings, writer: DriveRideWriter, say: @escaping (String) -> Void) throws {
        self.settings = settings; self.writer = writer; self.say = say
        database = try KeeperDatabase(path: settings.databasePath, writer: writer, maker: settings.builder.maker, say: say)
    }

    /// Reads what the images beside the database hold (a corrupt one is said and replaced), sets
    /// the gadget up only if no privileged setup did (a test, a manual run as root), and builds the
    /// next image if the rides changed. The first `step` offers it; to a gadget not bound yet (the
    /// set-up left it so: the rides changed since the image was made) it is offered here, then bound.
    public func start(nowUTCms: Int64) throws {
        slots.clearUnfinished()
        let image = slots.image
        var current: DriveImageReader.Listing?
        do { current = try DriveImageReader.read(image) } catch let e as DriveError where e.kind == .imageUnreadable {
            if DriveImageSlots.exists(image) { say("drive: \(e.description); building a new one") }
        }
        if DriveImageSlots.exists(slots.next) {
            if let manifest = DriveManifest.load(image: slots.next, folder: slots.manifests) {
                ready = Array(Set(manifest.files.map(\.rideID))).sorted()
                builtFingerprint = manifest.fingerprint
                room = manifest.room
                builtCap = manifest.capBytes
            } else {
                unlink(slots.next)
            }
        }
        if ready == nil, let current {
            builtFingerprint = current.fingerprint
            let kept = DriveManifest.kept(image: image, folder: slots.manifests).flatMap { $0.fingerprint == current.fingerprint ? $0 : nil }
            room = kept?.room
            builtCap = kept?.capBytes
        }
        if let gadget = settings.gadget, settings.udc != nil {
            if !gadget.isSetUp {
                let medium = current != nil ? image : ""
                try gadget.setUp(image: medium, serial: MassStorageGadget.serial(boardName: settings.boardName))
                if current != nil { keepServed(image) }
            }
            if gadget.medium == image {
                do {
                    if let ino = try ServedImage.read(image) {
                        servedInode = ino
                        if ino == DriveManifest.inode(image) { served = current?.rideIDs }
                    }
                } catch {
                    say("drive: \(error.description); the drive is taken as serving an unknown image and pointed at the current one again")
                }
            }
        }
        _ = try rebuildIfChanged(nowUTCms: nowUTCms)
        try bindOnceBuilt()
    }

    /// Binds a gadget nobody bound yet once the first build is in, so the first drive a host sees
    /// holds every stopped ride: a host configures it the moment it is bound and keeps it until the
    /// unplug. A build that failed leaves the image there, bound all the same. Not while the
    /// controller is gone (bound when it is back) or another gadget holds it (said, and bound once free).
    private func bindOnceBuilt() throws {
        guard let gadget = settings.gadget, let udc = settings.udc, (gadget.boundController ?? "").isEmpty, gadget.state(udc) != nil else { return }
        if gadget.otherHolder(of: udc) == nil {
            do { try offer(beforeBinding: true) } catch {
                say("drive: \(error); the drive is bound with the image it has")
            }
        }
        _ = try binding.bind(gadget, udc, first: true, words: settings.heldWords, say: say)
    }

    /// `drive-image`: builds if the rides changed and puts the image in place at once (no gadget).
    public func buildNow(nowUTCms: Int64) throws {
        try start(nowUTCms: nowUTCms)
        if try slots.swapIn() { ready = nil }
    }

    /// One look at the cable (its state now, and whether the kernel said it changed since the last
    /// look) and at the rides.
    public func step(state: String?, notified: Bool, nowUTCms: Int64) throws {
        if let gadget = settings.gadget, let udc = settings.udc,
           try !binding.holds(gadget, udc, controllerThere: state != nil, words: settings.heldWords, say: say) {
            // Not the drive's state (another gadget's, or read before the binding): no plug. Built ahead all the same.
            lastState = nil
            _ = follower.observe(state: nil, notified: false)
            _ = try rebuildIfChanged(nowUTCms: nowUTCms)
            return try offer()
        }
        if state != lastState || notified { say("drive: USB state \(state ?? "gone (no controller)")\(notified && state == lastState ? " again" : "")") }
        lastState = state
        switch follower.observe(state: state, notified: notified) {
        case .held:
            // Built ahead, beside the served image: nothing changes under the host, nor under one that ejected it.
            if let gadget = settings.gadget { _ = noteEjected(gadget, hostHasIt: true) }
            _ = try rebuildIfChanged(nowUTCms: nowUTCms)
        case .newPlug:
            // The host keeps the image it enumerated (a new one goes in at the unplug); only an
            // empty drive gets its first image now, and an ejected one its image again.
            try offer(afterDeparture: true)
            try markServed(nowUTCms: nowUTCms)
        case .free:
            _ = try rebuildIfChanged(nowUTCms: nowUTCms)
            try offer()
        }
    }

    /// Builds `.next` unless the newest image already holds the rides as they are, and holds every
    /// one the card's room allows. Throws only when the rides cannot be listed; any failure of the
    /// build itself (no room, a failing tool, an image that fails its check, an export the database
    /// or the card refused) keeps the previous image, is said once, and is tried again only once the
    /// rides change (or, after rides left off or a build failed for lack of room, room is freed).
    /// Another cap (--max-mib) than the newest image's is a change too: it decides which rides go on.
    public func rebuildIfChanged(nowUTCms: Int64) throws -> Bool {
        guard let (rides, fingerprint) = try database.rides() else { return false }
        let cap = settings.builder.maxImageBytes
        guard (fingerprint != builtFingerprint || builtCap.map { $0 != cap } == true) && fingerprint != failedFingerprint
                || roomWasFreed() else { return false }
        let facts = DriveReadme.Facts(boardName: settings.boardName, builtUTCms: nowUTCms, commands: settings.commands)
        do {
            let contents = try settings.builder.build(rides: rides, writer: writer, facts: facts, busyInode: servedInode)
            try DriveImageCheck.verify(slots.next, holding: contents)
            builtFingerprint = contents.fingerprint
            builtCap = cap
            ready = contents.rideIDs
            failedFingerprint = nil
            lastFailure = nil
            room = contents.room
            let left = (contents.leftOff.isEmpty ? "" : "; left off for lack of room on \(FilePath.shown(slots.folder)): \(Plural.list("ride", contents.leftOff))")
                + (contents.overCap.isEmpty ? "" : "; left off, handed over already and beyond the \(ByteSize.text(cap)) cap "
                   + "for those (--max-mib): \(Plural.list("ride", contents.overCap))")
                + (contents.damaged.isEmpty ? "" : "; left out, the database is damaged there ('roam-board check' says more): "
                   + Plural.list("ride", contents.damaged))
            // The rider's terms: which image and what it holds, never its working file (`.next`).
            say("drive: built the drive image for the next plug-in: \(Plural.count(contents.rides.count, "ride")), "
                + "\(ByteSize.text(contents.imageBytes)) (\(contents.change))\(left)")
            if let missing = contents.sharedMissing {
                if !saidNoLeaflet { say("drive: \(missing)") }
                saidNoLeaflet = true
            } else {
                saidNoLeaflet = false
            }
            return true
        } catch {
            // The export's words name its file in the staging folder: said as the drive's working copy.
            let cause = error as? DriveError ?? DriveError(.fileSystem, "cannot build the drive image: "
                + writer.describe(error).replacingText(FilePath.shown(slots.staging) + "/", with: DriveImageSlots.workingCopy))
            let failure = DriveError(cause.kind, "\(cause.description); \(keptImage)")
            failedFingerprint = fingerprint
            lastFailure = failure
            if failure.kind == .storageFull, let now = try? DriveRoom.measure(slots) {  // the room only adds to the failure already said
                room = DriveRoom(atBuild: now, wanted: room?.wanted ?? DriveRoom.least)
            }
            say("drive: \(failure.description); tried again when the rides change\(room == nil ? "" : " or room is freed")")
            return false
        }
    }

    /// What a failed build left: the image built before it, or, on a first build, none at all.
    private var keptImage: String {
        DriveImageSlots.exists(slots.image) || DriveImageSlots.exists(slots.next) ? "the previous image is kept"
            : "no drive image was made (there was none before): until one is, take the rides with 'roam-board dump'"
    }

    /// Room freed on the card since the newest image left rides off for lack of it: said, once per build it causes.
    private func roomWasFreed() -> Bool {
        guard let more = room?.freed(slots) else { return false }
        say("drive: room freed: \(ByteSize.text(more)) more free; building the drive again with the rides left off")
        return true
    }

    /// Marks every ride on the served medium that is not yet handed over.
    private func markServed(nowUTCms: Int64) throws {
        // A medium that reads empty (ejected, and not pointed again) holds nothing a host could take.
        guard let served, !served.isEmpty, settings.gadget?.medium != "" else { return }
        // Marks made now would go to a file being replaced, or create an empty one at the path.
        let current = try database.rides()
        if database.readsWithoutLocks {
            return say("drive: a host has the drive, but the database can be read only without locks for now (no room on the card): "
                       + "\(Plural.list("ride", served)) not marked handed over; they are when a host has the drive again once room is freed")
        }
        guard let current, database.isAtPath else {
            return say("drive: a host has the drive, but no database at \(FilePath.shown(settings.databasePath)): \(Plural.list("ride", served)) not "
                       + "marked handed over; they are when a host has the drive again once the database is back")
        }
        let dumped = Set(current.rides.filter { $0.dumpedUTCms != nil }.map(\.id))
        let fresh = served.filter { !dumped.contains($0) }
        guard !fresh.isEmpty else {
            say("drive: a host has the drive: every ride on it was handed over already")
            return
        }
        var marks: [Int64: DumpLedger.Mark] = [:]
        for id in fresh { marks[id] = try database.markDumped(id: id, nowUTCms: nowUTCms) }
        let marked = fresh.filter { marks[$0] == .marked }
        let unfinished = fresh.filter { marks[$0] == .unfinishedImport }
        let gone = fresh.filter { marks[$0] == nil }
        let parts = (marked.isEmpty ? [] : ["handed over \(Plural.list("ride", marked))"])
            + (unfinished.isEmpty ? [] : ["\(Plural.list("ride", unfinished)) not marked handed over: "
                                          + "only part of the imported file is stored (import it again to finish it)"])
            + (gone.isEmpty ? [] : ["\(Plural.list("ride", gone)) pruned since the image was built"])
        say("drive: a host has the drive: " + parts.joined(separator: "; "))
    }
}

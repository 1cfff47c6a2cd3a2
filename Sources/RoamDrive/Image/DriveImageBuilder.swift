import Glibc
import RoamCore
import RoamStore
import RoamSystem

/// Builds the drive's next FAT image with Debian's tools, writing only what changed: the base is
/// an image not served (`.next` or `.spare`) whose manifest it agrees with; it is renamed to
/// `.new`, the rides no longer wanted are deleted from it (`mdel`), the new or changed ones are
/// exported and copied in (`mcopy`), README.txt is replaced, the file is fsync'd and renamed to
/// `.next`. The pages' shared Leaflet/ is copied in only when the base lacks it or its bytes changed. Without a usable base (first build, a corrupt or too small one) a new sparse image is
/// made (`mkfs.vfat -C`) and filled. A power cut or SIGKILL at any point leaves the served image
/// whole; the half-made `.new` is dropped at the next start.
public struct DriveImageBuilder {
    public var imagePath: String
    /// FAT volume label (11 characters at most).
    public var label = "ROAMBOARD"
    /// Left free for the recorder whatever the image wants (`RecordingReserve`: the recorder's own
    /// low-storage floor), so building the drive never makes it stop a ride.
    public var reserveBytes = RecordingReserve.bytes
    /// The cap on the rides already handed over: the newest that fit under it go on the drive
    /// beside every ride not yet handed over.
    public var maxImageBytes: Int64 = 2 << 30
    /// The build of roam-board making the files (`DriveMaker`).
    public var maker = DriveMaker.current

    public init(imagePath: String) { self.imagePath = imagePath }

    public var slots: DriveImageSlots { DriveImageSlots(image: imagePath) }

    /// Builds `.next` from `rides` (all of them; only stopped ones go on it). `busyInode`: the image
    /// the kernel has open, never edited (it is the served one, or was until the LUN is re-pointed).
    public func build(rides: [RideRow], writer: DriveRideWriter, facts: DriveReadme.Facts, busyInode: UInt64? = nil) throws -> DriveContents {
        let slots = slots
        slots.clearUnfinished()
        defer { try? FileSystem.removeTree(slots.staging) }  // ignored: scratch; the next build clears it first
        let base = [slots.next, slots.spare].lazy
            .filter { DriveImageSlots.exists($0) && DriveManifest.inode($0) != busyInode }
            .compactMap { path in DriveManifest.load(image: path, folder: slots.manifests).map { (path: path, manifest: $0) } }
            .first
        var known: [String: [DriveManifest.File]] = [:]
        for m in [base?.manifest, DriveManifest.kept(image: imagePath, folder: slots.manifests)].compactMap({ $0 }) {
            for file in m.files + m.measured { known[Self.key(file.rideID, file.stamp), default: []].append(file) }
        }
        let pruneAdvice = facts.commands.pruneAdvice(day: DriveReadme.day(shown: writer.shownTime(utcMs: facts.builtUTCms)))
        var export = DriveExport(writer: writer, slots: slots, reserveBytes: reserveBytes)
        export.pruneAdvice = pruneAdvice
        do { try export.prepare() } catch {
            throw DriveError(error.errno == .noSpace ? .storageFull : .fileSystem,
                             "cannot build the drive image \(FilePath.shown(imagePath)): cannot create its working folder in \(FilePath.shown(slots.folder)): \(error.creationReason)")
        }
        let shared = writer.sharedFiles()
        export.linking = shared.linked

        // Room: what is free beyond the recorder's floor, halved for the staged copies, plus the base's own payload.
        let free = try slots.freeBytes()
        let basePayload = base?.manifest.files.reduce(Int64(0)) { $0 + DriveSelection.onDisk($1.bytes) } ?? 0
        let room = (free - reserveBytes) / 2 + basePayload - Self.overhead(0)
        guard room > 0 else {
            throw DriveError(.storageFull, "storage too full for a new drive image: \(ByteSize.text(free)) free on \(FilePath.shown(slots.folder)), "
                             + "\(ByteSize.text(reserveBytes)) stay for recording. "
                             + "Free room there (delete files not needed, or \(pruneAdvice)): the drive is built again once room is freed")
        }
        let order = DriveSelection.claimOrder(rides)
        let staged = try Self.stage(order, maker: maker, known: known, export: &export)
        let files = staged.files
        let sizes = files.map { $0?.reduce(Int64(0)) { $0 + DriveSelection.onDisk($1.bytes) } ?? 0 }
        // Only the rides measured compete for room; the others (no room to export, damaged) stay off.
        let measured = order.indices.filter { files[$0] != nil }
        let cap = maxImageBytes - Self.overhead(maxImageBytes)
        let keptIndices = DriveSelection.fitting(sizes: measured.map { sizes[$0] }, handedOver: measured.map { order[$0].dumpedUTCms != nil },
                                                 room: room, cap: cap).map { measured[$0] }
        let keptSet = Set(keptIndices)
        let damagedSet = Set(staged.damaged)
        let left = order.indices.filter { !keptSet.contains($0) && !damagedSet.contains(order[$0].id) }
        let overCap = Set(left.filter { DriveSelection.leftOffByCap(measured: files[$0] != nil, handedOver: order[$0].dumpedUTCms != nil,
                                                                    size: sizes[$0], room: room, cap: cap) })
        // The rides the card's room left off (not the cap): the smallest says how much room freed lets one more on.
        let smallestForRoom = left.filter { !overCap.contains($0) }
            .map { files[$0] == nil ? DriveExport.estimate(order[$0]) : sizes[$0] }.min()
        let newestFirst = DriveSelection.candidates(rides).map(\.id)
        let position = Dictionary(uniqueKeysWithValues: newestFirst.enumerated().map { ($1, $0) })
        let keptRides = keptIndices.sorted { position[order[$0].id]! < position[order[$1].id]! }
        let imported = try writer.importedRides()
        var contents = DriveContents(
            rides: try keptRides.map { i in
                .init(id: order[i].id, startedUTCms: try writer.startUTCms(order[i]), distanceM: order[i].totals.distanceM,
                      files: (files[i] ?? []).map(\.name), bytes: sizes[i], imported: imported[order[i].id],
                      notes: (files[i] ?? []).compactMap(\.note))
            },
            leftOff: left.filter { !overCap.contains($0) }.sorted { position[order[$0].id]! < position[order[$1].id]! }.map { order[$0].id },
            fingerprint: DriveSelection.fingerprint(rides, maker: maker))
        contents.overCap = overCap.sorted { position[order[$0].id]! < position[order[$1].id]! }.map { order[$0].id }
        contents.damaged = staged.damaged.sorted { position[$0]! < position[$1]! }
        contents.pagesLinkLeaflet = shared.linked
        let payload = keptIndices.reduce(Int64(0)) { $0 + sizes[$1] }
        var readmeFacts = DriveReadme.Facts(boardName: facts.boardName, builtUTCms: facts.builtUTCms,
                                            freeBytes: free - payload, capBytes: maxImageBytes, commands: facts.commands)
        readmeFacts.reusableBytes = try writer.reusableBytes()
        let readme = DriveReadme.text(contents, readmeFacts,
                                     time: writer.shownTime, zone: writer.zone?.name, units: writer.units)
        var manifest = DriveManifest(fingerprint: contents.fingerprint, files: keptRides.flatMap { files[$0] ?? [] },
                                     measured: measured.filter { !keptSet.contains($0) }.flatMap { files[$0] ?? [] }, imageBytes: 0)
        manifest.capBytes = maxImageBytes
        let wanted = Dictionary(uniqueKeysWithValues: keptRides.map { (order[$0].id, order[$0]) })
        let index = try writer.index(keptRides.map { order[$0] },
                                     files: Dictionary(uniqueKeysWithValues: keptRides.map { (order[$0].id, (files[$0] ?? []).map(\.name)) }))
        let top = [DriveImageEditor.TopFile(name: "README.txt", text: readme)] + (index.map { [.init(name: "index.html", text: $0)] } ?? [])
        let topBytes = top.reduce(Int64(0)) { $0 + DriveSelection.onDisk(Int64($1.text.utf8.count)) }
        let editor = DriveImageEditor(slots: slots, label: label, zoneFile: writer.zone?.file)
        do {
            var change: DriveImageEditor.Change
            let onBase = base?.manifest.shared ?? []
            let edited = Self.sharedEdit(shared, onBase: onBase)
            // A base mtools cannot read is no base, as one whose listing disagrees: a new image is made, and said.
            var unreadableBase: DriveError?
            var edit: DriveImageEditor.Edit?
            if let base {
                do {
                    edit = try editor.planEdit(base: base.path, manifest: base.manifest, want: manifest.files, topBytes: topBytes + edited.copy.onDisk)
                } catch let e as DriveError where e.kind == .imageUnreadable { unreadableBase = e }
            }
            if let base, let edit {
                try editor.startEdit(from: base.path)
                change = try editor.apply(edit, export: &export, rides: wanted, top: top, shared: edited.copy)
                manifest.shared = edited.kept
            } else {
                let copy = DriveImageEditor.SharedCopy(files: shared.files, makeFolder: true)
                let size = Self.imageSize(payload: payload + topBytes + copy.onDisk, cap: maxImageBytes)
                change = try editor.fresh(sizeBytes: size, volumeID: String(contents.fingerprint.suffix(8)), want: manifest.files,
                                          export: &export, rides: wanted, top: top, shared: copy)
                if let unreadableBase { change.summary += "; \(unreadableBase.description), so none was edited" }
                manifest.shared = shared.files.map(\.described)
            }
            contents.shared = (manifest.shared ?? []).map(\.name).sorted()
            contents.sharedMissing = shared.missing
            contents.imageBytes = change.imageBytes
            contents.change = change.summary
            manifest.imageBytes = change.imageBytes
            if let smallestForRoom {
                // Its files are in the image now: the room is measured without them.
                try? FileSystem.removeTree(slots.staging)  // ignored: scratch; what stays only counts against the room
                manifest.room = DriveRoom(atBuild: try DriveRoom.measure(slots), wanted: DriveRoom.wanted(smallestRide: smallestForRoom))
            }
            contents.room = manifest.room
            try editor.finish(manifest: manifest)
        } catch {
            // A half-made image is worth nothing; the served one was never touched.
            DriveManifest.forget(image: slots.new, folder: slots.manifests)
            unlink(slots.new)
            throw error
        }
        return contents
    }

    /// Each ride's files in claim order: from an earlier image's manifest, else exported now. Once
    /// the card has no room above the reserve for the next ride, no further ride is exported (nil:
    /// left off, named); a ride whose rows cannot be read is left out and named, the others go on.
    static func stage(_ order: [RideRow], maker: String, known: [String: [DriveManifest.File]], export: inout DriveExport)
        throws -> (files: [[DriveManifest.File]?], damaged: [Int64]) {
        var files: [[DriveManifest.File]?] = []
        var damaged: [Int64] = []
        var outOfRoom = false
        for ride in order {
            let stamp = DriveSelection.stamp(ride, maker: maker)
            if let cached = known[key(ride.id, stamp)] { files.append(unique(cached)); continue }
            guard !outOfRoom else { files.append(nil); continue }
            do {
                files.append(try export.files(ride, stamp: stamp))
            } catch let e as DriveError where e.kind == .storageFull {
                outOfRoom = true
                files.append(nil)
            } catch let e as DamagedRide {
                damaged.append(e.rideID)
                files.append(nil)
            }
        }
        return (files, damaged)
    }

    /// FAT tables, boot sectors, directories and slack: 1 MiB plus 3 %, in whole KiB.
    static func overhead(_ payload: Int64) -> Int64 { ((1 << 20) + payload * 3 / 100 + 1023) / 1024 * 1024 }

    /// A new image leaves room to grow (it is sparse: the room costs no writes), so that the next
    /// rides fit in place: half again the payload, at least 64 MiB, but no more than the cap allows.
    static func imageSize(payload: Int64, cap: Int64) -> Int64 {
        let grown = max(payload + max(payload / 2, 64 << 20), payload)
        let bounded = max(payload, min(grown, cap))
        return (bounded + overhead(bounded) + 1023) / 1024 * 1024
    }

    static func key(_ id: Int64, _ stamp: String) -> String { "\(id)|\(stamp)" }

    /// On an edited base: the shared files it lacks or holds with other bytes are copied, the rest
    /// stay untouched. Without Leaflet on the board (none wanted) the base keeps what it has: the
    /// pages already on it still link them; this build's new pages keep their static map.
    static func sharedEdit(_ shared: DriveSharedFiles, onBase: [DriveManifest.Shared])
        -> (copy: DriveImageEditor.SharedCopy, kept: [DriveManifest.Shared]) {
        let wanted = shared.files.map(\.described)
        let copy = shared.files.filter { !onBase.contains($0.described) }
        let names = Set(wanted.map(\.name))
        return (DriveImageEditor.SharedCopy(files: copy, makeFolder: onBase.isEmpty),
                onBase.filter { !names.contains($0.name) } + wanted)
    }

    private static func unique(_ files: [DriveManifest.File]) -> [DriveManifest.File] {
        var seen = Set<String>()
        return files.filter { seen.insert($0.name).inserted }
    }

}

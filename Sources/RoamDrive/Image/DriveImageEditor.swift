import Glibc
import RoamCore
import RoamStore
import RoamSystem

/// The mtools and dosfstools steps on `.new`: a new sparse file system, or an edit in place of a
/// base image, then fsync, the manifest, and the rename to `.next`. What a rider reads names the
/// roles (`DriveImageSlots.beingBuilt`), never those files.
struct DriveImageEditor {
    let slots: DriveImageSlots
    let label: String
    /// The zone the FAT's dates are written in (`DriveRideWriter.zone`), nil for UTC.
    let zoneFile: String?

    struct Edit {
        var remove: [String]
        var add: [DriveManifest.File]
    }

    /// A file at the top of the drive, rewritten with every build (README.txt, index.html).
    struct TopFile {
        var name: String
        var text: String
    }

    /// Shared files (Leaflet/) to copy in: those the image lacks or holds with other bytes.
    struct SharedCopy {
        var files: [DriveSharedFiles.File]
        /// The image has no shared folder yet.
        var makeFolder: Bool

        var onDisk: Int64 { files.reduce(Int64(0)) { $0 + DriveSelection.onDisk(Int64($1.bytes.count)) } }
        var summary: String { files.isEmpty ? "" : ", \(DriveSharedFiles.folder)/ copied in (\(Plural.count(files.count, "file")))" }
    }

    struct Change {
        var imageBytes: Int64
        var summary: String
    }

    /// What turns the base into the wanted image, or nil when it has too little room left.
    func planEdit(base: String, manifest: DriveManifest, want: [DriveManifest.File], topBytes: Int64) throws -> Edit? {
        let have = Set(manifest.files.map { DriveImageBuilder.key($0.rideID, $0.stamp) + "|" + $0.name })
        let wanted = Set(want.map { DriveImageBuilder.key($0.rideID, $0.stamp) + "|" + $0.name })
        let remove = manifest.files.filter { !wanted.contains(DriveImageBuilder.key($0.rideID, $0.stamp) + "|" + $0.name) }
        let add = want.filter { !have.contains(DriveImageBuilder.key($0.rideID, $0.stamp) + "|" + $0.name) }
        let freed = remove.reduce(Int64(0)) { $0 + DriveSelection.onDisk($1.bytes) }
        let needed = add.reduce(Int64(0)) { $0 + DriveSelection.onDisk($1.bytes) } + topBytes + (256 << 10)
        guard try bytesFree(base) + freed >= needed else { return nil }
        return Edit(remove: remove.map(\.name), add: add)
    }

    /// The base leaves its role: from here on it is the half-made `.new` until `finish`.
    func startEdit(from base: String) throws {
        DriveManifest.forget(image: base, folder: slots.manifests)
        guard rename(base, slots.new) == 0 else { throw slots.failure("cannot start \(DriveImageSlots.beingBuilt) from", DriveImageSlots.previous) }
    }

    func apply(_ edit: Edit, export: inout DriveExport, rides: [Int64: RideRow], top: [TopFile], shared: SharedCopy) throws -> Change {
        if !edit.remove.isEmpty {
            try tool("mdel", ["-i", slots.new] + edit.remove.map { "::/Rides/" + $0 }, what: "delete old rides from \(DriveImageSlots.beingBuilt)")
        }
        try copyIn(edit.add, export: &export, rides: rides)
        try copyShared(shared)
        try writeTop(top)
        return Change(imageBytes: try size(slots.new),
                      summary: "in place: \(Plural.count(edit.add.count, "file")) copied in, \(edit.remove.count) deleted" + shared.summary)
    }

    func fresh(sizeBytes: Int64, volumeID: String, want: [DriveManifest.File], export: inout DriveExport,
               rides: [Int64: RideRow], top: [TopFile], shared: SharedCopy) throws -> Change {
        try tool("mkfs.vfat", ["-C", "-s", "8", "-n", label, "-i", volumeID, slots.new, "\(sizeBytes / 1024)"],
                           what: "make the FAT file system of \(DriveImageSlots.beingBuilt)")
        do { try FolderOwner.give(slots.new) } catch { throw DriveImageSlots.failure(error) }
        try tool("mmd", ["-i", slots.new, "::/Rides"], what: "make the Rides folder in \(DriveImageSlots.beingBuilt)")
        try copyIn(want, export: &export, rides: rides)
        try copyShared(shared)
        try writeTop(top)
        return Change(imageBytes: sizeBytes, summary: "new image: \(Plural.count(want.count, "file")) copied in" + shared.summary)
    }

    /// Synced, described, then renamed into its role: a manifest never names a file not yet synced.
    /// DurableFile's sequence (fsync, rename, fsync the folder) with the manifest written between.
    func finish(manifest: DriveManifest) throws {
        do { try DurableFile.sync(slots.new) } catch { throw slots.failure("cannot save", DriveImageSlots.beingBuilt, error.errno) }
        try manifest.save(image: slots.new, slots: slots)
        let ino = DriveManifest.inode(slots.new)
        do { try DurableFile.rename(slots.new, to: slots.next) } catch {
            // A failed rename drops `.new`: its manifest goes with it (unless `.next` is that file after all).
            if let ino, DriveManifest.inode(slots.next) != ino { unlink("\(slots.manifests)/\(ino).json") }
            throw slots.failure("cannot save", DriveImageSlots.beingBuilt, error.errno)
        }
    }

    private func copyIn(_ files: [DriveManifest.File], export: inout DriveExport, rides: [Int64: RideRow]) throws {
        var paths: [String] = []
        var seen = Set<Int64>()
        for file in files where seen.insert(file.rideID).inserted {
            guard let ride = rides[file.rideID] else { continue }
            let bytes = files.filter { $0.rideID == ride.id }.reduce(Int64(0)) { $0 + $1.bytes }
            paths += try export.paths(ride, bytes: bytes)
        }
        guard !paths.isEmpty else { return }
        // -m keeps each file's time (the ride's end); -D o never asks about a name clash.
        try tool("mcopy", ["-i", slots.new, "-m", "-D", "o"] + paths + ["::/Rides/"], what: "copy the rides into \(DriveImageSlots.beingBuilt)")
    }

    /// The shared files staged and copied into their folder in one mcopy (-D o: a changed one replaces the old).
    private func copyShared(_ shared: SharedCopy) throws {
        guard !shared.files.isEmpty else { return }
        let folder = DriveSharedFiles.folder
        if shared.makeFolder {
            try tool("mmd", ["-i", slots.new, "::/" + folder], what: "make the \(folder) folder in \(DriveImageSlots.beingBuilt)")
        }
        let staged = slots.staging + "/" + folder
        do { try FileSystem.makeFolders(staged) } catch { throw slots.failure("cannot stage \(folder)/ for", DriveImageSlots.beingBuilt, error.errno) }
        var paths: [String] = []
        for file in shared.files {
            let path = staged + "/" + file.name
            do { try FileSystem.write(file.bytes, to: path) } catch { throw slots.failure("cannot stage \(file.name) for", DriveImageSlots.beingBuilt, error.errno) }
            paths.append(path)
        }
        try tool("mcopy", ["-i", slots.new, "-D", "o"] + paths + ["::/" + folder + "/"],
                           what: "copy \(shared.files.map(\.name).joined(separator: " and ")) into \(DriveImageSlots.beingBuilt)")
    }

    /// README.txt (and index.html) replaced in one mcopy: README.txt carries the fingerprint.
    private func writeTop(_ files: [TopFile]) throws {
        var paths: [String] = []
        for file in files {
            let path = slots.staging + "/" + file.name
            do { try FileSystem.write(Array(file.text.utf8), to: path) } catch { throw slots.failure("cannot stage \(file.name) for", DriveImageSlots.beingBuilt, error.errno) }
            paths.append(path)
        }
        try tool("mcopy", ["-i", slots.new, "-D", "o"] + paths + ["::/"],
                           what: "copy \(files.map(\.name).joined(separator: " and ")) into \(DriveImageSlots.beingBuilt)")
    }

    /// A tool that writes into the image, its dates in the drive's zone. A failure says the image in
    /// the rider's terms, even where the tool's own message names its file, and what to check.
    @discardableResult
    private func tool(_ name: String, _ arguments: [String], what: String) throws -> String {
        do { return try DriveTools.run(name, arguments, what: what, zoneFile: zoneFile) } catch let e as DriveError where e.kind == .toolFailed {
            throw DriveError(.toolFailed, DriveImageSlots.said(e, slots.new, as: DriveImageSlots.beingBuilt).description + "; " + slots.check)
        }
    }

    /// The base's free room as mtools counts it ("N bytes free" under a listing of the root). mdir
    /// failing on the base, or listing it without that count (it stops counting at a damaged FAT
    /// entry), is the image's fault, not the tool's: `imageUnreadable`, and the build makes a new one.
    private func bytesFree(_ image: String) throws -> Int64 {
        let run = try DriveTools.outcome("mdir", ["-i", image, "::/"], what: "measure the room left on \(DriveImageSlots.previous)")
        let listing = run.status == 0 ? String(decoding: run.stdout, as: UTF8.self) : ""
        guard let line = listing.split(separator: "\n").last(where: { $0.containsText("bytes free") }),
              let value = Int64(line.filter(\.isNumber)) else {
            let detail = FilePath.shown(DriveTools.firstLine(run.stderr)).replacingText(FilePath.shown(image), with: DriveImageSlots.previous)
            throw DriveError(.imageUnreadable, "\(DriveImageSlots.previous) cannot be read (mdir"
                             + (detail.isEmpty ? " counts no free room on it" : " said: \"\(detail)\"") + ")")
        }
        return value
    }

    private func size(_ path: String) throws -> Int64 {
        do { return try FileSystem.size(path) } catch { throw slots.failure("cannot read the size of", DriveImageSlots.beingBuilt, error.errno) }
    }
}

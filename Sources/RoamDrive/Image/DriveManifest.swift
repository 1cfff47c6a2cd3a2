import Glibc
import RoamStore
import RoamSystem

/// What one image file holds, file by file with the content stamp of its ride, kept beside the
/// images in `<image>.manifests/<inode>.json`. By inode, because the images are renamed between
/// their roles (next, served, spare) and the inode follows the file. A manifest is trusted only
/// when the image agrees with it (the same file names and README fingerprint, read back with
/// mtools): an image a host wrote to, or one half updated when the power went, is never reused.
struct DriveManifest: Codable, Equatable {
    struct File: Codable, Equatable {
        var name: String
        var rideID: Int64
        var stamp: String
        var bytes: Int64
        /// What the file leaves out (`DriveWrittenFile.note`): README.txt says it again when the file is reused.
        var note: String? = nil
    }

    /// A file of the shared folder (Leaflet/), stamped by its bytes.
    struct Shared: Codable, Equatable {
        var name: String
        var stamp: String
        var bytes: Int64
    }

    var fingerprint: String
    /// The ride files on the image.
    var files: [File]
    /// Sizes of rides measured but left off for lack of room, so they are not exported again only
    /// to be measured.
    var measured: [File] = []
    var imageBytes: Int64
    /// The shared folder's files; nil in a manifest an older build wrote (its image has none).
    var shared: [Shared]? = nil
    /// The room of a build that left rides off for lack of it; nil when none was (or an older build).
    var room: DriveRoom? = nil
    /// The cap on rides handed over (--max-mib) it was built under; nil in an older build's manifest.
    var capBytes: Int64? = nil

    static func folder(_ imagePath: String) -> String { imagePath + ".manifests" }

    static func inode(_ path: String) -> UInt64? {
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_ino) : nil
    }

    /// The manifest of the image at `path`, if there is one and the image agrees with it.
    static func load(image path: String, folder: String) -> DriveManifest? {
        guard let ino = inode(path),
              let manifest = read("\(folder)/\(ino).json"),
              let listing = try? DriveImageReader.read(path),  // unreadable: the manifest is not trusted and the image is rebuilt
              listing.fingerprint == manifest.fingerprint,
              listing.files == manifest.files.map(\.name).sorted(),
              listing.shared == (manifest.shared ?? []).map(\.name).sorted()
        else { return nil }
        return manifest
    }

    /// The manifest kept for the image at `path`, without reading the image back: for what it
    /// says beside the files (their sizes, the room), never to reuse the image as a base.
    static func kept(image path: String, folder: String) -> DriveManifest? {
        guard let ino = inode(path) else { return nil }
        return read("\(folder)/\(ino).json")
    }

    /// Written after the image is synced; a power cut before leaves an image without one, which is
    /// never reused as a base (it is rebuilt whole instead). A failure says what the file is to a
    /// rider, never its path in `.manifests`, and what to check.
    func save(image path: String, slots: DriveImageSlots) throws {
        let what = "cannot save the list of what \(DriveImageSlots.beingBuilt) holds"
        guard let ino = Self.inode(path) else { throw slots.refused(what, .current) }
        // Its own failure, not the ENOENT of the write into a folder it could not make.
        do { try FileSystem.makeFolders(slots.manifests) } catch { throw slots.refused(what, error.errno) }
        let text: String
        do { text = try JSONTextEncoder().encode(self) } catch {
            throw DriveError(.fileSystem, "\(what): \(error)")
        }
        do { try DurableFile.replace("\(slots.manifests)/\(ino).json", with: Array(text.utf8)) } catch {
            throw slots.refused(what, error.errno)
        }
    }

    /// The manifest in `path`; nil when there is none or it is not one (a half-written file from
    /// an older build): the image is then rebuilt, never trusted.
    static func read(_ path: String) -> DriveManifest? {
        guard let bytes = try? FileSystem.readBytes(path) else { return nil }
        return try? JSONTextDecoder().decode(DriveManifest.self, from: bytes)
    }

    static func forget(image path: String, folder: String) {
        if let ino = inode(path) { unlink("\(folder)/\(ino).json") }
    }

    /// Removes the manifests of files that are none of `images` any more.
    static func prune(keeping images: [String], folder: String) {
        let live = Set(images.compactMap(inode).map { "\($0).json" })
        for name in (try? FileSystem.folderEntries(folder)) ?? [] where !live.contains(name) {  // unlistable: nothing pruned, tried again at the next build
            unlink("\(folder)/\(name)")
        }
    }
}

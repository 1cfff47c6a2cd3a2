import RoamCore

/// The files every ride page on the drive shares, in one folder at the top of the drive: Leaflet's
/// script and style from Debian's libjs-leaflet, so each page zooms and pans its map without
/// carrying its own copy (~141 KB a page). Read afresh for each build; copied onto an image only
/// when the image lacks them or their bytes changed (an upgrade of the package), never per rebuild.
public struct DriveSharedFiles: Sendable, Equatable {
    public struct File: Sendable, Equatable {
        public var name: String
        public var bytes: [UInt8]
        public init(name: String, bytes: [UInt8]) { self.name = name; self.bytes = bytes }

        /// The bytes' FNV-1a: a changed file is copied in again, an unchanged one never.
        var stamp: String { FNV1a.hex(FNV1a.hash(bytes)) }
        var described: DriveManifest.Shared { .init(name: name, stamp: stamp, bytes: Int64(bytes.count)) }
    }

    /// The drive's folder, a name a rider understands; ride pages in Rides/ link `../Leaflet/…`.
    public static let folder = "Leaflet"
    /// Relative to a page in Rides/.
    public static let fromRidePage = "../" + folder

    public var files: [File]
    /// Why there are none (said once in the keeper's log); the pages then keep their static map.
    public var missing: String?

    public init(files: [File]) { self.files = files; missing = nil }
    public init(missing: String) { files = []; self.missing = missing }

    public static let none = DriveSharedFiles(files: [])

    /// Whether the pages of this build link the shared folder.
    public var linked: Bool { !files.isEmpty }
}

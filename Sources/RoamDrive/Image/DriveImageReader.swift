import RoamSystem

/// Reads an image back with mtools, without mounting it: which ride files it holds and the
/// fingerprint its README.txt names. A missing or corrupt image is an `imageUnreadable` error.
public enum DriveImageReader {
    public struct Listing: Sendable, Equatable {
        /// File names in ::/Rides, sorted.
        public var files: [String]
        /// The rides those files belong to (`…-ride-N.fit`), ascending.
        public var rideIDs: [Int64]
        public var fingerprint: String?
        /// File names in the shared folder (::/Leaflet), sorted; none when it is missing.
        public var shared: [String] = []
        /// The rides its README.txt names as left out, the database being damaged there.
        public var damaged: [Int64] = []
        /// The rides its README.txt names as left off for lack of room, newest first.
        public var leftOff: [Int64] = []
        /// The rides handed over already that its README.txt names as left off by the cap, newest first.
        public var overCap: [Int64] = []
    }

    public static func read(_ imagePath: String) throws -> Listing {
        guard FileSystem.exists(imagePath) else {
            throw DriveError(.imageUnreadable, "no drive image at \(FilePath.shown(imagePath))")
        }
        let bare: String, readme: String, shared: String
        do {
            bare = try DriveTools.run("mdir", ["-i", imagePath, "-b", "::/Rides"], what: "list the rides on \(FilePath.shown(imagePath))")
            readme = try DriveTools.run("mtype", ["-i", imagePath, "::/README.txt"], what: "read README.txt on \(FilePath.shown(imagePath))")
            // A drive without the shared folder (no Leaflet on the board, an older build) is whole;
            // one with it that cannot be listed is not (the root's listing says which it is).
            let top = try DriveTools.run("mdir", ["-i", imagePath, "-b", "::/"], what: "list the top folder of \(FilePath.shown(imagePath))")
            let sharedFolder = "::/" + DriveSharedFiles.folder.lowercased() + "/"
            if top.split(separator: "\n").contains(where: { $0.lowercased() == sharedFolder }) {
                shared = try DriveTools.run("mdir", ["-i", imagePath, "-b", "::/" + DriveSharedFiles.folder], what: "list the shared files on \(FilePath.shown(imagePath))")
            } else {
                shared = ""
            }
        } catch let e as DriveError where e.kind == .toolFailed {
            throw DriveError(.imageUnreadable, "the drive image \(FilePath.shown(imagePath)) is corrupt or not one roam-board built (\(e.description))")
        }
        let files = names(bare)
        return Listing(files: files, rideIDs: Array(Set(files.compactMap(rideID))).sorted(),
                       fingerprint: DriveReadme.fingerprint(in: readme), shared: names(shared),
                       damaged: DriveReadme.damaged(in: readme), leftOff: DriveReadme.leftOff(in: readme),
                       overCap: DriveReadme.overCap(in: readme))
    }

    private static func names(_ bare: String) -> [String] {
        bare.split(separator: "\n").map { String($0.split(separator: "/").last ?? "") }
            .filter { !$0.isEmpty && $0 != "." && $0 != ".." }.sorted()
    }

    /// `20260614T093000+0200-ride-3.fit` → 3.
    static func rideID(_ name: String) -> Int64? {
        let bytes = Array(name.utf8), marker = Array("-ride-".utf8)
        let rest: ArraySlice<UInt8>
        if bytes.count >= marker.count,
           let at = (0...(bytes.count - marker.count)).last(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }) {
            rest = bytes[(at + marker.count)...]
        } else if name.hasPrefix("ride-") {
            rest = bytes[5...]
        } else {
            return nil
        }
        guard let dot = rest.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        return Int64(String(decoding: rest[..<dot], as: UTF8.self))
    }
}

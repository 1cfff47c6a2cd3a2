/// Where an imported ride came from (`imports`, schema 3): the file, its format, the device that
/// wrote it, and the key that tells the same file imported twice.
public struct ImportProvenance: Sendable, Equatable {
    /// The file's content key (`ContentKey` in RoamImport): its length and a hash of its bytes.
    public var contentKey: String
    /// The file's name as given, without its folder.
    public var fileName: String
    /// gpx, fit or tcx.
    public var format: String
    /// The device's own name (FIT creator, GPX creator attribute), when the file says.
    public var device: String?
    public var importedUTCms: Int64

    public init(contentKey: String, fileName: String, format: String, device: String?, importedUTCms: Int64) {
        self.contentKey = contentKey; self.fileName = fileName; self.format = format
        self.device = device; self.importedUTCms = importedUTCms
    }

    /// The columns `init(_:)` reads, for a `WHERE` to follow: readers and the importer's store read rows alike.
    static let select = "SELECT ride_id, content_key, file_name, format, device, imported_utc_ms FROM imports"

    /// The row `select` stepped to.
    init(_ s: SQLiteStatement) {
        self.init(contentKey: s.text(at: 1), fileName: s.text(at: 2), format: s.text(at: 3),
                  device: s.isNull(at: 4) ? nil : s.text(at: 4), importedUTCms: s.int64(at: 5))
    }

    /// Where ride `id` was imported from, as `connection` sees it now; nil for a recorded ride.
    static func of(ride id: Int64, in connection: SQLiteConnection) throws(SQLiteError) -> ImportProvenance? {
        let statement = try connection.prepare(Self.select + " WHERE ride_id = ?1")
        try statement.bind(id, at: 1)
        guard try statement.step() else { return nil }
        return ImportProvenance(statement)
    }

    /// Put before the content key while an import's chunks are still being written
    /// (`RideStore.storeImport`): the file is not known as imported until its last chunk lands.
    public static let unfinishedPrefix = "unfinished:"

    /// True for a ride whose import was cut before its last chunk: the ride is not whole.
    public var isUnfinished: Bool { contentKey.hasPrefix(Self.unfinishedPrefix) }

    /// "imported from FILE (DEVICE)", the words `rides`, `show` and `dump` use; an unfinished
    /// import says so, and how to finish it.
    public var sentence: String {
        "imported from \(fileName)" + (device.map { " (\($0))" } ?? " (device not named in the file)")
            + (isUnfinished ? "; import unfinished, only part of the file is stored: import the file again to finish it" : "")
    }
}

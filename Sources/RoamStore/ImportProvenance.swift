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

    /// "imported from FILE (DEVICE)", the words `rides`, `show` and `dump` use.
    public var sentence: String {
        "imported from \(fileName)" + (device.map { " (\($0))" } ?? " (device not named in the file)")
    }
}

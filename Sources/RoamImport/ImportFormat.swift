import RoamCore

/// The file formats `import` takes, told apart by their own first bytes (a FIT header says ".FIT",
/// TCX opens `<TrainingCenterDatabase`, GPX `<gpx`), and by the name's extension when the bytes
/// say nothing (an empty or cut-short file is still named as what it claims to be). A gzip-compressed
/// file is judged on what it uncompresses to and its name without `.gz` (`RideFile`).
public enum ImportFormat: String, Sendable, CaseIterable {
    case gpx, fit, tcx

    /// The format a folder's file belongs to, from its extension alone (case-insensitive), a `.gz`
    /// after it aside: `ride.fit.gz` is a FIT file, gzip-compressed (`RideFile`).
    public static func byExtension(_ name: String) -> ImportFormat? {
        let name = withoutGzipSuffix(name)
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return ImportFormat(rawValue: name[name.index(after: dot)...].lowercased())
    }

    /// `name` without a final `.gz` (any case): the name its content is judged by.
    static func withoutGzipSuffix(_ name: String) -> String {
        name.count > 3 && name.suffix(3).lowercased() == ".gz" ? String(name.dropLast(3)) : name
    }

    /// What the file's first bytes say it is, else what its name says.
    static func sniff(_ head: [UInt8], name: String) -> ImportFormat? {
        if head.count >= 12, Array(head[8..<12]) == Array(".FIT".utf8) { return .fit }
        let text = String(decoding: head.prefix(2048), as: UTF8.self)
        if text.containsText("<TrainingCenterDatabase") { return .tcx }
        if text.containsText("<gpx") { return .gpx }
        return byExtension(name)
    }

    /// GPSBabel's name for the format.
    var gpsbabelName: String {
        switch self {
        case .gpx: return "gpx"
        case .fit: return "garmin_fit"
        case .tcx: return "gtrnctr"
        }
    }
}

import RoamCore

extension GPXTrack {
    /// Which fixes roam-board's own GPX export holds, from the mark in its metadata
    /// (`<roam:fixes>kept</roam:fixes>`, `ExportedFixes`): nil for any other file, or one of
    /// roam-board's written before the mark was, which says nothing of it.
    static func exportedFixes(_ bytes: [UInt8], prefix: String) -> ExportedFixes? {
        guard let root = UTF8Search.firstOffset(of: "<" + prefix + "gpx", in: bytes, from: 0),
              let rootEnd = UTF8Search.firstOffset(of: ">", in: bytes, from: root),
              UTF8Search.firstOffset(of: "xmlns:roam=\"\(ExportedFixes.gpxNamespace)\"", in: Array(bytes[root..<rootEnd]), from: 0) != nil,
              let metadataEnd = UTF8Search.firstOffset(of: "</" + prefix + "metadata>", in: bytes, from: rootEnd) else { return nil }
        let metadata = String(decoding: bytes[rootEnd..<metadataEnd], as: UTF8.self)
        return element("roam:" + ExportedFixes.gpxElement, in: metadata).flatMap(ExportedFixes.init(rawValue:))
    }

    /// Whether a point of roam-board's export says the rider rode through the gap before it
    /// (`moved-through-gap` in its `roam:flags`): the pipeline counted that gap's time as moving.
    static func saysMovedThroughGap(_ body: String) -> Bool {
        guard let flags = element("roam:flags", in: body) else { return false }
        return flags.split(separator: " ").contains { $0 == "moved-through-gap" }
    }
}

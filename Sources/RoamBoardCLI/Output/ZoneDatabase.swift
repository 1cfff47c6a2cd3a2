import RoamCore
import RoamSystem

/// The system's zone database (Debian's tzdata): a zone is its TZif file under /usr/share/zoneinfo,
/// read here and interpreted by `TimeZoneRules`. No ICU: the binary carries no zone data of its own.
enum ZoneDatabase {
    static let folder = "/usr/share/zoneinfo"

    /// The zone named `name` ("Europe/Berlin"), or nil when the database has no such zone (or the
    /// name could leave its folder, or the file is not a zone file).
    static func zone(_ name: String, folder: String = folder) -> LocalTime.Zone? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        let path = FilePath.join(folder, name)
        guard FileSystem.visibleKind(path) == .file, let bytes = try? FileSystem.readBytes(path),  // unreadable or no zone file: the caller refuses the zone in words
              let rules = try? TimeZoneRules(tzif: bytes) else { return nil }
        return LocalTime.Zone(identifier: name, rules: rules, file: path)
    }
}

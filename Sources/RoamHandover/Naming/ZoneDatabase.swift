import Glibc
import RoamCore
import RoamSystem

/// The system's zone database (Debian's tzdata): a zone is its TZif file under /usr/share/zoneinfo,
/// read here and interpreted by `TimeZoneRules`. No ICU: the binary carries no zone data of its own.
public enum ZoneDatabase {
    public static let folder = "/usr/share/zoneinfo"

    /// The zone named `name` ("Europe/Berlin"), or nil when the database has no such zone (no file by
    /// that name, a name that could leave its folder, a folder, or a file that is not a zone file).
    /// A zone file that is there but cannot be read (EACCES, EIO) throws, naming the file and why:
    /// it is not an unknown zone, and "is tzdata installed?" would send the rider the wrong way.
    public static func zone(_ name: String, folder: String = folder) throws(SystemError) -> LocalTime.Zone? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        let path = FilePath.join(folder, name)
        let bytes: [UInt8]
        do {
            guard try FileSystem.kind(path) == .file else { return nil }
            bytes = try FileSystem.readBytes(path)
        } catch {
            // Gone between the look and the read: still no such zone.
            if error.errno.rawValue == ENOENT || error.errno.rawValue == ENOTDIR { return nil }
            throw error
        }
        // Readable, but not a TZif file (zone.tab, a stray file): no zone of that name.
        guard let rules = try? TimeZoneRules(tzif: bytes) else { return nil }
        return LocalTime.Zone(identifier: name, rules: rules, file: path)
    }
}

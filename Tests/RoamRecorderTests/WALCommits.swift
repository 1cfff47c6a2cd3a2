import Foundation

/// Counts the transactions committed into a SQLite WAL file, read as the file format defines it
/// (sqlite.org/fileformat2.html §4.1): a 32-byte header with the page size and two salts, then
/// frames of a 24-byte header and one page. A frame whose "database size after commit" field is
/// non-zero ends a transaction; frames whose salts differ from the header's are left over from an
/// earlier generation of the file and end the count. The file is read, never written.
enum WALCommits {
    static func count(database: String) throws -> Int {
        let wal = database + "-wal"
        guard FileManager.default.fileExists(atPath: wal) else { return 0 }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wal)))
        guard bytes.count >= 32 else { return 0 }
        let magic = be32(bytes, 0)
        precondition(magic == 0x377f_0682 || magic == 0x377f_0683, "\(wal) is not a WAL file (magic \(magic))")
        let pageSize = Int(be32(bytes, 8)), salt1 = be32(bytes, 16), salt2 = be32(bytes, 20)
        var offset = 32, commits = 0
        while offset + 24 + pageSize <= bytes.count {
            guard be32(bytes, offset + 8) == salt1, be32(bytes, offset + 12) == salt2 else { break }
            if be32(bytes, offset + 4) != 0 { commits += 1 }
            offset += 24 + pageSize
        }
        return commits
    }

    private static func be32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }
}

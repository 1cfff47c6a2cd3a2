import Foundation
import RoamStore
import Testing
@testable import RoamImport

/// gzip read in memory: every member of a file (`gzip -c a b > c`), and a bound on what it uncompresses to.
@Suite struct GzipTests {
    /// `printf 'ride one\n' | gzip -c -n`, and the same of "ride two".
    static let one: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x2b, 0xca, 0x4c, 0x49, 0x55, 0xc8, 0xcf,
                               0x4b, 0xe5, 0x02, 0x00, 0xf5, 0xea, 0xaa, 0xc8, 0x09, 0x00, 0x00, 0x00]
    static let two: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x2b, 0xca, 0x4c, 0x49, 0x55, 0x28, 0x29,
                               0xcf, 0xe7, 0x02, 0x00, 0x1e, 0x4a, 0xaa, 0xa6, 0x09, 0x00, 0x00, 0x00]
    /// `head -c 2000 /dev/zero | gzip -c -n -9`: 39 bytes that uncompress to 2 000.
    static let zeros: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x63, 0x60, 0x18, 0x05, 0xa3, 0x60, 0x14,
                                 0x8c, 0x82, 0x51, 0x30, 0x0a, 0x46, 0xc1, 0x50, 0x07, 0x00, 0x44, 0xf4, 0xc9, 0x02, 0xd0, 0x07, 0x00, 0x00]

    @Test("Several members are read one after the other, as gunzip does; bytes after the last that are no member (nor zeros) are refused")
    func everyMemberIsRead() throws {
        #expect(try Gzip.inflate(Self.one + Self.two, limit: 100) == Array("ride one\nride two\n".utf8))
        #expect(throws: Gzip.Problem.self) { try Gzip.inflate(Self.one + Array("junk".utf8), limit: 100) }
        #expect(try Gzip.inflate(Self.one + [0, 0, 0], limit: 100) == Array("ride one\n".utf8), "zeros after it are padding")
        #expect(Gzip.isGzip(Self.one) && !Gzip.isGzip(Array("<gpx".utf8)))
    }

    @Test("What uncompresses beyond the limit is refused in words, before it is all held (a gzip bomb)")
    func theLimitBoundsTheOutput() throws {
        #expect(try Gzip.inflate(Self.zeros, limit: 2_000).count == 2_000)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-gzip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bomb.fit.gz")
        try Data(Self.zeros).write(to: file)
        let importer = RideImporter(store: try RideStore(path: dir.appendingPathComponent("rides.db").path))
        importer.largestUncompressedBytes = 1_999
        do {
            _ = try importer.importFile(file.path, nowUTCms: 0)
            Issue.record("a file larger than the limit once uncompressed was imported")
        } catch let error as ImportError {
            #expect(error.kind == .badFile && error.description.hasPrefix("\(file.path) uncompresses to more than 2 KiB"), "\(error)")
        }
    }
}
